// Queries of the dashboards' order screens (decision 301): a page reads the orders it shows (keyset
// on an index of orders), their lines and names, and on page 1 a count of at most ORDER_COUNT_CAP
// + 1 index entries, never every order of a vendor or an influencer.

import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import { ORDER_COUNT_CAP } from '../contract/order-routes'
import type { OrderState } from '../contract/orders'
import type { Db } from './client'
import { marketers, orderEvents, orderLines, orders, products, vendors } from './schema'

/** `SELECT count(*) FROM (SELECT 1 ... LIMIT cap + 1)`: reads at most cap + 1 index entries (more than cap: capped). */
async function cappedCount(db: Db, where: SQL | undefined): Promise<number> {
  const inner = db
    .select({ one: sql`1` })
    .from(orders)
    .where(where)
    .limit(ORDER_COUNT_CAP + 1)
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(inner.as('matching'))
  return row?.n ?? 0
}

export type VendorOrderFilter = { q?: string; state?: OrderState }
/** After which order a page starts: its OrderNo (newest first) or, when searching, its OrderID. */
export type OrderKey = { no: number } | { id: string }

/**
 * One page of the vendor's orders with their credited creator's name. Without `q`, newest first on
 * (VendorID, OrderNo) or (VendorID, state, OrderNo); with `q`, the ids starting with it on the
 * unique (VendorID, OrderID) index, highest id first, so a prefix reads only the ids it matches.
 */
export async function vendorOrderRows(db: Db, vendorId: number, filter: VendorOrderFilter, after: OrderKey | null, take: number, count: boolean) {
  const q = filter.q
  const where = and(
    eq(orders.VendorID, vendorId),
    // The prefix as a range of the index (LIKE would not use it, and would read `%` and `_` as patterns).
    q ? and(gte(orders.OrderID, q), lt(orders.OrderID, `${q}\u{10FFFF}`)) : undefined,
    filter.state ? eq(orders.state, filter.state) : undefined,
  )
  const page = db
    .select({ order: orders, marketerName: marketers.MarketerName })
    .from(orders)
    .leftJoin(marketers, eq(marketers.MarketerID, orders.MarketerID))
    .where(and(where, after ? ('no' in after ? lt(orders.OrderNo, after.no) : lt(orders.OrderID, after.id)) : undefined))
    .orderBy(q ? desc(orders.OrderID) : desc(orders.OrderNo))
    .limit(take)
  const [rows, total] = await Promise.all([page, count ? cappedCount(db, where) : Promise.resolve(null)])
  const figures = rows.length
    ? await db
        .select({
          OrderNo: orderLines.OrderNo,
          lineCount: sql<number>`count(*)`.mapWith(Number),
          unlistedCount: sql<number>`sum(${orderLines.ProductID} IS NULL)`.mapWith(Number),
          reversedPaise: sql<number>`sum(${orderLines.ReversedPaise})`.mapWith(Number),
        })
        .from(orderLines)
        .where(
          inArray(
            orderLines.OrderNo,
            rows.map((r) => r.order.OrderNo),
          ),
        )
        .groupBy(orderLines.OrderNo)
    : []
  return { rows, figures, total }
}

/** The events of the vendor's order `orderId` as kept (refunds, fulfillments, paid, cancel), in the order they came. */
export async function orderHistoryRows(db: Db, vendorId: number, orderId: string) {
  return db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.VendorID, vendorId), eq(orderEvents.OrderID, orderId)))
    .orderBy(orderEvents.EventID)
}

export async function marketerNameOf(db: Db, marketerId: number | null): Promise<string | null> {
  if (marketerId === null) return null
  const row = await db.query.marketers.findFirst({ columns: { MarketerName: true }, where: eq(marketers.MarketerID, marketerId) })
  return row?.MarketerName ?? null
}

/**
 * One page of the orders credited to the influencer, newest first on orders_marketer_idx, with the
 * vendor's name and terms, and only the lines that earned something (never a buyer's field).
 */
export async function marketerOrderRows(db: Db, marketerId: number, afterNo: number | null, take: number, count: boolean) {
  const where = eq(orders.MarketerID, marketerId)
  const page = db
    .select({
      OrderNo: orders.OrderNo,
      OrderID: orders.OrderID,
      state: orders.state,
      placedAt: orders.placedAt,
      paidAt: orders.paidAt,
      deliveredAt: orders.deliveredAt,
      paymentMethod: orders.paymentMethod,
      VendorName: vendors.VendorName,
      HoldingDays: vendors.HoldingDays,
      ReturnWindowDays: vendors.ReturnWindowDays,
    })
    .from(orders)
    .innerJoin(vendors, eq(vendors.VendorID, orders.VendorID))
    .where(and(where, afterNo !== null ? lt(orders.OrderNo, afterNo) : undefined))
    .orderBy(desc(orders.OrderNo))
    .limit(take)
  const [rows, total] = await Promise.all([page, count ? cappedCount(db, where) : Promise.resolve(null)])
  const lines = rows.length
    ? await db
        .select({
          OrderNo: orderLines.OrderNo,
          productName: sql<string>`coalesce(${products.ProductName}, ${orderLines.Name}, ${orderLines.SKU}, ${orderLines.LineID})`,
          quantity: orderLines.Quantity,
          refundedQuantity: orderLines.RefundedQuantity,
          commissionPaise: orderLines.CommissionPaise,
          reversedPaise: orderLines.ReversedPaise,
        })
        .from(orderLines)
        .leftJoin(products, eq(products.ProductID, orderLines.ProductID))
        .where(
          and(
            inArray(
              orderLines.OrderNo,
              rows.map((r) => r.OrderNo),
            ),
            sql`${orderLines.CommissionPaise} > 0`,
          ),
        )
        .orderBy(orderLines.OrderLineID)
    : []
  return { rows, lines, total }
}
