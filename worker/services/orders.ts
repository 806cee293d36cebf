// Orders (decision 287): the thing a commission is earned on. One entry per earning line; refunds,
// returns, RTO and cancellation take back exactly their lines (pro rata for an amount without
// lines, never more than earned, never twice); payable times follow delivery, payment and the
// payment method (decision 288). Every call is idempotent by its own id (orderId, refundId,
// fulfillmentId); an event that comes before its order is kept and applied when the order
// arrives, so any order of arrival gives one ledger. The v1 API, the store webhooks and the buy
// form all come through here, and the events are raised here, after the write.

import {
  ORDER_MESSAGES,
  type OrderListQuery,
  type OrderPage,
  type FulfillmentStatus,
  type OrderDTO,
  type OrderLineDTO,
  type OrderSource,
  type OrderState,
  type PaymentMethod,
} from '../contract/orders'
import type { Db } from '../db/client'
import { isUniqueViolation } from '../db/client'
import { onlyProductIdsOf } from '../db/coupons'
import {
  changeOrder,
  findOrder,
  findOrderEvent,
  findOrderTerms,
  insertOrder,
  keepPendingEvent,
  lastCreditedOrderOf,
  type ListedProduct,
  type LoadedOrder,
  type NewLine,
  type OrderChange,
  type OrderEventKind,
  type OrderTerms,
  pageOrders,
  pendingEventsOf,
  productsForLines,
} from '../db/orders'
import type { Lead, OrderLineRow, OrderRow } from '../db/schema'
import { indiaDayStart } from '../contract/india-date'
import { PAGE_LIMIT_DEFAULT } from '../contract/paging'
import { Conflict, DomainError, InvalidInput, NotFound } from '../domain/errors'
import { addDays } from '../domain/ledger'
import { decodeCursor, encodeCursor } from '../domain/paging'
import { customerKeySource, lineAmountPaise, lineCommissionPaise, orderPayableAt, planRefund } from '../domain/orders'
import type { OrderLineFact } from '../types'
import { leadForCoupon } from './coupon-orders'
import { codeForOrder } from './coupons'
import type { Events } from './event-sink'
import { resolveStoreRef } from './store-refs'

export type OrderLineInput = {
  lineId: string
  productId?: number | null
  sku?: string | null
  storeProductId?: string | null
  name?: string | null
  quantity: number
  unitPricePaise: number
  discountPaise: number
}

export type OrderInput = {
  orderId: string
  source: OrderSource
  currency: string
  placedAt: string
  paidAt: string | null
  paymentMethod: PaymentMethod
  lines: OrderLineInput[]
  ref?: string | null
  code?: string | null
  /** One of the vendor's leads (the conversion API's leadId): the order is credited to its creator. */
  leadId?: number | null
  customer?: { id?: string | null; email?: string | null; phone?: string | null } | null
}

export type RefundCall = { refundId: string; lines?: { lineId: string; quantity: number }[]; amountPaise?: number; reason?: string | null }
export type FulfillmentCall = { fulfillmentId: string; status: FulfillmentStatus; at: string }

export type OrderOutcome = { order: OrderDTO; replayed: boolean }
/** `pending`: the order has not arrived; the event is kept and applied when it does. */
export type OrderEventOutcome = { orderId: string; order: OrderDTO | null; pending: boolean; replayed: boolean }

const MAX_TRIES = 4

// ---- The answer ----------------------------------------------------------------------------------

const lineDTO = (l: OrderLineRow): OrderLineDTO => ({
  lineId: l.LineID,
  productId: l.ProductID,
  sku: l.SKU,
  storeProductId: l.StoreProductID,
  name: l.Name,
  listed: l.ProductID !== null,
  quantity: l.Quantity,
  unitPricePaise: l.UnitPricePaise,
  discountPaise: l.DiscountPaise,
  amountPaise: l.LineAmountPaise,
  commissionType: l.CommissionType,
  commissionValue: l.CommissionValue,
  commissionPaise: l.CommissionPaise,
  refundedQuantity: l.RefundedQuantity,
  refundedPaise: l.RefundedPaise,
  reversedPaise: l.ReversedPaise,
})

export function toOrderDTO(order: OrderRow, lines: OrderLineRow[], terms: Pick<OrderTerms, 'HoldingDays' | 'ReturnWindowDays'>): OrderDTO {
  const closed = order.state === 'rto' || order.state === 'cancelled'
  return {
    orderId: order.OrderID,
    source: order.source,
    currency: order.currency,
    paymentMethod: order.paymentMethod,
    state: order.state,
    placedAt: order.placedAt,
    paidAt: order.paidAt,
    shippedAt: order.shippedAt,
    deliveredAt: order.deliveredAt,
    marketerId: order.MarketerID,
    attributedBy: order.attributedBy,
    leadId: order.LeadID,
    amountPaise: order.AmountPaise,
    commissionPaise: order.CommissionPaise,
    reversedPaise: lines.reduce((a, l) => a + l.ReversedPaise, 0),
    payableAt: closed ? null : orderPayableAt(order, terms),
    lines: lines.map(lineDTO),
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  }
}

async function termsOf(db: Db, vendorId: number): Promise<OrderTerms> {
  const terms = await findOrderTerms(db, vendorId)
  if (!terms) throw new NotFound(ORDER_MESSAGES.notFound)
  return terms
}

// ---- Attribution ---------------------------------------------------------------------------------

/**
 * The lead a store's `ref` stands for, or null. The one place orders resolve a ref, so another
 * attribution (a ref per click) can replace it here alone.
 */
export async function leadOfRef(db: Db, vendorId: number, ref: string, at: number): Promise<Lead | null> {
  return resolveStoreRef(db, vendorId, ref, at)
}

type Credit = {
  MarketerID: number
  attributedBy: 'ref' | 'code' | 'lead' | 'repeat'
  LeadID: number | null
  CodeID: number | null
  covers: (productId: number) => boolean
}

/**
 * Who the order credits (decision 287): the code the buyer typed, for the lines it covers; else the
 * ref, the lead named, or (when the vendor turned it on) the creator of the buyer's earlier order
 * within the repeat window, for every listed line. Null: nobody's, and no line earns.
 */
async function creditOf(
  db: Db,
  vendorId: number,
  input: OrderInput,
  listed: ReadonlyArray<ListedProduct | null>,
  customerKey: string | null,
  terms: OrderTerms,
  at: number,
): Promise<Credit | null> {
  const every = () => true
  if (input.code) {
    const found = await codeForOrder(db, vendorId, input.code, at)
    if ('refusal' in found) throw new InvalidInput(found.refusal)
    const named = found.code.AllProducts ? null : await onlyProductIdsOf(db, found.code.CodeID)
    const covers = (productId: number) => named === null || named.includes(productId)
    const first = listed.find((p) => p !== null && covers(p.ProductID))
    // A code that covers none of the lines credits nothing; a ref the order also carries still may.
    if (first) {
      const lead = await leadForCoupon(db, vendorId, { coupon: input.code, productId: first.ProductID }, `order:${input.orderId}`, at)
      return { MarketerID: lead.MarketerID, attributedBy: 'code', LeadID: lead.LeadID, CodeID: found.code.CodeID, covers }
    }
  }
  if (input.ref) {
    const lead = await leadOfRef(db, vendorId, input.ref, at)
    if (lead) return { MarketerID: lead.MarketerID, attributedBy: 'ref', LeadID: lead.LeadID, CodeID: null, covers: every }
  }
  if (input.leadId) {
    const lead = await db.query.leads.findFirst({ where: (l, { eq }) => eq(l.LeadID, input.leadId ?? 0) })
    if (!lead || lead.VendorID !== vendorId) throw new NotFound('Lead not found')
    return { MarketerID: lead.MarketerID, attributedBy: 'lead', LeadID: lead.LeadID, CodeID: null, covers: every }
  }
  if (terms.RepeatBuyerDays > 0 && customerKey) {
    const from = new Date(at - terms.RepeatBuyerDays * 86_400_000).toISOString()
    const earlier = await lastCreditedOrderOf(db, vendorId, customerKey, from, new Date(at).toISOString())
    if (earlier?.MarketerID) return { MarketerID: earlier.MarketerID, attributedBy: 'repeat', LeadID: null, CodeID: null, covers: every }
  }
  return null
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

// ---- Recording an order --------------------------------------------------------------------------

/**
 * What makes an order the same one: its lines, money, payment method and attribution. Its times are
 * not part of it (a retry may stamp them anew; payment comes later through markPaid).
 */
const fingerprintOf = (input: OrderInput) =>
  JSON.stringify({
    source: input.source,
    currency: input.currency.toUpperCase(),
    paymentMethod: input.paymentMethod,
    lines: input.lines.map((l) => [l.lineId, l.productId ?? null, l.sku ?? null, l.storeProductId ?? null, l.quantity, l.unitPricePaise, l.discountPaise]),
    ref: input.ref ?? null,
    code: input.code?.toUpperCase() ?? null,
    leadId: input.leadId ?? null,
  })

function replayOf(loaded: LoadedOrder, fingerprint: string, terms: OrderTerms): OrderOutcome {
  if (loaded.order.Fingerprint !== fingerprint) throw new Conflict(ORDER_MESSAGES.orderConflict)
  return { order: toOrderDTO(loaded.order, loaded.lines, terms), replayed: true }
}

/** Refuses what the order cannot be (whatever the caller validated): a currency other than INR first. */
function checkOrder(input: OrderInput) {
  const currency = input.currency.trim().toUpperCase()
  if (currency !== 'INR') throw new InvalidInput(ORDER_MESSAGES.currency(currency))
  if (input.lines.length === 0) throw new InvalidInput(ORDER_MESSAGES.linesRequired)
  if (new Set(input.lines.map((l) => l.lineId)).size !== input.lines.length) throw new InvalidInput(ORDER_MESSAGES.lineIdTwice)
}

/** Records the order, or answers the first result for the same body again (409 for another body). */
export async function recordOrder(db: Db, events: Events, vendorId: number, input: OrderInput, now = Date.now()): Promise<OrderOutcome> {
  checkOrder(input)
  const fingerprint = fingerprintOf(input)
  const terms = await termsOf(db, vendorId)
  const existing = await findOrder(db, vendorId, input.orderId)
  if (existing) return replayOf(existing, fingerprint, terms)

  const ids = input.lines.flatMap((l) => (l.productId ? [l.productId] : []))
  const skus = input.lines.flatMap((l) => (l.productId || !l.sku ? [] : [l.sku]))
  const products = await productsForLines(db, vendorId, ids, skus)
  const listed = input.lines.map(
    (l) => (l.productId ? products.find((p) => p.ProductID === l.productId) : l.sku ? products.find((p) => p.SKU === l.sku) : undefined) ?? null,
  )
  const keySource = customerKeySource(input.customer)
  const customerKey = keySource ? await sha256Hex(`${vendorId}:${keySource}`) : null
  const placedAt = new Date(input.placedAt).toISOString()
  const credit = await creditOf(db, vendorId, input, listed, customerKey, terms, Date.parse(placedAt))

  const at = new Date(now).toISOString()
  const lines: NewLine[] = input.lines.map((l, i) => {
    const product = listed[i]
    const amount = lineAmountPaise(l.quantity, l.unitPricePaise, l.discountPaise)
    const earning = product !== null && credit?.covers(product.ProductID) === true
    const commission = earning ? lineCommissionPaise({ quantity: l.quantity, lineAmountPaise: amount }, product) : 0
    return {
      LineID: l.lineId,
      ProductID: product?.ProductID ?? null,
      SKU: l.sku ?? product?.SKU ?? null,
      StoreProductID: l.storeProductId ?? null,
      Name: l.name ?? product?.ProductName ?? null,
      Quantity: l.quantity,
      UnitPricePaise: l.unitPricePaise,
      DiscountPaise: l.discountPaise,
      LineAmountPaise: amount,
      CommissionType: earning && product ? product.CommissionType : null,
      CommissionValue: earning && product ? product.CommissionValue : null,
      CommissionPaise: commission,
    }
  })
  const paidAt = input.paidAt === null ? null : new Date(input.paidAt).toISOString()
  const order = {
    VendorID: vendorId,
    OrderID: input.orderId,
    source: input.source,
    currency: 'INR',
    paymentMethod: input.paymentMethod,
    state: (paidAt ? 'paid' : 'placed') as OrderState,
    placedAt,
    paidAt,
    shippedAt: null,
    deliveredAt: null,
    closedAt: null,
    MarketerID: credit?.MarketerID ?? null,
    attributedBy: credit?.attributedBy ?? null,
    LeadID: credit?.LeadID ?? null,
    CodeID: credit?.CodeID ?? null,
    CustomerKey: customerKey,
    AmountPaise: lines.reduce((a, l) => a + l.LineAmountPaise, 0),
    CommissionPaise: lines.reduce((a, l) => a + l.CommissionPaise, 0),
    Fingerprint: fingerprint,
    createdAt: at,
    updatedAt: at,
  }
  const names = lines.map((l, i) => listed[i]?.ProductName ?? l.Name ?? l.LineID)
  const inserted = await insertOrder(db, order, lines, names, at)
  const recorded = await findOrder(db, vendorId, input.orderId)
  if (!recorded) throw new Conflict(ORDER_MESSAGES.changedMeanwhile)
  if (!inserted) return replayOf(recorded, fingerprint, terms)

  const facts = recorded.lines.map((l) => ({ lineId: l.LineID, amountPaise: l.LineAmountPaise, commissionPaise: l.CommissionPaise, quantity: l.Quantity }))
  await events.raise({
    type: 'order.created',
    vendorId,
    orderId: input.orderId,
    marketerId: order.MarketerID,
    state: order.state,
    amountPaise: order.AmountPaise,
    commissionPaise: order.CommissionPaise,
    lines: facts,
    at,
  })
  if (order.MarketerID !== null && order.CommissionPaise > 0)
    await events.raise({
      type: 'commission.created',
      vendorId,
      orderId: input.orderId,
      marketerId: order.MarketerID,
      amountPaise: order.CommissionPaise,
      lines: facts.filter((f) => (f.commissionPaise ?? 0) > 0),
      at,
    })
  await raisePayable(events, recorded, null, terms, at)
  const after = await applyKeptEvents(db, events, vendorId, input.orderId, terms, now)
  return { order: after ?? toOrderDTO(recorded.order, recorded.lines, terms), replayed: false }
}

// ---- Changing an order ---------------------------------------------------------------------------

type OrderEvent =
  | { kind: 'paid'; key: 'paid'; paidAt: string }
  | { kind: 'refund'; key: string; call: RefundCall }
  | { kind: 'fulfillment'; key: string; call: FulfillmentCall }
  | { kind: 'cancel'; key: 'cancel'; reason: string | null; at: string }

/** What the event says, for telling a replay (same) from a conflict (different). Paid and cancel: the first one wins. */
function bodyOf(ev: OrderEvent): string {
  switch (ev.kind) {
    case 'paid':
      return JSON.stringify({ paidAt: ev.paidAt })
    case 'cancel':
      return JSON.stringify({ reason: ev.reason, at: ev.at })
    case 'refund':
      return JSON.stringify({ lines: ev.call.lines ?? null, amountPaise: ev.call.amountPaise ?? null, reason: ev.call.reason ?? null })
    case 'fulfillment':
      return JSON.stringify({ status: ev.call.status, at: ev.call.at })
  }
}

const sameEvent = (kind: OrderEventKind, kept: string, fresh: string) => kind === 'paid' || kind === 'cancel' || kept === fresh

function eventOf(kind: OrderEventKind, key: string, body: string): OrderEvent {
  const b = JSON.parse(body)
  switch (kind) {
    case 'paid':
      return { kind, key: 'paid', paidAt: b.paidAt }
    case 'cancel':
      return { kind, key: 'cancel', reason: b.reason, at: b.at }
    case 'refund':
      return { kind, key, call: { refundId: key, lines: b.lines ?? undefined, amountPaise: b.amountPaise ?? undefined, reason: b.reason } }
    case 'fulfillment':
      return { kind, key, call: { fulfillmentId: key.slice(0, key.lastIndexOf(':')), status: b.status, at: b.at } }
  }
}

const FINAL: ReadonlySet<OrderState> = new Set(['rto', 'cancelled'])

/** Takes back what is left of every line's commission (RTO, cancellation). */
const reverseRest = (loaded: LoadedOrder) =>
  loaded.lines.map((l) => ({ line: l, quantity: 0, refundedPaise: 0, reversalPaise: l.CommissionPaise - l.ReversedPaise }))

/**
 * The change an event makes to a loaded order, or an InvalidInput for a refund it cannot take.
 * A whole line's commission still open and unpaid is reversed (reversedAt); anything else (a part
 * of a line, or a paid entry) is taken back by a negative entry naming the line and the event.
 */
function changeFor(loaded: LoadedOrder, ev: OrderEvent): { change: OrderChange; refundFacts?: OrderLineFact[] } {
  const o = loaded.order
  const base: OrderChange = {
    state: o.state,
    paidAt: o.paidAt,
    shippedAt: o.shippedAt,
    deliveredAt: o.deliveredAt,
    closedAt: o.closedAt,
    lines: [],
    reverse: [],
    adjust: [],
    reversalKey: `${ev.kind}:${ev.key}`,
    reason: `Order ${o.OrderID}`,
  }
  let moves: Array<{ line: OrderLineRow; quantity: number; refundedPaise: number; reversalPaise: number }> = []
  let refundFacts: OrderLineFact[] | undefined
  switch (ev.kind) {
    case 'paid':
      base.paidAt = o.paidAt ?? ev.paidAt
      if (o.state === 'placed') base.state = 'paid'
      break
    case 'cancel':
      if (!FINAL.has(o.state)) {
        base.state = 'cancelled'
        base.closedAt = ev.at
        base.reason = ev.reason ?? `Order ${o.OrderID} cancelled`
        moves = reverseRest(loaded)
      }
      break
    case 'fulfillment': {
      const { status, at } = ev.call
      if (status === 'shipped') {
        base.shippedAt = o.shippedAt ?? at
        if (o.state === 'placed' || o.state === 'paid') base.state = 'shipped'
      } else if (status === 'delivered') {
        if (!FINAL.has(o.state)) {
          base.deliveredAt = o.deliveredAt ?? at
          // Cash on delivery is paid at the door.
          if (o.paymentMethod === 'cod') base.paidAt = o.paidAt ?? at
          if (o.state !== 'returned') base.state = 'delivered'
        }
      } else if (!FINAL.has(o.state)) {
        base.state = 'rto'
        base.closedAt = at
        base.reason = `Order ${o.OrderID} returned to origin (RTO)`
        moves = reverseRest(loaded)
      }
      break
    }
    case 'refund': {
      const { call } = ev
      const index = new Map(loaded.lines.map((l, i) => [l.LineID, i]))
      const byLines = call.lines?.map((l) => {
        const i = index.get(l.lineId)
        if (i === undefined) throw new InvalidInput(ORDER_MESSAGES.refundUnknownLine(l.lineId))
        return { index: i, quantity: l.quantity }
      })
      const plan = planRefund(loaded.lines, { lines: byLines, amountPaise: byLines?.length ? undefined : call.amountPaise })
      if (!plan.ok)
        throw new InvalidInput(
          plan.reason === 'quantity'
            ? ORDER_MESSAGES.refundTooManyUnits
            : plan.reason === 'amount'
              ? ORDER_MESSAGES.refundTooMuch
              : ORDER_MESSAGES.refundNothing,
        )
      moves = plan.lines.map((p, i) => ({ line: loaded.lines[i], ...p }))
      base.reason = call.reason ?? `Order ${o.OrderID} refunded`
      const whole = loaded.lines.every(
        (l, i) => l.RefundedPaise + plan.lines[i].refundedPaise >= l.LineAmountPaise && l.RefundedQuantity + plan.lines[i].quantity >= l.Quantity,
      )
      if (whole && !FINAL.has(o.state)) base.state = 'returned'
      refundFacts = moves
        .filter((m) => m.quantity > 0 || m.refundedPaise > 0)
        .map((m) => ({ lineId: m.line.LineID, amountPaise: m.refundedPaise, commissionPaise: m.reversalPaise, quantity: m.quantity }))
      break
    }
  }
  for (const m of moves) {
    if (m.quantity === 0 && m.refundedPaise === 0 && m.reversalPaise <= 0) continue
    const reversal = Math.max(0, m.reversalPaise)
    base.lines.push({ OrderLineID: m.line.OrderLineID, quantity: m.quantity, refundedPaise: m.refundedPaise, reversalPaise: reversal })
    if (reversal === 0 || o.MarketerID === null) continue
    const earned = loaded.entries.find((x) => x.OrderLineID === m.line.OrderLineID && x.ReversalKey === null && x.AmountPaise > 0)
    const whole = m.line.ReversedPaise === 0 && reversal === m.line.CommissionPaise
    if (earned && whole && earned.reversedAt === null && !earned.paid) base.reverse.push(earned.EntryID)
    else base.adjust.push({ OrderLineID: m.line.OrderLineID, AmountPaise: reversal, ProductName: m.line.Name ?? m.line.LineID })
  }
  return { change: base, refundFacts }
}

const RETRYABLE = /orders: changed meanwhile|ledger: entry paid|ledger: entry reversed/

async function raisePayable(events: Events, loaded: LoadedOrder, before: string | null, terms: OrderTerms, at: string) {
  const o = loaded.order
  if (o.MarketerID === null || FINAL.has(o.state)) return
  const payableAt = orderPayableAt(o, terms)
  const standing = o.CommissionPaise - loaded.lines.reduce((a, l) => a + l.ReversedPaise, 0)
  if (payableAt === null || payableAt === before || standing <= 0) return
  await events.raise({ type: 'commission.payable', vendorId: o.VendorID, orderId: o.OrderID, marketerId: o.MarketerID, amountPaise: standing, payableAt, at })
}

/** The events a change raises, after its write. */
async function raiseChange(
  events: Events,
  before: LoadedOrder,
  after: LoadedOrder,
  ev: OrderEvent,
  change: OrderChange,
  refundFacts: OrderLineFact[] | undefined,
  terms: OrderTerms,
  at: string,
) {
  const o = after.order
  if (ev.kind === 'refund' && refundFacts)
    await events.raise({
      type: 'order.refunded',
      vendorId: o.VendorID,
      orderId: o.OrderID,
      marketerId: o.MarketerID,
      refundId: ev.key,
      refundedPaise: refundFacts.reduce((a, f) => a + f.amountPaise, 0),
      reversedPaise: change.lines.reduce((a, l) => a + l.reversalPaise, 0),
      lines: refundFacts,
      at,
    })
  if (before.order.state !== o.state)
    await events.raise({
      type: 'order.updated',
      vendorId: o.VendorID,
      orderId: o.OrderID,
      marketerId: o.MarketerID,
      state: o.state,
      previousState: before.order.state,
      at,
    })
  const reversed = change.lines.filter((l) => l.reversalPaise > 0)
  if (o.MarketerID !== null && reversed.length)
    await events.raise({
      type: 'commission.reversed',
      vendorId: o.VendorID,
      orderId: o.OrderID,
      marketerId: o.MarketerID,
      amountPaise: reversed.reduce((a, l) => a + l.reversalPaise, 0),
      reason: change.reason,
      lines: reversed.map((l) => ({ lineId: before.lines.find((x) => x.OrderLineID === l.OrderLineID)?.LineID ?? '', amountPaise: l.reversalPaise })),
      at,
    })
  await raisePayable(events, after, FINAL.has(before.order.state) ? null : orderPayableAt(before.order, terms), terms, at)
}

/**
 * Applies one event to the order (kept before, or new), retrying when another change came first.
 * Answers the order after it, or null when the event was applied already.
 */
async function applyEvent(
  db: Db,
  events: Events,
  vendorId: number,
  orderId: string,
  ev: OrderEvent,
  from: { keptId: number } | 'fresh',
  terms: OrderTerms,
  now: number,
): Promise<{ order: OrderDTO; replayed: boolean }> {
  let source = from
  const at = new Date(now).toISOString()
  const body = bodyOf(ev)
  for (let attempt = 1; ; attempt++) {
    const loaded = await findOrder(db, vendorId, orderId)
    if (!loaded) throw new NotFound(ORDER_MESSAGES.notFound)
    const { change, refundFacts } = changeFor(loaded, ev)
    try {
      await changeOrder(db, loaded, change, source === 'fresh' ? { fresh: { kind: ev.kind, EventKey: ev.key, Body: body } } : source, at)
    } catch (err) {
      if (source === 'fresh' && isUniqueViolation(err)) {
        const kept = await findOrderEvent(db, vendorId, orderId, ev.kind, ev.key)
        if (kept && !sameEvent(ev.kind, kept.Body, body)) throw new Conflict(ORDER_MESSAGES.eventConflict)
        if (kept?.appliedAt) {
          const current = await findOrder(db, vendorId, orderId)
          if (current) return { order: toOrderDTO(current.order, current.lines, terms), replayed: true }
        }
        // Kept meanwhile, before its order was seen: apply that one.
        if (kept) source = { keptId: kept.EventID }
      }
      const text = err instanceof Error ? `${err.message} ${String(err.cause ?? '')}` : String(err)
      if (attempt < MAX_TRIES && (RETRYABLE.test(text) || isUniqueViolation(err))) continue
      if (RETRYABLE.test(text)) throw new Conflict(ORDER_MESSAGES.changedMeanwhile)
      throw err
    }
    const after = await findOrder(db, vendorId, orderId)
    if (!after) throw new NotFound(ORDER_MESSAGES.notFound)
    await raiseChange(events, loaded, after, ev, change, refundFacts, terms, at)
    return { order: toOrderDTO(after.order, after.lines, terms), replayed: false }
  }
}

/** The events kept for an order that had not arrived, applied in the order they came. */
async function applyKeptEvents(db: Db, events: Events, vendorId: number, orderId: string, terms: OrderTerms, now: number): Promise<OrderDTO | null> {
  let last: OrderDTO | null = null
  for (const kept of await pendingEventsOf(db, vendorId, orderId)) {
    try {
      last = (await applyEvent(db, events, vendorId, orderId, eventOf(kept.kind, kept.EventKey, kept.Body), { keptId: kept.EventID }, terms, now)).order
    } catch (err) {
      // A kept refund the order cannot take (a line it does not have) stays kept, unapplied.
      if (!(err instanceof DomainError)) throw err
    }
  }
  return last
}

/** An event by its own id: applied to the order, a replay, or kept until the order arrives. */
async function orderEvent(db: Db, events: Events, vendorId: number, orderId: string, ev: OrderEvent, now: number): Promise<OrderEventOutcome> {
  const terms = await termsOf(db, vendorId)
  const body = bodyOf(ev)
  const kept = await findOrderEvent(db, vendorId, orderId, ev.kind, ev.key)
  if (kept) {
    if (!sameEvent(ev.kind, kept.Body, body)) throw new Conflict(ORDER_MESSAGES.eventConflict)
    const loaded = await findOrder(db, vendorId, orderId)
    return { orderId, order: loaded ? toOrderDTO(loaded.order, loaded.lines, terms) : null, pending: kept.appliedAt === null, replayed: true }
  }
  if (await findOrder(db, vendorId, orderId)) {
    const done = await applyEvent(db, events, vendorId, orderId, ev, 'fresh', terms, now)
    return { orderId, order: done.order, pending: false, replayed: done.replayed }
  }
  const fresh = await keepPendingEvent(db, { VendorID: vendorId, OrderID: orderId, kind: ev.kind, EventKey: ev.key, Body: body }, new Date(now).toISOString())
  // The order may have been recorded meanwhile, after it looked for kept events: apply them now.
  if (await findOrder(db, vendorId, orderId)) {
    const order = await applyKeptEvents(db, events, vendorId, orderId, terms, now)
    return { orderId, order, pending: false, replayed: !fresh }
  }
  return { orderId, order: null, pending: true, replayed: !fresh }
}

export function markPaid(db: Db, events: Events, vendorId: number, orderId: string, paidAt: string, now = Date.now()) {
  return orderEvent(db, events, vendorId, orderId, { kind: 'paid', key: 'paid', paidAt: new Date(paidAt).toISOString() }, now)
}

export function refundOrder(db: Db, events: Events, vendorId: number, orderId: string, call: RefundCall, now = Date.now()) {
  if (!call.lines?.length && call.amountPaise === undefined) throw new InvalidInput(ORDER_MESSAGES.refundNothing)
  return orderEvent(db, events, vendorId, orderId, { kind: 'refund', key: call.refundId, call }, now)
}

export function fulfillOrder(db: Db, events: Events, vendorId: number, orderId: string, call: FulfillmentCall, now = Date.now()) {
  const at = new Date(call.at).toISOString()
  // A fulfillment's status moves (shipped, then delivered) under one id: each status is its own event.
  return orderEvent(db, events, vendorId, orderId, { kind: 'fulfillment', key: `${call.fulfillmentId}:${call.status}`, call: { ...call, at } }, now)
}

export function cancelOrder(db: Db, events: Events, vendorId: number, orderId: string, reason: string | null, now = Date.now()) {
  return orderEvent(db, events, vendorId, orderId, { kind: 'cancel', key: 'cancel', reason, at: new Date(now).toISOString() }, now)
}

/** The vendor's order, or 404. */
export async function vendorOrder(db: Db, vendorId: number, orderId: string): Promise<OrderDTO> {
  const [loaded, terms] = await Promise.all([findOrder(db, vendorId, orderId), termsOf(db, vendorId)])
  if (!loaded) throw new NotFound(ORDER_MESSAGES.notFound)
  return toOrderDTO(loaded.order, loaded.lines, terms)
}

/** One page of the vendor's orders, newest first, with their lines; no total (decision 289). */
export async function orderPage(db: Db, vendorId: number, query: OrderListQuery): Promise<OrderPage> {
  const limit = query.limit ?? PAGE_LIMIT_DEFAULT
  const key = query.cursor ? decodeCursor(query.cursor, ['number', 'string']) : null
  const after = key ? { no: key[0] as number, placedAt: key[1] as string } : null
  const filter = {
    state: query.state,
    from: query.from ? indiaDayStart(query.from) : undefined,
    before: query.to ? indiaDayStart(addDays(`${query.to}T00:00:00.000Z`, 1).slice(0, 10)) : undefined,
  }
  const [page, terms] = await Promise.all([pageOrders(db, vendorId, filter, after, limit + 1), termsOf(db, vendorId)])
  const rows = page.orders.slice(0, limit)
  const more = page.orders.length > limit
  return {
    orders: rows.map((o) =>
      toOrderDTO(
        o,
        page.lines.filter((l) => l.OrderNo === o.OrderNo),
        terms,
      ),
    ),
    nextCursor: more && rows.length ? encodeCursor([rows[rows.length - 1].OrderNo, rows[rows.length - 1].placedAt]) : null,
  }
}
