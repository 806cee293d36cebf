import { LEAD_REASON_MAX, LEAD_REASON_MESSAGES, LEAD_REASON_MIN, LEAD_STATUSES, type LeadDTO, type LeadStatus, type LeadStatusEffect } from '@contract/lead'
import { positiveId } from '@contract/fields'
import { LEAD_SORTS } from '@contract/lead-list'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '../../components/Button'
import { leadStatusEffect, searchMarketers, searchOwnProducts, setLeadStatus, vendorLeadPage } from '../../api/vendor'
import { NoteDialog, type NoteRequest } from '../../components/NoteDialog'
import { formatDate, formatRupees } from '../../lib/format'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, ProductCell, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'
import { LeadFilters, leadFiltersActive, leadParams, NO_MATCHING_LEADS, useLeadFilters } from '../dashboard-shared/LeadFilters'
import { Section } from '../../components/Section'
import { STATUS_TONES } from '../dashboard-shared/LeadStatusBadge'
import { Icon } from '../dashboard-shared/StatCard'
import { useRowAction } from '../dashboard-shared/useRowAction'
import { describeStatusEffect } from './statusEffect'

/** The dialog for a status change that moves money: what it does, and the reason (required). */
function statusConfirmation(lead: LeadDTO, effect: LeadStatusEffect, done: () => void): NoteRequest {
  return {
    title: `Mark this lead ${effect.to}?`,
    intro: (
      <>
        {describeStatusEffect(effect).map((line) => (
          <p key={line} className="font-medium text-slate-900">
            {line}
          </p>
        ))}
        <p>
          {lead.Product.ProductName} · {lead.ClientName}. {effect.MarketerName || 'The influencer'} sees your reason beside the entry and can dispute it.
        </p>
      </>
    ),
    label: 'Reason',
    hint: `${LEAD_REASON_MIN} to ${LEAD_REASON_MAX} characters, shown to the influencer.`,
    confirm: `Mark ${effect.to}`,
    danger: effect.to !== 'Converted',
    maxLength: LEAD_REASON_MAX,
    problem: (text) => (text.length >= LEAD_REASON_MIN && text.length <= LEAD_REASON_MAX ? null : LEAD_REASON_MESSAGES.length),
    run: async (text) => {
      const result = await setLeadStatus(lead.LeadID, effect.to, text)
      done()
      return result
    },
  }
}

/** The vendor's leads, each with a status dropdown (Pending yellow, Lost red, Converted green). */
export function LeadsTab({ vendorId }: { vendorId: number }) {
  const filters = useLeadFilters()
  // `?lead=` is where a new-lead notice (bell or mail) opens: that one lead, until 'Show all leads'.
  const [search, setSearch] = useSearchParams()
  const onlyLead = positiveId(search.get('lead'))
  const showAll = () =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev)
      next.delete('lead')
      return next
    })
  const params = onlyLead ? { leadId: String(onlyLead) } : leadParams(filters.applied)
  const leads = usePagedList<LeadDTO>(['vendor-leads', vendorId, params], (cursor, signal) => vendorLeadPage(vendorId, params, cursor, signal))
  const { busyId, run } = useRowAction()
  const [confirming, setConfirming] = useState<NoteRequest | null>(null)
  // The changed row is updated where it stands: no reload of the list.
  const showStatus = (lead: LeadDTO, status: LeadStatus) =>
    leads.updateRow(
      (l) => l.LeadID === lead.LeadID,
      (l) => ({ ...l, Status: status }),
    )
  // A change into or out of Converted may move money: the server says how much, and when it does
  // the vendor confirms with a reason the influencer will read.
  const change = (lead: LeadDTO, status: LeadStatus) =>
    run(
      lead.LeadID,
      async () => {
        const mayMoveMoney = lead.Status !== status && (lead.Status === 'Converted' || status === 'Converted')
        const effect = mayMoveMoney ? await leadStatusEffect(lead.LeadID, status) : null
        if (effect?.reasonRequired) {
          setConfirming(statusConfirmation(lead, effect, () => showStatus(lead, status)))
          return null
        }
        return setLeadStatus(lead.LeadID, status)
      },
      () => showStatus(lead, status),
    )

  const columns: Column<LeadDTO>[] = [
    {
      label: 'Product',
      wide: true,
      noCaption: true,
      cell: (l) => <ProductCell imageUrl={l.Product.ImageURL} name={l.Product.ProductName} removed={l.Product.ProductID === null} />,
    },
    { label: 'Price', cell: (l) => formatRupees(l.Product.Price) },
    { label: 'Influencer', cell: (l) => <TextCell text={l.Marketer.MarketerName} /> },
    { label: 'Client Name', cell: (l) => <TextCell text={l.ClientName} /> },
    { label: 'Email', cell: (l) => <TextCell text={l.ClientEmail || 'N/A'} /> },
    { label: 'Phone', cell: (l) => l.ClientPhone },
    { label: 'Date', cell: (l) => formatDate(l.createdAt) },
    {
      label: 'Status',
      cell: (l) => (
        <>
          <label className="sr-only" htmlFor={`lead-status-${l.LeadID}`}>
            Status of {l.ClientName}'s lead
          </label>
          <select
            id={`lead-status-${l.LeadID}`}
            value={l.Status}
            disabled={busyId === l.LeadID}
            onChange={(e) => void change(l, e.target.value as LeadStatus)}
            className={`rounded-full border py-1 pl-3 pr-8 text-xs font-semibold focus:outline-none focus:ring-4 focus:ring-brand-100 disabled:opacity-60 ${STATUS_TONES[l.Status]}`}
          >
            {LEAD_STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </>
      ),
    },
  ]

  const usersIcon = <Icon name="users" className="size-6" />
  const empty = onlyLead
    ? { icon: usersIcon, title: 'This lead is not in your list', text: 'It may belong to another account. Show all leads to see yours.' }
    : leadFiltersActive(filters.applied)
      ? { icon: usersIcon, ...NO_MATCHING_LEADS }
      : {
          icon: usersIcon,
          title: 'No leads yet',
          text: "When a buyer fills the form on an influencer's link for one of your products, the lead shows up here.",
        }

  return (
    <Section framed={false} id="leads-title" title="Leads" subtitle="Buyers who filled the form on an influencer's link. Set the status as you work them.">
      <NoteDialog request={confirming} onClose={() => setConfirming(null)} onDone={() => undefined} />
      {onlyLead ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4">
          <p className="text-sm font-medium text-brand-900">Showing the lead from your notification.</p>
          <Button variant="secondary" size="sm" onClick={showAll}>
            Show all leads
          </Button>
        </div>
      ) : (
        <LeadFilters
          filters={filters}
          searchLabel="Search buyers"
          searchPlaceholder="Name, phone or email"
          sorts={LEAD_SORTS}
          pickers={{ product: (q, signal) => searchOwnProducts(vendorId, q, signal), influencer: searchMarketers }}
        />
      )}
      <ServerPagedTable list={leads} noun="Leads" label="Leads table" columns={columns} rowKey={(l) => l.LeadID} rowAttr="data-lead-row" empty={empty} />
    </Section>
  )
}
