import { useState } from 'react'
import { LEAD_STATUSES, type LeadDTO, type LeadStatus } from '@contract/lead'
import { errorMessage } from '../../api/client'
import { listVendorLeads, setLeadStatus } from '../../api/vendor'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { pageCount, pageSlice, Pagination } from '../../components/Pagination'
import { LoadingRegion, Skeleton } from '../../components/Skeleton'
import { formatDate, formatRupees, imageList, mediaUrl } from '../../lib/format'
import { toast } from '../../lib/toast'
import { TableCard, Td, Th, Thumb } from '../dashboard-shared/DataTable'
import { STATUS_TONES } from '../dashboard-shared/LeadStatusBadge'
import { useLoad } from '../dashboard-shared/useLoad'

/** The vendor's leads, each with a status dropdown (Pending yellow, Lost red, Converted green). */
export function LeadsTab({ vendorId }: { vendorId: number }) {
  const leads = useLoad(() => listVendorLeads(vendorId), `leads-${vendorId}`)
  const [page, setPage] = useState(1)
  const [busyId, setBusyId] = useState<number | null>(null)
  const rows = leads.data ?? []
  const current = Math.min(page, pageCount(rows.length))

  async function change(lead: LeadDTO, status: LeadStatus) {
    setBusyId(lead.LeadID)
    try {
      const res = await setLeadStatus(lead.LeadID, status)
      toast.success(res.message)
      await leads.reload()
    } catch (err) {
      toast.error(errorMessage(err))
    } finally {
      setBusyId(null)
    }
  }

  return (
    <section aria-labelledby="leads-title">
      <div className="mb-4">
        <h2 id="leads-title" className="text-lg font-bold text-slate-900">
          Leads
        </h2>
        <p className="text-sm text-slate-500">Buyers who filled the form on an influencer's link. Set the status as you work them.</p>
      </div>
      {leads.loading && !leads.data ? (
        <LoadingRegion label="Loading leads" className="space-y-2">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </LoadingRegion>
      ) : leads.error && !leads.data ? (
        <EmptyState title="Leads could not be loaded" text={leads.error} action={<Button onClick={() => void leads.reload()}>Try again</Button>} />
      ) : rows.length === 0 ? (
        <EmptyState title="No leads yet" text="When a buyer fills the form on an influencer's link for one of your products, the lead shows up here." />
      ) : (
        <TableCard label="Leads" footer={<Pagination page={current} total={rows.length} onPage={setPage} label="Leads pages" />}>
          <thead>
            <tr>
              <Th>Product</Th>
              <Th>Price</Th>
              <Th>Influencer</Th>
              <Th>Client Name</Th>
              <Th>Email</Th>
              <Th>Phone</Th>
              <Th>Date</Th>
              <Th>Status</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {pageSlice(rows, current).map((lead) => (
              <tr key={lead.LeadID} data-lead-row={lead.LeadID}>
                <Td>
                  <div className="flex items-center gap-3">
                    <Thumb src={mediaUrl(imageList(lead.Product.ImageURL)[0])} alt={lead.Product.ProductName} />
                    <span className="max-w-48 truncate font-medium text-slate-900" title={lead.Product.ProductName}>
                      {lead.Product.ProductName}
                    </span>
                  </div>
                </Td>
                <Td>{formatRupees(lead.Product.Price)}</Td>
                <Td>{lead.Marketer.MarketerName}</Td>
                <Td>{lead.ClientName}</Td>
                <Td>{lead.ClientEmail || 'N/A'}</Td>
                <Td>{lead.ClientPhone}</Td>
                <Td>{formatDate(lead.createdAt)}</Td>
                <Td>
                  <label className="sr-only" htmlFor={`lead-status-${lead.LeadID}`}>
                    Status of {lead.ClientName}'s lead
                  </label>
                  <select
                    id={`lead-status-${lead.LeadID}`}
                    value={lead.Status}
                    disabled={busyId === lead.LeadID}
                    onChange={(e) => void change(lead, e.target.value as LeadStatus)}
                    className={`rounded-full border py-1 pl-3 pr-8 text-xs font-semibold focus:outline-none focus:ring-4 focus:ring-brand-100 disabled:opacity-60 ${STATUS_TONES[lead.Status]}`}
                  >
                    {LEAD_STATUSES.map((s) => (
                      <option key={s}>{s}</option>
                    ))}
                  </select>
                </Td>
              </tr>
            ))}
          </tbody>
        </TableCard>
      )}
    </section>
  )
}
