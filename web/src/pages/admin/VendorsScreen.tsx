import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminVendorRow } from '@contract/admin'
import { Button } from '../../components/Button'
import { VerifiedBadge } from '../../components/VerifiedBadge'
import { formatCount, formatDate } from '../../lib/format'
import { toast } from '../../lib/toast'
import { useDocumentTitle } from '../../lib/useDocumentTitle'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'
import { adminApi, downloadJson } from './adminApi'
import { EraseDialog, type EraseRequest, ListFilters, ReasonDialog, type ReasonRequest, SelectFilter, StatusBadge } from './AdminDialogs'
import { STATUS_OPTIONS } from './InfluencersScreen'
import { useDebounced } from '../../lib/useDebounced'

/** /admin/vendors: search, page, product and lead counts; verify, suspend, export, erase. */
export default function VendorsScreen() {
  useDocumentTitle('Vendors · Admin')
  const [q, setQ] = useState('')
  const [status, setStatus] = useState('all')
  const query = useDebounced(q)
  const list = usePagedList(['admin', 'vendors', query, status], (cursor, signal) => adminApi.vendors({ q: query || undefined, status, cursor }, signal))
  const [reason, setReason] = useState<ReasonRequest | null>(null)
  const [erase, setErase] = useState<EraseRequest | null>(null)
  const reload = () => void list.reload()

  // A verified vendor sees influencers' contact details before working with them (decision 060).
  const verify = useMutation({
    mutationFn: ({ row, verified }: { row: AdminVendorRow; verified: boolean }) => adminApi.verifyVendor(row.VendorID, verified),
    onSuccess: (res) => {
      toast.success(res.message)
      reload()
    },
  })

  const exportData = useMutation({
    mutationFn: (row: AdminVendorRow) => adminApi.exportData('vendors', row.VendorID),
    onSuccess: (data, row) => {
      downloadJson(`collabkart-vendor-${row.VendorID}.json`, data)
      toast.success('Data exported')
    },
  })

  const columns: Column<AdminVendorRow>[] = [
    {
      label: 'Vendor',
      wide: true,
      cell: (r) => (
        <div className="min-w-0">
          <TextCell text={r.VendorName} className="font-semibold text-slate-900" />
          {r.suspendedReason && (
            <p className="max-w-64 truncate text-xs text-rose-700" title={r.suspendedReason}>
              Reason: {r.suspendedReason}
            </p>
          )}
        </div>
      ),
    },
    { label: 'Email', wide: true, cell: (r) => <TextCell text={r.Email} /> },
    { label: 'Mobile', cell: (r) => r.MobileNumber || '—' },
    { label: 'Products', cell: (r) => formatCount(r.products) },
    { label: 'Leads', cell: (r) => formatCount(r.leads) },
    { label: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    { label: 'Verified', cell: (r) => (r.Verified ? <VerifiedBadge label /> : <span className="text-slate-500">No</span>) },
    { label: 'Joined', cell: (r) => formatDate(r.createdAt) },
    {
      label: 'Actions',
      hideLabel: true,
      wide: true,
      cell: (r) => (
        <div className="flex flex-wrap gap-2">
          {r.status === 'active' && (
            <Button
              size="sm"
              variant="danger"
              aria-label={`Suspend ${r.VendorName}`}
              onClick={() =>
                setReason({
                  title: `Suspend ${r.VendorName}`,
                  intro: 'They cannot sign in, their products leave every public list and their buy links stop taking leads.',
                  confirm: 'Suspend',
                  danger: true,
                  done: 'Account suspended',
                  run: (reasonText) => adminApi.suspend('vendors', r.VendorID, reasonText),
                })
              }
            >
              Suspend
            </Button>
          )}
          {r.status === 'suspended' && (
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Reinstate ${r.VendorName}`}
              onClick={() =>
                setReason({
                  title: `Reinstate ${r.VendorName}`,
                  intro: 'They can sign in again and their products return as they had them.',
                  confirm: 'Reinstate',
                  done: 'Account reinstated',
                  run: (reasonText) => adminApi.reinstate('vendors', r.VendorID, reasonText),
                })
              }
            >
              Reinstate
            </Button>
          )}
          {r.status === 'active' && (
            <Button
              size="sm"
              variant="secondary"
              aria-label={`${r.Verified ? 'Remove verification of' : 'Verify'} ${r.VendorName}`}
              onClick={() => verify.mutate({ row: r, verified: !r.Verified })}
            >
              {r.Verified ? 'Unverify' : 'Verify'}
            </Button>
          )}
          <Button size="sm" variant="secondary" aria-label={`Export data of ${r.VendorName}`} onClick={() => exportData.mutate(r)}>
            Export data
          </Button>
          {r.status !== 'erased' && (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Erase personal data of ${r.VendorName}`}
              onClick={() =>
                setErase({
                  kind: 'vendor',
                  id: r.VendorID,
                  name: r.VendorName,
                  email: r.Email,
                  run: (email, reason, requestId) => adminApi.erase('vendors', r.VendorID, email, reason, requestId),
                })
              }
            >
              Erase
            </Button>
          )}
        </div>
      ),
    },
  ]

  return (
    <div>
      <h1 id="vendors-title" className="mb-4 text-2xl font-bold text-slate-900">
        Vendors
      </h1>
      <ListFilters label="Search by name, email or phone" q={q} onQ={setQ}>
        <SelectFilter label="Status" value={status} options={STATUS_OPTIONS} onChange={setStatus} />
      </ListFilters>
      <ServerPagedTable
        list={list}
        noun="Vendors"
        label="Vendors"
        columns={columns}
        rowKey={(r) => r.VendorID}
        rowAttr="data-vendor"
        empty={{ icon: null, title: 'No vendors found', text: query ? 'No vendor matches this search.' : 'No vendor has signed up yet.' }}
      />
      <ReasonDialog request={reason} onClose={() => setReason(null)} onDone={reload} />
      <EraseDialog request={erase} onClose={() => setErase(null)} onDone={reload} />
    </div>
  )
}
