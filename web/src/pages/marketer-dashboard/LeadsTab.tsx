import { useState } from 'react'
import { listMarketerLeads } from '../../api/marketer'
import { Button } from '../../components/Button'
import { ButtonLink } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { pageCount, pageSlice, Pagination } from '../../components/Pagination'
import { LoadingRegion, Skeleton } from '../../components/Skeleton'
import { formatDate, formatRupees, imageList, mask, mediaUrl } from '../../lib/format'
import { TableCard, Td, Th, Thumb } from '../dashboard-shared/DataTable'
import { LeadStatusBadge } from '../dashboard-shared/LeadStatusBadge'
import { useLoad } from '../dashboard-shared/useLoad'

const NA = 'N/A'
const orNA = (value: string | null | undefined) => (value && value.trim() ? value : NA)

/** The influencer's leads, read-only, client contact details masked (spec 001 section 2). */
export function LeadsTab({ marketerId }: { marketerId: number }) {
  const leads = useLoad(() => listMarketerLeads(marketerId), `leads-${marketerId}`)
  const [page, setPage] = useState(1)
  const rows = leads.data ?? []
  const current = Math.min(page, pageCount(rows.length))
  return (
    <section aria-labelledby="leads-title">
      <div className="mb-4">
        <h2 id="leads-title" className="text-lg font-bold text-slate-900">
          Leads
        </h2>
        <p className="text-sm text-slate-500">Buyers who filled the form on your links. Contact details stay with the brand.</p>
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
        <EmptyState title="No leads yet" text="Copy an affiliate link from the products page and share it; every buy form filled through it shows up here." action={<ButtonLink to="/products">Browse products</ButtonLink>} />
      ) : (
        <TableCard label="Leads" footer={<Pagination page={current} total={rows.length} onPage={setPage} label="Leads pages" />}>
          <thead>
            <tr>
              <Th>Product Name</Th>
              <Th>Price</Th>
              <Th>Vendor Name</Th>
              <Th>Client Name</Th>
              <Th>Client Email</Th>
              <Th>Client Phone</Th>
              <Th>Date</Th>
              <Th>Status</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {pageSlice(rows, current).map((lead) => {
              const image = imageList(lead.Product?.ImageURL)[0]
              return (
                <tr key={lead.LeadID} data-lead-row={lead.LeadID}>
                  <Td>
                    <div className="flex items-center gap-3">
                      <Thumb src={mediaUrl(image)} alt={orNA(lead.Product?.ProductName)} />
                      <span className="max-w-48 truncate font-medium text-slate-900">{orNA(lead.Product?.ProductName)}</span>
                    </div>
                  </Td>
                  <Td>{lead.Product?.Price ? formatRupees(lead.Product.Price) : NA}</Td>
                  <Td>{orNA(lead.Vendor?.VendorName)}</Td>
                  <Td>{orNA(lead.ClientName)}</Td>
                  <Td className="font-mono text-xs">{lead.ClientEmail ? mask(lead.ClientEmail) : NA}</Td>
                  <Td className="font-mono text-xs">{lead.ClientPhone ? mask(lead.ClientPhone) : NA}</Td>
                  <Td>{formatDate(lead.createdAt) || NA}</Td>
                  <Td>
                    <LeadStatusBadge status={lead.Status} />
                  </Td>
                </tr>
              )
            })}
          </tbody>
        </TableCard>
      )}
    </section>
  )
}
