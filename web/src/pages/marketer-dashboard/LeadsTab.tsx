import { listMarketerLeads } from '../../api/marketer'
import { ButtonLink } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { pageSlice, Pagination } from '../../components/Pagination'
import { formatDate, formatRupees, mask } from '../../lib/format'
import { ProductCell, TableCard, Td, Th } from '../dashboard-shared/DataTable'
import { ListState, SectionHeader, usePage } from '../dashboard-shared/ListState'
import { LeadStatusBadge } from '../dashboard-shared/LeadStatusBadge'
import { Icon } from '../dashboard-shared/StatCard'
import { useLoad } from '../dashboard-shared/useLoad'

const NA = 'N/A'
const orNA = (value: string | null | undefined) => (value && value.trim() ? value : NA)

/** The influencer's leads, read-only, client contact details masked (spec 001 section 2). */
export function LeadsTab({ marketerId }: { marketerId: number }) {
  const leads = useLoad(() => listMarketerLeads(marketerId), `leads-${marketerId}`)
  const [current, setPage] = usePage(leads.data?.length ?? 0)
  return (
    <section aria-labelledby="leads-title">
      <SectionHeader id="leads-title" title="Leads" subtitle="Buyers who filled the form on your links. Contact details stay with the brand." />
      <ListState
        list={leads}
        noun="Leads"
        empty={
          <EmptyState
            icon={<Icon name="users" className="size-6" />}
            title="No leads yet"
            text="Copy an affiliate link from the products page and share it; every buy form filled through it shows up here."
            action={<ButtonLink to="/products">Browse products</ButtonLink>}
          />
        }
      >
        {(rows) => (
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
              {pageSlice(rows, current).map((lead) => (
                <tr key={lead.LeadID} data-lead-row={lead.LeadID}>
                  <Td>
                    <ProductCell imageUrl={lead.Product?.ImageURL} name={orNA(lead.Product?.ProductName)} />
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
              ))}
            </tbody>
          </TableCard>
        )}
      </ListState>
    </section>
  )
}
