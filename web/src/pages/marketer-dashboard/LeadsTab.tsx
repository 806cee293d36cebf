import type { LeadDTO } from '@contract/lead'
import { MARKETER_LEAD_SORTS } from '@contract/lead-list'
import { marketerLeadPage } from '../../api/marketers'
import { ButtonLink } from '../../components/Button'
import { formatDate, formatRupees, mask } from '../../lib/format'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, ProductCell, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'
import { LeadFilters, leadFiltersActive, leadParams, NO_MATCHING_LEADS, useLeadFilters } from '../dashboard-shared/LeadFilters'
import { Section } from '../../components/Section'
import { LeadStatusBadge } from '../dashboard-shared/LeadStatusBadge'
import { Icon } from '../dashboard-shared/StatCard'

const NA = 'N/A'
const orNA = (value: string | null | undefined) => (value?.trim() ? value : NA)
const maskedOrNA = (value: string | null | undefined) => (value ? mask(value) : NA)

// Spec 001 section 2: the columns, 'N/A' for unknown values, contact details masked to 2+2 characters.
const COLUMNS: readonly Column<LeadDTO>[] = [
  {
    label: 'Product Name',
    wide: true,
    noCaption: true,
    cell: (l) => <ProductCell imageUrl={l.Product?.ImageURL} name={orNA(l.Product?.ProductName)} removed={!l.Product || l.Product.ProductID === null} />,
  },
  { label: 'Price', cell: (l) => (l.Product?.Price ? formatRupees(l.Product.Price) : NA) },
  { label: 'Vendor Name', cell: (l) => <TextCell text={orNA(l.Vendor?.VendorName)} /> },
  { label: 'Client Name', cell: (l) => <TextCell text={orNA(l.ClientName)} /> },
  { label: 'Client Email', cell: (l) => <TextCell text={maskedOrNA(l.ClientEmail)} />, className: 'font-mono text-xs' },
  { label: 'Client Phone', cell: (l) => maskedOrNA(l.ClientPhone), className: 'font-mono text-xs' },
  { label: 'Date', cell: (l) => formatDate(l.createdAt) || NA },
  { label: 'Status', cell: (l) => <LeadStatusBadge status={l.Status} /> },
]

const NO_LEADS_YET = {
  icon: <Icon name="users" className="size-6" />,
  title: 'No leads yet',
  text: 'Copy an affiliate link from the products page and share it; every buy form filled through it shows up here.',
  action: <ButtonLink to="/products">Browse products</ButtonLink>,
}

/** The influencer's leads, read-only (spec 001 section 2). */
export function LeadsTab({ marketerId }: { marketerId: number }) {
  const filters = useLeadFilters()
  const params = leadParams(filters.applied)
  const leads = usePagedList<LeadDTO>(['marketer-leads', marketerId, params], (cursor, signal) => marketerLeadPage(marketerId, params, cursor, signal))
  return (
    <Section framed={false} id="leads-title" title="Leads" subtitle="Buyers who filled the form on your links. Contact details stay with the brand.">
      {/* The buyer's name only: their phone and email reach an influencer masked (see README). */}
      <LeadFilters filters={filters} searchLabel="Search buyers" searchPlaceholder="Buyer name" sorts={MARKETER_LEAD_SORTS} />
      <ServerPagedTable
        list={leads}
        noun="Leads"
        label="Leads"
        columns={COLUMNS}
        rowKey={(l) => l.LeadID}
        rowAttr="data-lead-row"
        empty={leadFiltersActive(filters.applied) ? { icon: <Icon name="users" className="size-6" />, ...NO_MATCHING_LEADS } : NO_LEADS_YET}
      />
    </Section>
  )
}
