import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminMarketerRow } from '@contract/admin'
import { ACCOUNT_STATUSES } from '@contract/admin'
import { Button } from '../../components/Button'
import { Modal } from '../../components/Modal'
import { VerifiedBadge } from '../../components/VerifiedBadge'
import { formatCount, formatDate } from '../../lib/format'
import { toast } from '../../lib/toast'
import { useDocumentTitle } from '../../lib/useDocumentTitle'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'
import { MarketerProfileView } from '../influencer-profile/InfluencerProfileView'
import { adminApi, downloadJson, type MarketerDetail } from './adminApi'
import { EraseDialog, type EraseRequest, ListFilters, ReasonDialog, type ReasonRequest, SelectFilter, StatusBadge } from './AdminDialogs'
import { useDebounced } from '../../lib/useDebounced'

export const STATUS_OPTIONS = ACCOUNT_STATUSES.map((s) => [s, s === 'all' ? 'Everyone' : s === 'active' ? 'Active' : 'Suspended'] as const)

/** /admin/influencers: search, page, open one; verify, suspend, export, erase. */
export default function MarketersScreen() {
  useDocumentTitle('Influencers · Admin')
  const [q, setQ] = useState('')
  const [status, setStatus] = useState('all')
  const query = useDebounced(q)
  const list = usePagedList(['admin', 'influencers', query, status], (cursor, signal) =>
    adminApi.influencers({ q: query || undefined, status, cursor }, signal),
  )
  const [openId, setOpenId] = useState<number | null>(null)

  const columns: Column<AdminMarketerRow>[] = [
    { label: 'Name', wide: true, cell: (r) => <TextCell text={r.MarketerName} className="font-semibold text-slate-900" /> },
    { label: 'Email', wide: true, cell: (r) => <TextCell text={r.Email} /> },
    { label: 'Handle', cell: (r) => <TextCell text={r.handle ?? '—'} /> },
    { label: 'Reach', cell: (r) => formatCount(r.totalReachRaw) },
    { label: 'Verified', cell: (r) => (r.Verified ? <VerifiedBadge label /> : <span className="text-slate-500">No</span>) },
    { label: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    { label: 'Joined', cell: (r) => formatDate(r.DateCreated) },
    {
      label: 'Actions',
      hideLabel: true,
      cell: (r) => (
        <Button size="sm" variant="secondary" onClick={() => setOpenId(r.MarketerID)} aria-label={`Open ${r.MarketerName}`}>
          Open
        </Button>
      ),
    },
  ]

  return (
    <div>
      <h1 id="influencers-title" className="mb-4 text-2xl font-bold text-slate-900">
        Influencers
      </h1>
      <ListFilters label="Search by name, email, handle or phone" q={q} onQ={setQ}>
        <SelectFilter label="Status" value={status} options={STATUS_OPTIONS} onChange={setStatus} />
      </ListFilters>
      <ServerPagedTable
        list={list}
        noun="Influencers"
        label="Influencers"
        columns={columns}
        rowKey={(r) => r.MarketerID}
        rowAttr="data-influencer"
        empty={{ icon: null, title: 'No influencers found', text: query ? 'No influencer matches this search.' : 'Nobody has signed up as an influencer yet.' }}
      />
      <MarketerDialog id={openId} onClose={() => setOpenId(null)} onChanged={() => void list.reload()} />
    </div>
  )
}

function MarketerDialog({ id, onClose, onChanged }: { id: number | null; onClose: () => void; onChanged: () => void }) {
  const client = useQueryClient()
  const [reason, setReason] = useState<ReasonRequest | null>(null)
  const [erase, setErase] = useState<EraseRequest | null>(null)

  // Fresh at each opening (the last answer for this influencer shows meanwhile); a failure is toasted.
  const detail = useQuery({
    queryKey: ['admin', 'influencer', id],
    queryFn: () => adminApi.influencer(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
    meta: { errorToast: true },
  })
  const d = id === null ? null : (detail.data ?? null)
  const refresh = () => {
    onChanged()
    void detail.refetch()
  }

  const verify = useMutation({
    mutationFn: ({ target, verified }: { target: number; verified: boolean }) => adminApi.verify(target, verified),
    onSuccess: (res, { target }) => {
      client.setQueryData<MarketerDetail>(['admin', 'influencer', target], res.data)
      toast.success(res.message)
      onChanged()
    },
  })

  const exportData = useMutation({
    mutationFn: (target: number) => adminApi.exportData('influencers', target),
    onSuccess: (data, target) => {
      downloadJson(`collabkart-influencer-${target}.json`, data)
      toast.success('Data exported')
    },
  })

  const m = d?.marketer
  return (
    <>
      <Modal open={id !== null && !reason && !erase} title={m ? m.MarketerName : 'Influencer'} onClose={onClose} size="xl">
        {!d || !m ? (
          <p role="status" className="text-sm text-slate-500">
            Loading…
          </p>
        ) : (
          <div className="space-y-5">
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <StatusBadge status={d.status} />
              <span>Influencer #{m.MarketerID}</span>
            </div>
            {d.suspendedReason && <p className="rounded-xl bg-rose-50 p-3 text-sm text-rose-800">Suspended: {d.suspendedReason}</p>}
            <dl className="grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 p-4 text-sm sm:grid-cols-2" aria-label="Contact details">
              <div>
                <dt className="font-medium text-slate-500">Email</dt>
                <dd className="break-all text-slate-900">{m.Email || '—'}</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-500">Mobile</dt>
                <dd className="text-slate-900">{m.MobileNumber || '—'}</dd>
              </div>
            </dl>
            <div className="flex flex-wrap gap-2 border-b border-slate-100 pb-5">
              {d.status !== 'erased' &&
                (m.Verified ? (
                  <Button variant="secondary" busy={verify.isPending} onClick={() => verify.mutate({ target: m.MarketerID, verified: false })}>
                    Remove verification
                  </Button>
                ) : (
                  <Button busy={verify.isPending} onClick={() => verify.mutate({ target: m.MarketerID, verified: true })}>
                    Verify
                  </Button>
                ))}
              {d.status === 'active' && (
                <Button
                  variant="danger"
                  onClick={() =>
                    setReason({
                      title: 'Suspend influencer',
                      intro: 'They cannot sign in, leave the directory, and their links stop.',
                      confirm: 'Suspend',
                      danger: true,
                      done: 'Account suspended',
                      run: (r) => adminApi.suspend('influencers', m.MarketerID, r),
                    })
                  }
                >
                  Suspend
                </Button>
              )}
              {d.status === 'suspended' && (
                <Button
                  variant="secondary"
                  onClick={() =>
                    setReason({
                      title: 'Reinstate influencer',
                      intro: 'They can sign in again and return to the directory.',
                      confirm: 'Reinstate',
                      done: 'Account reinstated',
                      run: (r) => adminApi.reinstate('influencers', m.MarketerID, r),
                    })
                  }
                >
                  Reinstate
                </Button>
              )}
              <Button variant="secondary" onClick={() => exportData.mutate(m.MarketerID)}>
                Export data
              </Button>
              {d.status !== 'erased' && m.Email && (
                <Button
                  variant="ghost"
                  onClick={() =>
                    setErase({
                      kind: 'influencer',
                      id: m.MarketerID,
                      name: m.MarketerName,
                      email: m.Email ?? '',
                      run: (email, reason, requestId) => adminApi.erase('influencers', m.MarketerID, email, reason, requestId),
                    })
                  }
                >
                  Erase personal data
                </Button>
              )}
            </div>
            {/* What the public sees at /influencer/{id} (a suspended influencer's page answers 'Influencer Not Found' there). */}
            <MarketerProfileView profile={d} />
          </div>
        )}
      </Modal>
      <ReasonDialog request={reason} onClose={() => setReason(null)} onDone={refresh} />
      <EraseDialog request={erase} onClose={() => setErase(null)} onDone={refresh} />
    </>
  )
}
