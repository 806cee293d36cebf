import type { LinkPerformanceRow, Period, SubPerformanceRow } from '@contract/performance'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { listMyLinks, listMySubs } from '../../api/performance'
import { ButtonLink } from '../../components/Button'
import { ShareActions } from '../../components/ShareActions'
import { formatRupees } from '../../lib/format'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, DataTable, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'
import { Section } from '../../components/Section'
import { formatCount, formatMoney, formatRate, PeriodSelect, SortControls, useTableSort } from '../dashboard-shared/Performance'
import { Icon } from '../dashboard-shared/StatCard'
import type { CodeDTO } from '@contract/coupons'
import { listMyCodes } from '../../api/coupons'
import { codeColumn, codeTermsColumns } from '../dashboard-shared/codeColumns'

const CODE_COLUMNS: readonly Column<CodeDTO>[] = [
  codeColumn,
  { label: 'Brand', cell: (c) => <TextCell text={c.VendorName} /> },
  ...codeTermsColumns,
  { label: 'Status', cell: (c) => (c.Active ? 'On' : 'Switched off by the brand') },
]

/** The codes brands gave the creator, what each gives buyers, its window and its uses. */
function MyCodes({ marketerId }: { marketerId: number }) {
  const list = usePagedList(['my-codes', marketerId], (cursor, signal) => listMyCodes(cursor, signal))
  return (
    <Section
      framed={false}
      className="mt-8"
      id="codes-title"
      title="My creator codes"
      subtitle="Codes brands gave you. A buyer who types one on the buy page, or uses it in the brand's store, is your lead."
    >
      <ServerPagedTable
        list={list}
        noun="Creator codes"
        label="Your creator codes and their uses"
        columns={CODE_COLUMNS}
        rowKey={(c) => c.CodeID}
        rowAttr="data-code-row"
        empty={{
          icon: <Icon name="users" className="size-6" />,
          title: 'No creator codes yet',
          text: 'When a brand gives you a coupon code, it shows here with its uses.',
        }}
      />
    </Section>
  )
}

const SORTS = [
  { key: 'name', label: 'Product' },
  { key: 'impressions', label: 'Impressions' },
  { key: 'leads', label: 'Leads' },
  { key: 'conversions', label: 'Conversions' },
  { key: 'conversionRate', label: 'Conversion rate' },
  { key: 'commission', label: 'Commission earned' },
] as const

const COLUMNS: readonly Column<LinkPerformanceRow>[] = [
  {
    label: 'Product',
    sortKey: 'name',
    wide: true,
    cell: (r) => (
      <span className="block whitespace-normal">
        <TextCell text={r.ProductName} className="font-medium text-slate-900" />
        <span className="text-xs text-slate-500">{formatRupees(r.Price)}</span>
        {/* Under the name, not a column of its own: the row then fits 1280 px with its share actions. */}
        <span className="block font-mono text-xs text-brand-800 wrap-anywhere">{r.ShortLink.replace(/^https?:\/\//, '')}</span>
      </span>
    ),
  },
  { label: 'Impressions', sortKey: 'impressions', cell: (r) => formatCount(r.impressions) },
  { label: 'Leads', sortKey: 'leads', cell: (r) => formatCount(r.leads) },
  { label: 'Conversions', sortKey: 'conversions', cell: (r) => formatCount(r.conversions) },
  { label: 'Conversion rate', sortKey: 'conversionRate', cell: (r) => formatRate(r.conversionRate) },
  { label: 'Commission earned', sortKey: 'commission', cell: (r) => formatMoney(r.commission) },
  {
    label: 'Share',
    hideLabel: true,
    wide: true,
    cell: (r) => <ShareActions productName={r.ProductName} price={r.Price} shortLink={r.ShortLink} link={r.Link} className="sm:min-w-44" />,
  },
]

const SUB_COLUMNS: readonly Column<SubPerformanceRow>[] = [
  { label: 'Product', wide: true, cell: (r) => <TextCell text={r.ProductName} className="font-medium text-slate-900" /> },
  { label: 'Sub-ID', cell: (r) => <span className="font-mono text-xs wrap-anywhere">{r.sub}</span> },
  { label: 'Clicks', cell: (r) => formatCount(r.clicks) },
  { label: 'Leads', cell: (r) => formatCount(r.leads) },
  { label: 'Conversions', cell: (r) => formatCount(r.conversions) },
  { label: 'Commission earned', cell: (r) => formatMoney(r.commission) },
]

/** The links shared with a sub-ID (`?sub=ig-reel-12`), all time, most clicks first (decision 291). */
function SubIds() {
  const subs = useQuery({ queryKey: ['my-links', 'subs'], queryFn: ({ signal }) => listMySubs(signal) })
  return (
    <Section
      framed={false}
      className="mt-8"
      id="subs-title"
      title="Sub-ID"
      subtitle="Add ?sub= and a name of your own (letters, digits, . _ -, up to 64) to a link to see which post or reel brought its store clicks. All time."
    >
      {subs.data && subs.data.length > 0 ? (
        <DataTable label="Your links by sub-ID" columns={SUB_COLUMNS} rows={subs.data} rowKey={(r) => `${r.ProductID}:${r.sub}`} rowAttr="data-sub-row" />
      ) : (
        <p className="text-sm text-slate-600">{subs.isPending ? 'Loading…' : 'No clicks through a link with a sub-ID yet.'}</p>
      )}
    </Section>
  )
}

/** Which of the influencer's links perform, over a period, with the share actions on every row. */
export function MyLinksTab({ marketerId }: { marketerId: number }) {
  const [period, setPeriod] = useState<Period>('30')
  const sort = useTableSort('impressions')
  const query = { period, sort: sort.sort, order: sort.order }
  const list = usePagedList(['my-links', marketerId, query], (cursor, signal) => listMyLinks(query, cursor, signal))
  return (
    <Section
      framed={false}
      id="links-title"
      title="My Links"
      subtitle="Every product you can share, with what its link brought in. A conversion is a lead the brand marked converted."
    >
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <PeriodSelect value={period} onChange={setPeriod} />
        <SortControls idPrefix="links" choices={SORTS} sort={sort} />
      </div>
      <ServerPagedTable
        list={list}
        noun="Links"
        label="Your links and figures"
        columns={COLUMNS}
        rowKey={(r) => r.ProductID}
        rowAttr="data-link-row"
        sort={sort.table}
        empty={{
          icon: <Icon name="users" className="size-6" />,
          title: 'No products to share yet',
          text: 'When brands list products, each one gets your own short link here.',
          action: <ButtonLink to="/products">Browse products</ButtonLink>,
        }}
      />
      <SubIds />
      <MyCodes marketerId={marketerId} />
    </Section>
  )
}
