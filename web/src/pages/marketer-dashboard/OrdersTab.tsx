import type { MarketerOrder } from '@contract/order-routes'
import { listMarketerOrders } from '../../api/orders'
import { Section } from '../../components/Section'
import { formatDate } from '../../lib/format'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'
import { OrderStateBadge, rupeesOf } from '../dashboard-shared/OrderStateBadge'
import { Icon } from '../dashboard-shared/StatCard'

const COLUMNS: readonly Column<MarketerOrder>[] = [
  {
    label: 'Order',
    wide: true,
    cell: (o) => (
      <span className="flex flex-col">
        <span className="font-mono text-sm font-semibold text-slate-900">{o.orderId}</span>
        <span className="text-xs text-slate-500">{o.vendorName}</span>
      </span>
    ),
  },
  { label: 'Placed', cell: (o) => formatDate(o.placedAt) },
  { label: 'State', cell: (o) => <OrderStateBadge state={o.state} /> },
  {
    label: 'Products',
    wide: true,
    cell: (o) => <TextCell text={o.lines.map((l) => (l.quantity > 1 ? `${l.productName} × ${l.quantity}` : l.productName)).join(', ') || '—'} />,
  },
  {
    label: 'Expected',
    cell: (o) => (
      <span className="flex flex-col" data-expected>
        <span className="font-semibold text-amber-700">{rupeesOf(o.expectedPaise)}</span>
        {o.expectedPaise > 0 && <span className="text-xs text-slate-500">{o.payableAt ? `Payable ${formatDate(o.payableAt)}` : 'After delivery'}</span>}
      </span>
    ),
  },
  {
    label: 'Confirmed',
    cell: (o) => (
      <span className="font-semibold text-emerald-700" data-confirmed>
        {rupeesOf(o.confirmedPaise)}
      </span>
    ),
  },
]

/** The influencer's credited orders (decision 301): state, expected (in transit, returnable) and confirmed. */
export function OrdersTab() {
  const list = usePagedList(['orders', 'marketer'], listMarketerOrders)
  return (
    <Section
      framed={false}
      id="my-orders-title"
      title="Orders"
      subtitle="Orders credited to you, newest first. Expected commission is confirmed once the order is delivered and its return window has passed."
    >
      <ServerPagedTable
        list={list}
        noun="Orders"
        label="Orders credited to you"
        columns={COLUMNS}
        rowKey={(o) => `${o.vendorName}:${o.orderId}`}
        rowAttr="data-order-row"
        empty={{ icon: <Icon name="box" className="size-6" />, title: 'No orders yet', text: 'Orders bought through your links and codes show up here.' }}
      />
    </Section>
  )
}
