// Queries of orders (decision 287): an order with its lines and its ledger entries, the products its
// lines match, the buyer's earlier order, and the one-batch writes. Every change to a recorded order
// raises its Revision from the one its writer read (orders_one_writer refuses a stale writer), so
// of two racing changes one wins whole and the other is refused whole.

import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import type { OrderState } from '../contract/orders'
import { batchOf, type Db } from './client'
import { commissionEntries as e, orderEvents, orderLines, orders, payoutItems, products, vendors } from './schema'
import type { OrderEventRow, OrderLineRow, OrderRow } from './schema'

export type OrderEntry = {
  EntryID: number
  OrderLineID: number | null
  AmountPaise: number
  reversedAt: string | null
  ReversalKey: string | null
  paid: boolean
}

export type LoadedOrder = { order: OrderRow; lines: OrderLineRow[]; entries: OrderEntry[] }

/** The vendor's order `orderId` with its lines (in the store's order) and its entries, or null. */
export async function findOrder(db: Db, vendorId: number, orderId: string): Promise<LoadedOrder | null> {
  const [found, lines, entries] = await db.batch([
    db
      .select()
      .from(orders)
      .where(and(eq(orders.VendorID, vendorId), eq(orders.OrderID, orderId))),
    db
      .select({ line: orderLines })
      .from(orderLines)
      .innerJoin(orders, eq(orders.OrderNo, orderLines.OrderNo))
      .where(and(eq(orders.VendorID, vendorId), eq(orders.OrderID, orderId)))
      .orderBy(orderLines.OrderLineID),
    db
      .select({
        EntryID: e.EntryID,
        OrderLineID: e.OrderLineID,
        AmountPaise: e.AmountPaise,
        reversedAt: e.reversedAt,
        ReversalKey: e.ReversalKey,
        paid: sql<number>`${payoutItems.EntryID} IS NOT NULL`,
      })
      .from(e)
      .leftJoin(payoutItems, eq(payoutItems.EntryID, e.EntryID))
      .where(and(eq(e.VendorID, vendorId), eq(e.OrderID, orderId)))
      .orderBy(e.EntryID),
  ])
  const order = found[0]
  if (!order) return null
  return { order, lines: lines.map((l) => l.line), entries: entries.map((x) => ({ ...x, paid: Boolean(x.paid) })) }
}

export type OrderTerms = { HoldingDays: number; ReturnWindowDays: number; RepeatBuyerDays: number }

export async function findOrderTerms(db: Db, vendorId: number): Promise<OrderTerms | undefined> {
  return db.query.vendors.findFirst({ columns: { HoldingDays: true, ReturnWindowDays: true, RepeatBuyerDays: true }, where: eq(vendors.VendorID, vendorId) })
}

export type ListedProduct = { ProductID: number; SKU: string; ProductName: string; CommissionType: 'Fixed' | 'Percentage'; CommissionValue: number }

/** The vendor's products the lines name, by ProductID or by SKU (one read). */
export async function productsForLines(db: Db, vendorId: number, productIds: number[], skus: string[]): Promise<ListedProduct[]> {
  if (productIds.length === 0 && skus.length === 0) return []
  const columns = {
    ProductID: products.ProductID,
    SKU: products.SKU,
    ProductName: products.ProductName,
    CommissionType: products.CommissionType,
    CommissionValue: products.CommissionValue,
  }
  const byId = productIds.length ? inArray(products.ProductID, productIds) : undefined
  const bySku = skus.length ? inArray(products.SKU, skus) : undefined
  return db
    .select(columns)
    .from(products)
    .where(and(eq(products.VendorID, vendorId), byId && bySku ? sql`(${byId} OR ${bySku})` : (byId ?? bySku)))
}

/** The buyer's latest earlier order of the vendor that credited a creator, placed at or after `from`. */
export async function lastCreditedOrderOf(db: Db, vendorId: number, customerKey: string, from: string, before: string) {
  const [row] = await db
    .select({ MarketerID: orders.MarketerID, LeadID: orders.LeadID, OrderID: orders.OrderID })
    .from(orders)
    .where(
      and(
        eq(orders.VendorID, vendorId),
        eq(orders.CustomerKey, customerKey),
        gte(orders.placedAt, from),
        lt(orders.placedAt, before),
        sql`${orders.MarketerID} IS NOT NULL`,
      ),
    )
    .orderBy(desc(orders.placedAt))
    .limit(1)
  return row
}

export type NewOrder = Omit<OrderRow, 'OrderNo' | 'Revision'>
export type NewLine = Omit<OrderLineRow, 'OrderLineID' | 'OrderNo' | 'RefundedQuantity' | 'RefundedPaise' | 'ReversedPaise'>

/**
 * The order, its lines and one commission entry per earning line, and the lead it came through set
 * Converted with no commission of its own (the order's lines carry it: decision 287), in one
 * batch. The order's unique (VendorID, OrderID) decides which of two identical calls records it;
 * the lines follow only this call's insert (`changes()`), the entries only lines that have none.
 * Answers whether this call inserted the order.
 */
export async function insertOrder(db: Db, o: NewOrder, lines: NewLine[], productNames: string[], now: string): Promise<boolean> {
  const at = sql`(SELECT OrderNo FROM orders WHERE VendorID = ${o.VendorID} AND OrderID = ${o.OrderID})`
  const statements: SQL[] = [
    sql`INSERT INTO orders (VendorID, OrderID, source, currency, paymentMethod, state, placedAt, paidAt, shippedAt, deliveredAt, closedAt,
        MarketerID, attributedBy, LeadID, CodeID, CustomerKey, AmountPaise, CommissionPaise, Fingerprint, createdAt, updatedAt)
      VALUES (${o.VendorID}, ${o.OrderID}, ${o.source}, ${o.currency}, ${o.paymentMethod}, ${o.state}, ${o.placedAt}, ${o.paidAt}, ${o.shippedAt},
        ${o.deliveredAt}, ${o.closedAt}, ${o.MarketerID}, ${o.attributedBy}, ${o.LeadID}, ${o.CodeID}, ${o.CustomerKey}, ${o.AmountPaise},
        ${o.CommissionPaise}, ${o.Fingerprint}, ${o.createdAt}, ${o.updatedAt})
      ON CONFLICT DO NOTHING`,
    ...lines.map(
      (l) => sql`INSERT INTO order_lines (OrderNo, LineID, ProductID, SKU, StoreProductID, Name, Quantity, UnitPricePaise, DiscountPaise, LineAmountPaise,
          CommissionType, CommissionValue, CommissionPaise)
        SELECT ${at}, ${l.LineID}, ${l.ProductID}, ${l.SKU}, ${l.StoreProductID}, ${l.Name}, ${l.Quantity}, ${l.UnitPricePaise}, ${l.DiscountPaise},
          ${l.LineAmountPaise}, ${l.CommissionType}, ${l.CommissionValue}, ${l.CommissionPaise}
        WHERE changes() > 0`,
    ),
  ]
  if (o.MarketerID !== null) {
    lines.forEach((l, i) => {
      if (l.CommissionPaise <= 0) return
      statements.push(sql`INSERT INTO commission_entries (LeadID, VendorID, MarketerID, ProductName, Kind, AmountPaise, convertedAt, Reason, OrderID, OrderLineID)
        SELECT 0, ${o.VendorID}, ${o.MarketerID}, ${productNames[i]}, 'commission', ${l.CommissionPaise}, ${now}, ${`Order ${o.OrderID}`}, ${o.OrderID}, ol.OrderLineID
        FROM order_lines ol WHERE ol.OrderNo = ${at} AND ol.LineID = ${l.LineID}
          AND NOT EXISTS (SELECT 1 FROM commission_entries x WHERE x.OrderLineID = ol.OrderLineID AND x.ReversalKey IS NULL)`)
    })
  }
  if (o.LeadID !== null) {
    statements.push(sql`UPDATE leads SET Status = 'Converted', CommissionAmountPaise = 0, convertedAt = ${now}, updatedAt = ${now}
      WHERE LeadID = ${o.LeadID} AND Status = 'Pending' AND CommissionAmountPaise >= 0
        AND NOT EXISTS (SELECT 1 FROM commission_entries x WHERE x.LeadID = ${o.LeadID})`)
  }
  const results = await batchOf(db, statements)
  return (results[0]?.meta.changes ?? 0) > 0
}

// ---- Events of an order --------------------------------------------------------------------------

export type OrderEventKind = OrderEventRow['kind']

export async function findOrderEvent(db: Db, vendorId: number, orderId: string, kind: OrderEventKind, key: string) {
  return db.query.orderEvents.findFirst({
    where: and(eq(orderEvents.VendorID, vendorId), eq(orderEvents.OrderID, orderId), eq(orderEvents.kind, kind), eq(orderEvents.EventKey, key)),
  })
}

/** Keeps an event that came before its order; false when the same id was kept already. */
export async function keepPendingEvent(db: Db, ev: { VendorID: number; OrderID: string; kind: OrderEventKind; EventKey: string; Body: string }, now: string) {
  const [result] = await batchOf(db, [
    sql`INSERT INTO order_events (VendorID, OrderID, kind, EventKey, Body, receivedAt) VALUES (${ev.VendorID}, ${ev.OrderID}, ${ev.kind}, ${ev.EventKey}, ${ev.Body}, ${now})
      ON CONFLICT DO NOTHING`,
  ])
  return (result?.meta.changes ?? 0) > 0
}

/** The order's events not applied yet, in the order they came. */
export async function pendingEventsOf(db: Db, vendorId: number, orderId: string) {
  return db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.VendorID, vendorId), eq(orderEvents.OrderID, orderId), sql`${orderEvents.appliedAt} IS NULL`))
    .orderBy(orderEvents.EventID)
}

// ---- Changing a recorded order -------------------------------------------------------------------

export type OrderChange = {
  state: OrderState
  paidAt: string | null
  shippedAt: string | null
  deliveredAt: string | null
  closedAt: string | null
  lines: Array<{ OrderLineID: number; quantity: number; refundedPaise: number; reversalPaise: number }>
  /** Open unpaid entries reversed whole (reversedAt). */
  reverse: number[]
  /** Negative entries: what a partial refund, or a reversal of a paid entry, takes back. */
  adjust: Array<{ OrderLineID: number; AmountPaise: number; ProductName: string }>
  reversalKey: string
  reason: string
}

/**
 * One change of a loaded order in one batch: its revision and times, the event (new, or kept and
 * now applied), its lines' refunded figures and the ledger entries. A stale revision, the same
 * event applied twice, a line reversed beyond what it earned or an entry paid meanwhile refuse the
 * whole batch (the caller reloads and tries again, or answers 409).
 */
export async function changeOrder(
  db: Db,
  loaded: LoadedOrder,
  change: OrderChange,
  event: { fresh: { kind: OrderEventKind; EventKey: string; Body: string } } | { keptId: number },
  now: string,
): Promise<void> {
  const o = loaded.order
  const statements: SQL[] = [
    sql`UPDATE orders SET Revision = ${o.Revision + 1}, state = ${change.state}, paidAt = ${change.paidAt}, shippedAt = ${change.shippedAt},
        deliveredAt = ${change.deliveredAt}, closedAt = ${change.closedAt}, updatedAt = ${now}
      WHERE OrderNo = ${o.OrderNo}`,
    'fresh' in event
      ? sql`INSERT INTO order_events (VendorID, OrderID, kind, EventKey, Body, receivedAt, appliedAt)
          VALUES (${o.VendorID}, ${o.OrderID}, ${event.fresh.kind}, ${event.fresh.EventKey}, ${event.fresh.Body}, ${now}, ${now})`
      : sql`UPDATE order_events SET appliedAt = ${now} WHERE EventID = ${event.keptId}`,
    ...change.lines.map(
      (l) => sql`UPDATE order_lines SET RefundedQuantity = RefundedQuantity + ${l.quantity}, RefundedPaise = RefundedPaise + ${l.refundedPaise},
          ReversedPaise = ReversedPaise + ${l.reversalPaise}
        WHERE OrderLineID = ${l.OrderLineID}`,
    ),
    ...change.reverse.map(
      (id) => sql`UPDATE commission_entries SET reversedAt = ${now}, reversedReason = ${change.reason} WHERE EntryID = ${id} AND reversedAt IS NULL`,
    ),
  ]
  if (o.MarketerID !== null) {
    for (const a of change.adjust)
      statements.push(sql`INSERT INTO commission_entries (LeadID, VendorID, MarketerID, ProductName, Kind, AmountPaise, convertedAt, Reason, OrderID, OrderLineID, ReversalKey)
        VALUES (0, ${o.VendorID}, ${o.MarketerID}, ${a.ProductName}, 'adjustment', ${-a.AmountPaise}, ${now}, ${change.reason}, ${o.OrderID}, ${a.OrderLineID}, ${change.reversalKey})`)
  }
  await batchOf(db, statements)
}

// ---- Lists ---------------------------------------------------------------------------------------

export type OrderFilter = { state?: OrderState; from?: string; before?: string }

/** Where the last page ended: its last order's OrderNo and placedAt. */
export type OrderKey = { no: number; placedAt: string }

/**
 * One page of the vendor's orders, newest first, no total (decision 289). Unfiltered or by state:
 * keyset on OrderNo (orders_vendor_idx, orders_vendor_state_idx). Between dates: keyset on
 * (placedAt, OrderNo) over orders_vendor_placed_idx, so the page reads its own rows and not every
 * order of the range.
 */
export async function pageOrders(db: Db, vendorId: number, filter: OrderFilter, after: OrderKey | null, take: number) {
  const dated = Boolean(filter.from || filter.before)
  const afterCond = !after
    ? undefined
    : dated
      ? or(lt(orders.placedAt, after.placedAt), and(eq(orders.placedAt, after.placedAt), lt(orders.OrderNo, after.no)))
      : lt(orders.OrderNo, after.no)
  const page = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.VendorID, vendorId),
        filter.state ? eq(orders.state, filter.state) : undefined,
        filter.from ? gte(orders.placedAt, filter.from) : undefined,
        filter.before ? lt(orders.placedAt, filter.before) : undefined,
        afterCond,
      ),
    )
    .orderBy(...(dated ? [desc(orders.placedAt), desc(orders.OrderNo)] : [desc(orders.OrderNo)]))
    .limit(take)
  const lines = page.length
    ? await db
        .select()
        .from(orderLines)
        .where(
          inArray(
            orderLines.OrderNo,
            page.map((o) => o.OrderNo),
          ),
        )
        .orderBy(orderLines.OrderLineID)
    : []
  return { orders: page, lines }
}
