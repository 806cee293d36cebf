// What a Shopify or WooCommerce delivery asks of an order (decision 294): the store's documented
// payloads read into calls of the order use cases (services/orders.ts: record, paid, refund,
// fulfillment, cancel). Pure: no storage, no lookups; which product a line is, which creator a code
// names and whether the currency is accepted are the service's to decide.

import { rupeesToPaise } from '../contract/money'
import type { StoreKind } from '../contract/stores'
import { CK_REF_PARAM } from './store-refs'

export type StoreOrderLine = {
  lineId: string
  productId?: number | null
  sku?: string | null
  storeProductId?: string | null
  name?: string | null
  quantity: number
  unitPricePaise: number
  discountPaise: number
}

export type StoreOrderInput = {
  orderId: string
  source: StoreKind
  currency: string
  placedAt: string
  paidAt: string | null
  paymentMethod: 'prepaid' | 'cod'
  lines: StoreOrderLine[]
  ref?: string | null
  code?: string | null
  customer?: { id?: string | null; email?: string | null; phone?: string | null } | null
}

export type StoreRefund = { refundId: string; lines?: { lineId: string; quantity: number }[]; amountPaise?: number; reason?: string }
export type StoreFulfillment = { fulfillmentId: string; status: 'shipped' | 'delivered' | 'rto'; at: string }

/**
 * One call of the order use cases. `orderId` is the store's own id; the service prefixes it with
 * the store (`storeOrderId`), as it does for the order's own input. `codes` are the order's
 * discount codes in the order the store lists them: the service picks the creator code among them.
 */
export type StoreOrderCall =
  | { kind: 'order'; input: StoreOrderInput; codes: string[] }
  | { kind: 'paid'; orderId: string; paidAt: string }
  | { kind: 'refund'; orderId: string; refund: StoreRefund }
  | { kind: 'fulfillment'; orderId: string; fulfillment: StoreFulfillment }
  | { kind: 'cancel'; orderId: string; reason: string }

/**
 * A delivery's calls, in the order to make them; none means the delivery is kept and ignored, with
 * why. The order call always carries `paidAt: null` and a `paid` call follows when the order is
 * paid: each delivery of the same order then records the same order (its fingerprint does not
 * change when it gets paid), and the payment is its own idempotent event.
 */
export type StoreOrderReading = { orderId: string | null; calls: StoreOrderCall[]; ignored: string | null }

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const text = (v: unknown) => (typeof v === 'string' ? v : null)

// Shopify's ids pass 2^53 (its own sample order is 820982911946154508), where JSON numbers lose
// digits: parseStorePayload keeps such a number as its source text, so the order id in a refund or a
// fulfillment (`order_id`, a bare number) is the same as the order's own. Where the text is not at
// hand the rounded number still names a thing the same way in every delivery about it.
const idText = (v: unknown) =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 ? BigInt(v).toString() : typeof v === 'string' && /^\d{1,20}$/.test(v) ? v : null
const gidNumber = (v: unknown, type: string) => (typeof v === 'string' ? (new RegExp(`^gid://shopify/${type}/(\\d{1,20})$`).exec(v)?.[1] ?? null) : null)

/** A store's timestamp as ISO UTC; WooCommerce's `*_gmt` fields come without a zone. */
function isoTime(value: unknown, assumeUtc = false): string | null {
  const raw = text(value)
  if (!raw) return null
  const ms = Date.parse(assumeUtc && !/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? `${raw}Z` : raw)
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null
}

/** The value of `name` in a list of {name|key, value} pairs (Shopify note_attributes, WooCommerce meta_data). */
function pairValue(pairs: unknown, names: string[], nameKey: 'name' | 'key'): string | null {
  for (const item of list(pairs)) {
    if (isObject(item) && names.includes(String(item[nameKey])) && typeof item.value === 'string' && item.value.trim()) return item.value.trim()
  }
  return null
}

/** ck_ref in a URL or path the store recorded (Shopify's landing_site keeps the first page's query). */
function refInUrl(value: unknown): string | null {
  const raw = text(value)
  if (!raw) return null
  try {
    return new URL(raw, 'https://store.invalid').searchParams.get(CK_REF_PARAM)
  } catch {
    return null
  }
}

/** The order's discount codes (Shopify `discount_codes`, WooCommerce `coupon_lines`), at most 5. */
function discountCodes(codes: unknown): string[] {
  const found: string[] = []
  for (const item of list(codes).slice(0, 5)) {
    const code = isObject(item) ? text(item.code)?.trim() : undefined
    if (code && code.length <= 64) found.push(code)
  }
  return found
}

/** An amount the store sent (string "2299.00" or number 19.99) in paise, or null; the sign is dropped. */
function paise(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? rupeesToPaise(Math.abs(value).toFixed(2)) : null
  const raw = text(value)?.trim()
  return raw ? rupeesToPaise(raw.replace(/^-/, '')) : null
}

/** Shopify's money: the shop's amount (`shop_money`, the shop's currency) where a set is sent, else the plain field. */
const shopMoney = (set: unknown, plain: unknown) => {
  const shop = isObject(set) && isObject(set.shop_money) ? set.shop_money.amount : undefined
  return paise(shop ?? plain)
}

const positiveInt = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null)

type ReviverContext = { source?: string }

/**
 * The store's body parsed as JSON, with every integer past 2^53 kept as its digits (a string), as
 * the store wrote it: JSON.parse's reviver is given each number's source text.
 */
export function parseStorePayload(body: string): unknown {
  try {
    return JSON.parse(body, function (this: unknown, _key: string, value: unknown, context?: ReviverContext) {
      if (typeof value === 'number' && !Number.isSafeInteger(value) && Number.isInteger(value) && context?.source && /^\d{1,20}$/.test(context.source))
        return context.source
      return value
    } as (this: unknown, key: string, value: unknown) => unknown)
  } catch {
    return null
  }
}

class Unreadable extends Error {}
const need = <T>(value: T | null, what: string): T => {
  if (value === null) throw new Unreadable(what)
  return value
}

const ignored = (orderId: string | null, reason: string): StoreOrderReading => ({ orderId, calls: [], ignored: reason })
const topicIgnored = (topic: string) => ignored(null, `Topic ${topic || '(none)'} is not an order topic.`)

function guarded(read: () => StoreOrderReading, orderId: string | null): StoreOrderReading {
  try {
    return read()
  } catch (err) {
    if (err instanceof Unreadable) return ignored(orderId, `The ${err.message} is not readable.`)
    throw err
  }
}

// ---- Shopify -------------------------------------------------------------------------------------

/** Shopify's name for its cash-on-delivery gateway is 'Cash on Delivery (COD)'; apps name theirs alike. */
const isCodGateway = (name: unknown) => typeof name === 'string' && /cash on delivery|\bcod\b/i.test(name)

/** Financial statuses that mean the buyer's money was taken (a refund later does not unpay it). */
const SHOPIFY_PAID = ['paid', 'partially_refunded', 'refunded']

function shopifyLine(item: unknown): StoreOrderLine {
  if (!isObject(item)) throw new Unreadable('line item')
  const quantity = need(positiveInt(item.quantity), 'line quantity')
  const discountPaise = list(item.discount_allocations).reduce<number>(
    (sum, a) => sum + (isObject(a) ? need(shopMoney(a.amount_set, a.amount), 'line discount') : 0),
    0,
  )
  return {
    lineId: need(idText(item.id), 'line id'),
    sku: text(item.sku)?.trim() || null,
    storeProductId: idText(item.product_id),
    name: text(item.name) ?? text(item.title),
    quantity,
    unitPricePaise: need(shopMoney(item.price_set, item.price), 'line price'),
    discountPaise,
  }
}

function shopifyOrderInput(order: Json, orderId: string): StoreOrderInput {
  const financial = text(order.financial_status) ?? ''
  const gateways = [...list(order.payment_gateway_names), order.gateway]
  const customer = isObject(order.customer) ? order.customer : null
  const billing = isObject(order.billing_address) ? order.billing_address : null
  return {
    orderId,
    source: 'shopify',
    currency: need(text(order.currency), 'currency'),
    placedAt: need(isoTime(order.created_at) ?? isoTime(order.processed_at), 'order time'),
    paidAt: SHOPIFY_PAID.includes(financial) ? (isoTime(order.processed_at) ?? isoTime(order.created_at)) : null,
    paymentMethod: gateways.some(isCodGateway) ? 'cod' : 'prepaid',
    lines: list(order.line_items).map(shopifyLine),
    ref: pairValue(order.note_attributes, [CK_REF_PARAM], 'name') ?? refInUrl(order.landing_site),
    code: null,
    customer: {
      id: customer ? (gidNumber(customer.admin_graphql_api_id, 'Customer') ?? idText(customer.id)) : null,
      email: text(order.email) || text(order.contact_email) || (customer ? text(customer.email) : null) || null,
      phone: text(order.phone) || (customer ? text(customer.phone) : null) || (billing ? text(billing.phone) : null) || null,
    },
  }
}

/**
 * A Shopify refund: by its lines when it names any; else by the money it gave back, less what went
 * back for shipping (`order_adjustments` of kind shipping_refund), since no commission was earned on
 * shipping. A refund that gave back only shipping asks nothing.
 */
function shopifyRefund(refund: Json): StoreRefund | null {
  const refundId = need(gidNumber(refund.admin_graphql_api_id, 'Refund') ?? idText(refund.id), 'refund id')
  const lines = list(refund.refund_line_items).flatMap((item) => {
    if (!isObject(item)) return []
    const quantity = positiveInt(item.quantity)
    const lineId = idText(item.line_item_id) ?? (isObject(item.line_item) ? idText(item.line_item.id) : null)
    return quantity && lineId ? [{ lineId, quantity }] : []
  })
  if (lines.length > 0) return { refundId, lines }
  const given = list(refund.transactions).reduce<number>((sum, t) => {
    if (!isObject(t) || t.kind !== 'refund' || t.status !== 'success') return sum
    return sum + need(shopMoney(t.amount_set, t.amount), 'refund amount')
  }, 0)
  const shipping = list(refund.order_adjustments).reduce<number>(
    (sum, a) => sum + (isObject(a) && a.kind === 'shipping_refund' ? need(shopMoney(a.amount_set, a.amount), 'shipping refund') : 0),
    0,
  )
  const amountPaise = given - shipping
  return amountPaise > 0 ? { refundId, amountPaise } : null
}

/**
 * A fulfillment's news for the order: shipped once it is a success, delivered or RTO by its
 * shipment status ('failure' is the carrier giving up: the parcel goes back). Pending, cancelled and
 * failed fulfillments (nothing left the warehouse) ask nothing.
 */
function shopifyFulfillment(f: Json): StoreFulfillment | null {
  const fulfillmentId = need(gidNumber(f.admin_graphql_api_id, 'Fulfillment') ?? idText(f.id), 'fulfillment id')
  const at = need(isoTime(f.updated_at) ?? isoTime(f.created_at), 'fulfillment time')
  const shipment = text(f.shipment_status)
  if (shipment === 'delivered') return { fulfillmentId, status: 'delivered', at }
  if (shipment === 'failure') return { fulfillmentId, status: 'rto', at }
  if (f.status === 'success' || f.status === 'open') return { fulfillmentId, status: 'shipped', at }
  return null
}

const SHOPIFY_ORDER_TOPICS = ['orders/create', 'orders/updated', 'orders/paid', 'orders/cancelled']

/**
 * Every order topic carries the whole order: it is recorded (the service ignores what it already
 * has), then what the order itself says happened: paid, its refunds, its fulfillments, cancelled.
 * So a missed or late delivery of another topic changes nothing once any later one arrives.
 */
function readShopifyOrder(topic: string, order: Json): StoreOrderReading {
  const orderId = gidNumber(order.admin_graphql_api_id, 'Order') ?? idText(order.id)
  if (!orderId) return ignored(null, 'The order has no id.')
  return guarded(() => {
    if (list(order.line_items).length === 0) return ignored(orderId, 'The order has no line items.')
    const { paidAt: paidNow, ...input } = shopifyOrderInput(order, orderId)
    const calls: StoreOrderCall[] = [{ kind: 'order', input: { ...input, paidAt: null }, codes: discountCodes(order.discount_codes) }]
    const paidAt = paidNow ?? (topic === 'orders/paid' ? (isoTime(order.updated_at) ?? input.placedAt) : null)
    if (paidAt) calls.push({ kind: 'paid', orderId, paidAt })
    for (const r of list(order.refunds)) {
      const refund = isObject(r) ? shopifyRefund(r) : null
      if (refund) calls.push({ kind: 'refund', orderId, refund })
    }
    for (const f of list(order.fulfillments)) {
      const fulfillment = isObject(f) ? shopifyFulfillment(f) : null
      if (fulfillment) calls.push({ kind: 'fulfillment', orderId, fulfillment })
    }
    if (topic === 'orders/cancelled' || order.cancelled_at) calls.push({ kind: 'cancel', orderId, reason: text(order.cancel_reason) ?? 'cancelled' })
    return { orderId, calls, ignored: null }
  }, orderId)
}

export function readShopifyOrderDelivery(topic: string, payload: unknown): StoreOrderReading {
  if (!isObject(payload)) return ignored(null, 'The body is not a JSON object.')
  if (SHOPIFY_ORDER_TOPICS.includes(topic)) return readShopifyOrder(topic, payload)
  if (topic === 'refunds/create') {
    // Shopify sends the refund itself; some documentation shows it wrapped in `refund`.
    const refund = isObject(payload.refund) ? payload.refund : payload
    const orderId = idText(refund.order_id)
    if (!orderId) return ignored(null, 'The refund names no order.')
    return guarded(() => {
      const read = shopifyRefund(refund)
      return read ? { orderId, calls: [{ kind: 'refund', orderId, refund: read }], ignored: null } : ignored(orderId, 'The refund gave back only shipping.')
    }, orderId)
  }
  if (topic === 'fulfillments/create' || topic === 'fulfillments/update') {
    const orderId = idText(payload.order_id)
    if (!orderId) return ignored(null, 'The fulfillment names no order.')
    return guarded(() => {
      const read = shopifyFulfillment(payload)
      return read
        ? { orderId, calls: [{ kind: 'fulfillment', orderId, fulfillment: read }], ignored: null }
        : ignored(orderId, `The fulfillment is ${text(payload.status) ?? 'without a status'}: nothing has shipped.`)
    }, orderId)
  }
  return topicIgnored(topic)
}

// ---- WooCommerce ---------------------------------------------------------------------------------

/**
 * A WooCommerce line sends its amounts for the whole line: `subtotal` before and `total` after
 * discounts. The unit price is the subtotal per unit rounded up to the paisa, so that the line's
 * discount (unit × quantity − total) is never negative and the line amount is exactly `total`.
 */
function wooLine(item: unknown): StoreOrderLine {
  if (!isObject(item)) throw new Unreadable('line item')
  const quantity = need(positiveInt(item.quantity), 'line quantity')
  const subtotal = need(paise(item.subtotal), 'line subtotal')
  const total = need(paise(item.total), 'line total')
  const unitPricePaise = Math.ceil(Math.max(subtotal, total) / quantity)
  return {
    lineId: need(idText(item.id), 'line id'),
    sku: text(item.sku)?.trim() || null,
    storeProductId: idText(item.product_id),
    name: text(item.name),
    quantity,
    unitPricePaise,
    discountPaise: unitPricePaise * quantity - total,
  }
}

const WOO_PAID = ['processing', 'completed']

function wooOrderInput(order: Json, orderId: string, cod: boolean): StoreOrderInput {
  const billing = isObject(order.billing) ? order.billing : null
  const paidAt = isoTime(order.date_paid_gmt, true)
  return {
    orderId,
    source: 'woocommerce',
    currency: need(text(order.currency), 'currency'),
    placedAt: need(isoTime(order.date_created_gmt, true), 'order time'),
    // A COD order is 'processing' before any money moved: it is paid when the store records the payment.
    paidAt: WOO_PAID.includes(text(order.status) ?? '') && (paidAt || !cod) ? (paidAt ?? isoTime(order.date_modified_gmt, true)) : null,
    paymentMethod: cod ? 'cod' : 'prepaid',
    lines: list(order.line_items).map(wooLine),
    ref: pairValue(order.meta_data, [`_${CK_REF_PARAM}`, CK_REF_PARAM], 'key'),
    code: null,
    customer: {
      id: idText(order.customer_id),
      email: (billing && text(billing.email)) || null,
      phone: (billing && text(billing.phone)) || null,
    },
  }
}

/**
 * order.created / order.updated carry the whole order, refunds listed by id and total only (the
 * webhook does not say which lines a refund was for): each is an amount refund. Status:
 * pending, on-hold: placed; processing: paid (prepaid); completed: paid, and for COD delivered
 * (the cash came back with the courier), for prepaid shipped; cancelled, failed: cancelled;
 * refunded: its refunds, or every line when the order lists none; 'rto' (the status Indian
 * shipping plugins add): returned to origin.
 */
function readWooOrder(order: Json): StoreOrderReading {
  const orderId = idText(order.id)
  if (!orderId) return ignored(null, 'The order has no id.')
  return guarded(() => {
    if (list(order.line_items).length === 0) return ignored(orderId, 'The order has no line items.')
    const status = text(order.status) ?? ''
    const cod = order.payment_method === 'cod'
    const input = wooOrderInput(order, orderId, cod)
    const calls: StoreOrderCall[] = [{ kind: 'order', input: { ...input, paidAt: null }, codes: discountCodes(order.coupon_lines) }]
    const completedAt = isoTime(order.date_completed_gmt, true) ?? isoTime(order.date_modified_gmt, true) ?? input.placedAt
    if (status === 'completed' && cod) {
      calls.push({ kind: 'fulfillment', orderId, fulfillment: { fulfillmentId: `${orderId}-completed`, status: 'delivered', at: completedAt } })
      calls.push({ kind: 'paid', orderId, paidAt: input.paidAt ?? completedAt })
    } else if (input.paidAt) calls.push({ kind: 'paid', orderId, paidAt: input.paidAt })
    if (status === 'completed' && !cod)
      calls.push({ kind: 'fulfillment', orderId, fulfillment: { fulfillmentId: `${orderId}-completed`, status: 'shipped', at: completedAt } })
    const refunds = list(order.refunds).filter(isObject)
    for (const r of refunds) {
      const refundId = need(idText(r.id), 'refund id')
      const amountPaise = need(paise(r.total), 'refund total')
      if (amountPaise > 0) calls.push({ kind: 'refund', orderId, refund: { refundId, amountPaise } })
    }
    if (status === 'refunded' && refunds.length === 0) {
      const lines = input.lines.map((l) => ({ lineId: l.lineId, quantity: l.quantity }))
      calls.push({ kind: 'refund', orderId, refund: { refundId: `${orderId}-refunded`, lines } })
    }
    if (status === 'rto') {
      const at = isoTime(order.date_modified_gmt, true) ?? input.placedAt
      calls.push({ kind: 'fulfillment', orderId, fulfillment: { fulfillmentId: `${orderId}-rto`, status: 'rto', at } })
    }
    if (status === 'cancelled' || status === 'failed') calls.push({ kind: 'cancel', orderId, reason: status })
    return { orderId, calls, ignored: null }
  }, orderId)
}

export function readWooOrderDelivery(topic: string, payload: unknown): StoreOrderReading {
  if (!isObject(payload)) return ignored(null, 'The body is not a JSON object.')
  if (topic === 'order.created' || topic === 'order.updated' || topic === 'order.restored') return readWooOrder(payload)
  if (topic === 'order.deleted') {
    // WooCommerce sends only the id of a deleted order.
    const orderId = idText(payload.id)
    return orderId ? { orderId, calls: [{ kind: 'cancel', orderId, reason: 'deleted' }], ignored: null } : ignored(null, 'The order has no id.')
  }
  return topicIgnored(topic)
}

export const readStoreOrderDelivery = (kind: StoreKind, topic: string, payload: unknown) =>
  kind === 'shopify' ? readShopifyOrderDelivery(topic, payload) : readWooOrderDelivery(topic, payload)

// ---- What is kept of a delivery (decision 243) ---------------------------------------------------

/** Which fields of which object the readers above read: a tree of names, `true` for a value kept whole. */
type Keep = { [name: string]: true | Keep }
const MONEY: Keep = { shop_money: { amount: true } }
const SHOPIFY_REFUND: Keep = {
  id: true,
  admin_graphql_api_id: true,
  order_id: true,
  refund_line_items: { line_item_id: true, quantity: true, line_item: { id: true } },
  transactions: { kind: true, status: true, amount: true, amount_set: MONEY },
  order_adjustments: { kind: true, amount: true, amount_set: MONEY },
}
const SHOPIFY_FULFILLMENT: Keep = {
  id: true,
  admin_graphql_api_id: true,
  order_id: true,
  status: true,
  shipment_status: true,
  created_at: true,
  updated_at: true,
}
const KEEP: Record<StoreKind, Keep> = {
  shopify: {
    ...SHOPIFY_REFUND,
    ...SHOPIFY_FULFILLMENT,
    financial_status: true,
    cancelled_at: true,
    cancel_reason: true,
    currency: true,
    subtotal_price: true,
    processed_at: true,
    payment_gateway_names: true,
    gateway: true,
    customer: { id: true, admin_graphql_api_id: true },
    line_items: {
      id: true,
      product_id: true,
      sku: true,
      name: true,
      title: true,
      quantity: true,
      price: true,
      price_set: MONEY,
      discount_allocations: { amount: true, amount_set: MONEY },
    },
    discount_codes: { code: true },
    refunds: SHOPIFY_REFUND,
    fulfillments: SHOPIFY_FULFILLMENT,
    refund: SHOPIFY_REFUND,
  },
  woocommerce: {
    id: true,
    status: true,
    currency: true,
    payment_method: true,
    customer_id: true,
    date_created_gmt: true,
    date_paid_gmt: true,
    date_modified_gmt: true,
    date_completed_gmt: true,
    line_items: { id: true, product_id: true, sku: true, name: true, quantity: true, subtotal: true, total: true },
    refunds: { id: true, total: true },
    coupon_lines: { code: true },
  },
}

function project(value: unknown, keep: Keep): unknown {
  if (Array.isArray(value)) return value.slice(0, 500).map((item) => project(item, keep))
  if (!isObject(value)) return null
  const out: Json = {}
  for (const [name, sub] of Object.entries(keep)) {
    if (value[name] === undefined) continue
    out[name] = sub === true ? value[name] : project(value[name], sub)
  }
  return out
}

/**
 * The fields of a delivery its reading needs and none of the buyer's (no name, email, phone or
 * address; the customer only by the store's id): read again, they give the same calls (tested).
 * The ck_ref, wherever the store put it, is kept where the reader looks first.
 */
export function storeOrderFacts(kind: StoreKind, payload: unknown): Record<string, unknown> {
  if (!isObject(payload)) return {}
  const facts = project(payload, KEEP[kind]) as Json
  if (kind === 'shopify') {
    const ref = pairValue(payload.note_attributes, [CK_REF_PARAM], 'name') ?? refInUrl(payload.landing_site)
    // Order topics carry these; refunds and fulfillments do not, and their facts stay without them.
    if (payload.line_items !== undefined) facts.note_attributes = ref ? [{ name: CK_REF_PARAM, value: ref }] : []
    return facts
  }
  const ref = pairValue(payload.meta_data, [`_${CK_REF_PARAM}`, CK_REF_PARAM], 'key')
  if (payload.line_items !== undefined) facts.meta_data = ref ? [{ key: `_${CK_REF_PARAM}`, value: ref }] : []
  return facts
}
