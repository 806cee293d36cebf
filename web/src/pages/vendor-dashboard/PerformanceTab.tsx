import type { Period, VendorPerformanceRow, VendorPerformanceView } from '@contract/performance'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { fetchPerformanceCsv, listVendorPerformance } from '../../api/performance'
import { Button } from '../../components/Button'
import { marketerPagePath } from '@contract/paths'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'
import { Section } from '../../components/Section'
import { formatCount, formatMoney, formatRate, PeriodSelect, SortControls, useTableSort } from '../dashboard-shared/Performance'
import { Icon } from '../dashboard-shared/StatCard'
import { saveFile } from '../../lib/download'

const figureColumns: readonly Column<VendorPerformanceRow>[] = [
  { label: 'Impressions', sortKey: 'impressions', cell: (r) => formatCount(r.impressions) },
  { label: 'Leads', sortKey: 'leads', cell: (r) => formatCount(r.leads) },
  { label: 'Conversions', sortKey: 'conversions', cell: (r) => formatCount(r.conversions) },
  { label: 'Conversion rate', sortKey: 'conversionRate', cell: (r) => formatRate(r.conversionRate) },
  { label: 'Revenue', sortKey: 'revenue', cell: (r) => formatMoney(r.revenue) },
  { label: 'Commission', sortKey: 'commission', cell: (r) => formatMoney(r.commission) },
]

const VIEWS: Record<
  VendorPerformanceView,
  { title: string; subtitle: string; nameLabel: string; columns: readonly Column<VendorPerformanceRow>[]; emptyText: string }
> = {
  influencers: {
    title: 'By influencer',
    subtitle: 'Influencers whose links to your products were opened or brought leads in the period.',
    nameLabel: 'Influencer',
    emptyText: 'No influencer link to your products was opened in this period.',
    columns: [
      {
        label: 'Influencer',
        sortKey: 'name',
        wide: true,
        cell: (r) => (
          <Link to={marketerPagePath(r.id)} className="font-medium text-brand-700 hover:underline">
            <TextCell text={r.name} />
          </Link>
        ),
      },
      ...figureColumns,
    ],
  },
  products: {
    title: 'By product',
    subtitle: 'Every one of your products, switched-off ones included.',
    nameLabel: 'Product',
    emptyText: 'Add a product and share it with influencers to see its figures here.',
    columns: [
      { label: 'Product', sortKey: 'name', wide: true, cell: (r) => <TextCell text={r.name} className="font-medium text-slate-900" /> },
      ...figureColumns,
    ],
  },
}

function sortChoices(nameLabel: string) {
  return [
    { key: 'name', label: nameLabel },
    { key: 'impressions', label: 'Impressions' },
    { key: 'leads', label: 'Leads' },
    { key: 'conversions', label: 'Conversions' },
    { key: 'conversionRate', label: 'Conversion rate' },
    { key: 'revenue', label: 'Revenue' },
    { key: 'commission', label: 'Commission' },
  ]
}

function PerformanceTable({ view, vendorId, period }: { view: VendorPerformanceView; vendorId: number; period: Period }) {
  const config = VIEWS[view]
  const sort = useTableSort('impressions')
  const query = { period, sort: sort.sort, order: sort.order }
  const list = usePagedList(['performance', vendorId, view, query], (cursor, signal) => listVendorPerformance(view, query, cursor, signal))
  const exportCsv = useMutation({
    mutationFn: () => fetchPerformanceCsv(view, query),
    onSuccess: ({ blob, name }) => saveFile(blob, name),
  })
  return (
    <Section
      framed={false}
      className="mt-8 first:mt-0"
      id={`performance-${view}`}
      title={config.title}
      subtitle={config.subtitle}
      action={
        <Button variant="secondary" size="sm" onClick={() => exportCsv.mutate()} busy={exportCsv.isPending} className="whitespace-nowrap">
          Export CSV<span className="sr-only"> {config.title.toLowerCase()}</span>
        </Button>
      }
    >
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SortControls idPrefix={`performance-${view}`} choices={sortChoices(config.nameLabel)} sort={sort} />
      </div>
      <ServerPagedTable
        list={list}
        noun={config.title}
        label={`Performance ${config.title.toLowerCase()}`}
        columns={config.columns}
        rowKey={(r) => r.id}
        rowAttr="data-performance-row"
        sort={sort.table}
        empty={{ icon: <Icon name="users" className="size-6" />, title: 'Nothing in this period', text: config.emptyText }}
      />
    </Section>
  )
}

/** Which influencers and products bring the vendor leads, over a period; CSV of both. */
export function PerformanceTab({ vendorId }: { vendorId: number }) {
  const [period, setPeriod] = useState<Period>('30')
  return (
    <div>
      <div className="mb-6">
        <PeriodSelect value={period} onChange={setPeriod} />
      </div>
      <PerformanceTable view="influencers" vendorId={vendorId} period={period} />
      <PerformanceTable view="products" vendorId={vendorId} period={period} />
    </div>
  )
}
