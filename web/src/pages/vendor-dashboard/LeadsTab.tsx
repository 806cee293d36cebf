import { useState } from 'react'
import { LEAD_STATUSES, type LeadDTO, type LeadStatus } from '@contract/lead'
import { errorMessage } from '../../api/client'
import { listVendorLeads, setLeadStatus } from '../../api/vendor'
import { EmptyState } from '../../components/EmptyState'
import { pageSlice, Pagination } from '../../components/Pagination'
import { formatDate, formatRupees } from '../../lib/format'
import { toast } from '../../lib/toast'
import { ProductCell, TableCard, Td, Th } from '../dashboard-shared/DataTable'
import { ListState, SectionHeader, usePage } from '../dashboard-shared/ListState'
import { STATUS_TONES } from '../dashboard-shared/LeadStatusBadge'
import { Icon } from '../dashboard-shared/StatCard'
import { useLoad } from '../dashboard-shared/useLoad'

/** The vendor's leads, each with a status dropdown (Pending yellow, Lost red, Converted green). */
export function LeadsTab({ vendorId }: { vendorId: number }) {
  const leads = useLoad(() => listVendorLeads(vendorId), `leads-${vendorId}`)
  const [current, setPage] = usePage(leads.data?.length ?? 0)
  const [busyId, setBusyId] = useState<number | null>(null)

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
      <SectionHeader id="leads-title" title="Leads" subtitle="Buyers who filled the form on an influencer's link. Set the status as you work them." />
      <ListState
        list={leads}
        noun="Leads"
        empty={<EmptyState icon={<Icon name="users" className="size-6" />} title="No leads yet" text="When a buyer fills the form on an influencer's link for one of your products, the lead shows up here." />}
      >
        {(rows) => (
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
                    <ProductCell imageUrl={lead.Product.ImageURL} name={lead.Product.ProductName} />
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
      </ListState>
    </section>
  )
}
