import { CAMPAIGN_STATUSES, type CampaignDTO, type CampaignStatus } from '@contract/campaigns'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { listCampaigns } from '../../api/campaigns'
import { Button } from '../../components/Button'
import { SelectField, TextField } from '../../components/Field'
import { useDebounced } from '../../lib/useDebounced'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'
import { Section } from '../../components/Section'
import { Icon } from '../dashboard-shared/StatCard'
import { CampaignFormModal } from './CampaignFormModal'
import { CampaignStatusBadge, dateRange, rewardText } from './campaignText'
import { VendorCampaignPage } from './VendorCampaignPage'

/** The open campaign lives in `?campaign=`, so a reload or the back button keeps it. */
function useOpenCampaign(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams()
  const raw = Number(params.get('campaign'))
  const id = Number.isSafeInteger(raw) && raw > 0 ? raw : null
  const open = (next: number | null) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev)
      p.delete('view')
      if (next === null) p.delete('campaign')
      else p.set('campaign', String(next))
      return p
    })
  return [id, open]
}

/** The vendor's 'Campaigns' tab: their campaigns (paged, filtered, searched), a new one, or one campaign's page. */
export function VendorCampaignsTab({ vendorId }: { vendorId: number }) {
  const [openId, setOpenId] = useOpenCampaign()
  if (openId !== null) return <VendorCampaignPage campaignId={openId} onBack={() => setOpenId(null)} />
  return <CampaignList vendorId={vendorId} onOpen={setOpenId} />
}

function CampaignList({ vendorId, onOpen }: { vendorId: number; onOpen: (id: number) => void }) {
  const [status, setStatus] = useState<CampaignStatus | ''>('')
  const [text, setText] = useState('')
  const q = useDebounced(text.trim(), 300)
  const [creating, setCreating] = useState(false)
  const filters = { status, q }
  const list = usePagedList<CampaignDTO>(['campaigns', 'vendor', vendorId, filters], (cursor, signal) => listCampaigns(filters, cursor, signal))

  const columns: Column<CampaignDTO>[] = [
    {
      label: 'Campaign',
      wide: true,
      noCaption: true,
      cell: (c) => (
        <span className="block whitespace-normal">
          <TextCell text={c.Title} className="font-semibold text-slate-900" />
          <span className="text-xs text-slate-500">{c.Access === 'Open' ? 'Open to applications' : 'Invite only'}</span>
        </span>
      ),
    },
    { label: 'Status', cell: (c) => <CampaignStatusBadge status={c.Status} /> },
    { label: 'Reward', cell: (c) => <span className="block whitespace-normal sm:max-w-40">{rewardText(c)}</span> },
    { label: 'Deliverables', cell: (c) => <span className="block whitespace-normal sm:max-w-40">{c.DeliverablesText}</span> },
    { label: 'Dates', cell: (c) => <span className="block whitespace-normal sm:max-w-36">{dateRange(c.StartsOn, c.EndsOn)}</span> },
    {
      label: 'Creators',
      cell: (c) => (
        <span>
          {c.AcceptedCount} of {c.CreatorsWanted} accepted
          {c.AppliedCount > 0 && <span className="block text-xs font-semibold text-amber-700">{c.AppliedCount} waiting</span>}
        </span>
      ),
    },
    {
      label: 'Open',
      hideLabel: true,
      className: 'max-sm:col-span-2',
      cell: (c) => (
        <Button size="sm" variant="secondary" onClick={() => onOpen(c.CampaignID)} aria-label={`Open ${c.Title}`}>
          Open
        </Button>
      ),
    },
  ]

  return (
    <Section
      framed={false}
      id="campaigns-title"
      title="Campaigns"
      subtitle="Briefs with products, a reward and deliverables, for creators you choose."
      action={
        <Button onClick={() => setCreating(true)}>
          <Icon name="plus" className="size-4" />
          New campaign
        </Button>
      }
    >
      <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <TextField label="Search campaigns" type="search" placeholder="Title" value={text} onChange={(e) => setText(e.target.value)} />
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as CampaignStatus | '')}>
          <option value="">All</option>
          {CAMPAIGN_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </SelectField>
      </div>
      <ServerPagedTable
        list={list}
        noun="Campaigns"
        label="Your campaigns"
        columns={columns}
        rowKey={(c) => c.CampaignID}
        rowAttr="data-campaign-row"
        empty={
          status || q
            ? { icon: <Icon name="box" className="size-6" />, title: 'No campaigns match', text: 'Try another status or search.' }
            : {
                icon: <Icon name="users" className="size-6" />,
                title: 'No campaigns yet',
                text: 'Write a brief, pick products and a reward, and invite creators or let them apply.',
                action: <Button onClick={() => setCreating(true)}>New campaign</Button>,
              }
        }
      />
      {creating && (
        <CampaignFormModal
          vendorId={vendorId}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            void list.reload()
            onOpen(id)
          }}
        />
      )}
    </Section>
  )
}
