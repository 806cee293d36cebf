// The dashboards' order screens (decision 301): the vendor's orders and one order with its history,
// and the influencer's credited orders with expected and confirmed commission. Page 1 counts (up to
// ORDER_COUNT_CAP); its figure rides in the cursor, so later pages count nothing.

import type { Paging } from '../contract/paging'
import { cappedTotal, PAGE_LIMIT_DEFAULT } from '../contract/paging'
import type { MarketerOrder, OrderHistoryItem, VendorOrderDetail, VendorOrderQuery, VendorOrderRow } from '../contract/order-routes'
import type { Db } from '../db/client'
import { marketerNameOf, marketerOrderRows, orderHistoryRows, type OrderKey, vendorOrderRows } from '../db/order-screens'
import type { OrderEventRow } from '../db/schema'
import { orderPayableAt } from '../domain/orders'
import { decodeCursor, encodeCursor } from '../domain/paging'
import { vendorOrder } from './orders'

type Paged<Row> = { rows: Row[]; paging: Paging }

/** A page's cursor: [the last row's key, page 1's total]. */
function readCursor(cursor: string | undefined, key: 'string' | 'number'): { after: string | number; total: number } | null {
  if (!cursor) return null
  const [after, total] = decodeCursor(cursor, [key, 'number'])
  return { after: after as string | number, total: total as number }
}

function pageFrom<Row>(fetched: Row[], limit: number, total: number, keyOf: (row: Row) => string | number): Paged<Row> {
  const rows = fetched.slice(0, limit)
  const last = rows[rows.length - 1]
  const nextCursor = fetched.length > limit && last !== undefined ? encodeCursor([keyOf(last), total]) : null
  return { rows, paging: { limit, nextCursor, ...cappedTotal(total) } }
}

export async function vendorOrderPage(db: Db, vendorId: number, query: VendorOrderQuery): Promise<Paged<VendorOrderRow>> {
  const limit = query.limit ?? PAGE_LIMIT_DEFAULT
  const q = query.q ? query.q : undefined
  const from = readCursor(query.cursor, q ? 'string' : 'number')
  const after: OrderKey | null = from ? (q ? { id: String(from.after) } : { no: Number(from.after) }) : null
  const found = await vendorOrderRows(db, vendorId, { q, state: query.state }, after, limit + 1, from === null)
  const figures = new Map(found.figures.map((f) => [f.OrderNo, f]))
  const rows = found.rows.map(({ order, marketerName }) => {
    const f = figures.get(order.OrderNo)
    return {
      no: order.OrderNo,
      row: {
        orderId: order.OrderID,
        source: order.source,
        paymentMethod: order.paymentMethod,
        state: order.state,
        placedAt: order.placedAt,
        lineCount: f?.lineCount ?? 0,
        unlistedCount: f?.unlistedCount ?? 0,
        amountPaise: order.AmountPaise,
        commissionPaise: order.CommissionPaise,
        reversedPaise: f?.reversedPaise ?? 0,
        marketerName,
      } satisfies VendorOrderRow,
    }
  })
  const page = pageFrom(rows, limit, from?.total ?? found.total ?? 0, (r) => (q ? r.row.orderId : r.no))
  return { rows: page.rows.map((r) => r.row), paging: page.paging }
}

function historyItem(ev: OrderEventRow): OrderHistoryItem {
  const body = JSON.parse(ev.Body) as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' ? v : null)
  const base = { eventId: null, status: null, amountPaise: null, lines: null, reason: null, pending: ev.appliedAt === null, at: ev.appliedAt ?? ev.receivedAt }
  switch (ev.kind) {
    case 'paid':
      return { ...base, kind: 'paid', at: text(body.paidAt) ?? base.at }
    case 'cancel':
      return { ...base, kind: 'cancel', at: text(body.at) ?? base.at, reason: text(body.reason) }
    case 'refund':
      return {
        ...base,
        kind: 'refund',
        eventId: ev.EventKey,
        at: ev.receivedAt,
        amountPaise: typeof body.amountPaise === 'number' ? body.amountPaise : null,
        lines: Array.isArray(body.lines) ? (body.lines as Array<{ lineId: string; quantity: number }>) : null,
        reason: text(body.reason),
      }
    case 'fulfillment':
      // The kept key is `<fulfillmentId>:<status>` (one event per status of a fulfillment).
      return {
        ...base,
        kind: 'fulfillment',
        eventId: ev.EventKey.slice(0, ev.EventKey.lastIndexOf(':')),
        at: text(body.at) ?? base.at,
        status: text(body.status),
      }
  }
}

/** The vendor's order with its creator's name and its history (recorded first), or 404. */
export async function vendorOrderDetail(db: Db, vendorId: number, orderId: string): Promise<VendorOrderDetail> {
  const order = await vendorOrder(db, vendorId, orderId)
  const [events, marketerName] = await Promise.all([orderHistoryRows(db, vendorId, orderId), marketerNameOf(db, order.marketerId)])
  const bare = { eventId: null, status: null, amountPaise: null, lines: null, reason: null, pending: false }
  const history: OrderHistoryItem[] = [{ ...bare, kind: 'placed', at: order.placedAt }]
  // An order reported as paid when recorded has no paid event of its own.
  if (order.paidAt !== null && !events.some((ev) => ev.kind === 'paid')) history.push({ ...bare, kind: 'paid', at: order.paidAt })
  return { ...order, marketerName, history: [...history, ...events.map(historyItem)] }
}

/**
 * The influencer's credited orders. What is left of the order's earning lines is confirmed once the
 * order's payable time has passed (decision 288: delivery + return window, or paid + holding when the
 * store never reports delivery), expected before; RTO and cancellation leave nothing of either.
 */
export async function marketerOrderPage(db: Db, marketerId: number, query: { limit?: number; cursor?: string }, now: number): Promise<Paged<MarketerOrder>> {
  const limit = query.limit ?? PAGE_LIMIT_DEFAULT
  const from = readCursor(query.cursor, 'number')
  const found = await marketerOrderRows(db, marketerId, from ? Number(from.after) : null, limit + 1, from === null)
  const rows = found.rows.map((o) => {
    const lines = found.lines.filter((l) => l.OrderNo === o.OrderNo).map(({ OrderNo: _, ...l }) => l)
    const left = lines.reduce((sum, l) => sum + l.commissionPaise - l.reversedPaise, 0)
    const closed = o.state === 'rto' || o.state === 'cancelled'
    const payableAt = closed || left <= 0 ? null : orderPayableAt(o, o)
    const confirmed = payableAt !== null && Date.parse(payableAt) <= now
    return {
      no: o.OrderNo,
      row: {
        orderId: o.OrderID,
        vendorName: o.VendorName,
        state: o.state,
        placedAt: o.placedAt,
        expectedPaise: confirmed ? 0 : Math.max(left, 0),
        confirmedPaise: confirmed ? left : 0,
        payableAt,
        lines,
      } satisfies MarketerOrder,
    }
  })
  const page = pageFrom(rows, limit, from?.total ?? found.total ?? 0, (r) => r.no)
  return { rows: page.rows.map((r) => r.row), paging: page.paging }
}
