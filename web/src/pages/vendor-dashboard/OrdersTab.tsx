import type { OrderHistoryItem, VendorOrderDetail, VendorOrderRow } from '@contract/order-routes'
import { ORDER_STATE_NAMES, type OrderLineDTO, type OrderState } from '@contract/orders'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { errorMessage } from '../../api/client'
import { getVendorOrder, listVendorOrders } from '../../api/orders'
import { Button } from '../../components/Button'
import { SelectField, TextField } from '../../components/Field'
import { Modal } from '../../components/Modal'
import { Section } from '../../components/Section'
import { formatDate } from '../../lib/format'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, DataTable, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'
import { ORDER_STATE_LABELS, OrderStateBadge, rupeesOf } from '../dashboard-shared/OrderStateBadge'
import { Icon, LoadError } from '../dashboard-shared/StatCard'

/** The vendor's orders (decision 301): searched by order id, filtered by state, one order's lines and history. */
export function OrdersTab() {
  const [q, setQ] = useState('')
  const [state, setState] = useState<OrderState | ''>('')
  const [open, setOpen] = useState<string | null>(null)
  const list = usePagedList(['orders', 'vendor', q.trim(), state], (cursor, signal) => listVendorOrders({ q, state }, cursor, signal))

  const columns: readonly Column<VendorOrderRow>[] = [
    { label: 'Order', wide: true, cell: (o) => <span className="font-mono text-sm font-semibold text-slate-900">{o.orderId}</span> },
    { label: 'Placed', cell: (o) => formatDate(o.placedAt) },
    { label: 'State', cell: (o) => <OrderStateBadge state={o.state} /> },
    {
      label: 'Lines',
      cell: (o) => (
        <span>
          {o.lineCount}
          {o.unlistedCount > 0 && <span className="text-xs text-slate-500"> ({o.unlistedCount} unlisted)</span>}
        </span>
      ),
    },
    { label: 'Amount', cell: (o) => rupeesOf(o.amountPaise) },
    {
      label: 'Commission',
      cell: (o) => (
        <span className="flex flex-col">
          <span className="font-semibold">{rupeesOf(o.commissionPaise - o.reversedPaise)}</span>
          {o.reversedPaise > 0 && <span className="text-xs text-rose-700">{rupeesOf(o.reversedPaise)} reversed</span>}
        </span>
      ),
    },
    { label: 'Influencer', cell: (o) => <TextCell text={o.marketerName ?? '—'} /> },
    {
      label: 'Action',
      hideLabel: true,
      cell: (o) => (
        <Button size="sm" variant="secondary" onClick={() => setOpen(o.orderId)} aria-label={`View order ${o.orderId}`}>
          View
        </Button>
      ),
    },
  ]

  return (
    <Section framed={false} id="orders-title" title="Orders" subtitle="Orders your store reported, newest first, with the commission each line earned.">
      <search className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <TextField label="Search by order id" placeholder="e.g. SHOP-1001" value={q} onChange={(e) => setQ(e.target.value)} maxLength={64} type="search" />
        <SelectField label="State" value={state} onChange={(e) => setState(e.target.value as OrderState | '')}>
          <option value="">All states</option>
          {ORDER_STATE_NAMES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATE_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </search>
      <ServerPagedTable
        list={list}
        noun="Orders"
        label="Your orders"
        columns={columns}
        rowKey={(o) => o.orderId}
        rowAttr="data-order-row"
        empty={{
          icon: <Icon name="box" className="size-6" />,
          title: q || state ? 'No orders match' : 'No orders yet',
          text: q || state ? 'Try another order id or state.' : 'Orders appear here when your store or the API reports them.',
        }}
      />
      {open && <OrderDialog orderId={open} onClose={() => setOpen(null)} />}
    </Section>
  )
}

const LINE_COLUMNS: readonly Column<OrderLineDTO>[] = [
  {
    label: 'Product',
    wide: true,
    cell: (l) =>
      l.listed ? (
        <TextCell text={l.name ?? l.sku ?? l.lineId} className="font-medium text-slate-900" />
      ) : (
        <span className="flex flex-col">
          <span className="font-medium text-slate-500">Unlisted</span>
          <span className="text-xs text-slate-500">{l.name ?? l.sku ?? l.lineId}: not on Collabkart, earns nothing</span>
        </span>
      ),
  },
  { label: 'Quantity', cell: (l) => (l.refundedQuantity > 0 ? `${l.quantity} (${l.refundedQuantity} refunded)` : String(l.quantity)) },
  { label: 'Amount', cell: (l) => rupeesOf(l.amountPaise) },
  {
    label: 'Commission',
    cell: (l) => (
      <span className="flex flex-col">
        <span className="font-semibold">{rupeesOf(l.commissionPaise)}</span>
        {l.reversedPaise > 0 && <span className="text-xs text-rose-700">{rupeesOf(l.reversedPaise)} reversed</span>}
      </span>
    ),
  },
]

function historyText(h: OrderHistoryItem): string {
  switch (h.kind) {
    case 'placed':
      return 'Order placed'
    case 'paid':
      return 'Paid'
    case 'cancel':
      return h.reason ? `Cancelled: ${h.reason}` : 'Cancelled'
    case 'fulfillment':
      return `${h.status === 'rto' ? 'Returned to origin' : h.status === 'delivered' ? 'Delivered' : 'Shipped'} (${h.eventId})`
    case 'refund': {
      const what = h.amountPaise !== null ? rupeesOf(h.amountPaise) : (h.lines ?? []).map((l) => `line ${l.lineId} × ${l.quantity}`).join(', ')
      return `Refund ${h.eventId}: ${what}${h.reason ? ` (${h.reason})` : ''}`
    }
  }
}

function OrderDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const order = useQuery({ queryKey: ['orders', 'vendor', 'one', orderId], queryFn: () => getVendorOrder(orderId) })
  return (
    <Modal open title={`Order ${orderId}`} onClose={onClose} size="xl">
      {order.error && <LoadError message={errorMessage(order.error)} onRetry={() => void order.refetch()} />}
      {order.isPending ? <p className="text-sm text-slate-500">Loading…</p> : order.data ? <OrderDetail order={order.data} /> : null}
    </Modal>
  )
}

function OrderDetail({ order }: { order: VendorOrderDetail }) {
  return (
    <div className="space-y-5" data-order-detail>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Fact label="State">
          <OrderStateBadge state={order.state} />
        </Fact>
        <Fact label="Payment">{order.paymentMethod === 'cod' ? 'Cash on delivery' : 'Prepaid'}</Fact>
        <Fact label="Amount">{rupeesOf(order.amountPaise)}</Fact>
        <Fact label="Influencer">{order.marketerName ?? '—'}</Fact>
        <Fact label="Commission">{rupeesOf(order.commissionPaise - order.reversedPaise)}</Fact>
        <Fact label="Payable from">{order.payableAt ? formatDate(order.payableAt) : 'After delivery'}</Fact>
      </dl>
      <DataTable label={`Lines of order ${order.orderId}`} rows={order.lines} columns={LINE_COLUMNS} rowKey={(l) => l.lineId} rowAttr="data-order-line" />
      <section aria-labelledby="order-history-title">
        <h3 id="order-history-title" className="mb-2 text-sm font-bold text-slate-900">
          History
        </h3>
        <ol className="space-y-2 border-l-2 border-slate-200 pl-4 text-sm">
          {order.history.map((h, i) => (
            <li key={`${h.kind}-${h.eventId ?? i}`} data-order-event={h.kind}>
              <span className="font-medium text-slate-900">{historyText(h)}</span> <span className="text-slate-500">{formatDate(h.at)}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900">{children}</dd>
    </div>
  )
}
