// Order webhooks in (decision 191): a Shopify or WooCommerce store posts its orders to
// /api/v1/stores/{kind}/{storeId}. The store's signature authenticates the call (no API key); the
// delivery id makes a replay write nothing new; every signed delivery is kept as a store event,
// matched or not, so nothing a store sent is lost.

import { isUnmatched, STORE_MESSAGES, type StoreKind, type StoreOutcome } from '../contract/stores'
import type { Db } from '../db/client'
import { isUniqueViolation } from '../db/client'
import { findStoreToReceive, hasDelivery, insertStoreEvent } from '../db/stores'
import { DomainError, Forbidden, NotFound } from '../domain/errors'
import { unseal } from '../domain/secret-box'
import { sha256Hex } from '../domain/secrets'
import {
  isWooPing,
  readShopifyDelivery,
  readWooDelivery,
  STORE_BODY_KEPT_BYTES,
  STORE_HEADERS,
  STORE_RAW_BODY_DAYS,
  type StoreOrderAction,
  storeBuyerContacts,
  storeOrderFacts,
  storeOrderId,
  verifyStoreSignature,
} from '../domain/store-webhooks'
import type { Events } from './event-sink'
import { sealContext } from './stores'

const DAY_MS = 24 * 60 * 60_000

/**
 * What turns an order into a conversion or a reversal (services/store-conversions.ts); the lead's
 * status change it makes raises its own event on the sink (decision 276).
 */
export type StoreOrderSink = {
  convert: (
    db: Db,
    events: Events,
    // A ck_ref, else the order's discount codes (a creator code among them attributes it).
    order: {
      vendorId: number
      kind: StoreKind
      by: { ref: string } | { codes: string[] }
      orderId: string
      amountPaise: number | null
      occurredAt: string | null
    },
  ) => Promise<void>
  reverse: (db: Db, events: Events, order: { vendorId: number; kind: StoreKind; orderId: string }) => Promise<void>
}

export type StoreDelivery = { body: ArrayBuffer; header: (name: string) => string | undefined }
export type DeliveryAnswer = { message: typeof STORE_MESSAGES.received | typeof STORE_MESSAGES.duplicate; outcome: StoreOutcome | null }

const keptBody = (body: ArrayBuffer) => new TextDecoder().decode(body.byteLength > STORE_BODY_KEPT_BYTES ? body.slice(0, STORE_BODY_KEPT_BYTES) : body)

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

type Settled = { outcome: StoreOutcome; detail: string | null; ref: string | null; orderId: string | null }

/** Carries the order's action out; a refusal of the conversion is the outcome, never an error of the delivery. */
async function settle(
  db: Db,
  events: Events,
  sink: StoreOrderSink,
  vendorId: number,
  kind: StoreKind,
  storeId: number,
  action: StoreOrderAction,
): Promise<Settled> {
  if (action.action === 'ignore') return { outcome: 'ignored', detail: action.reason, ref: null, orderId: action.orderId }
  const orderId = storeOrderId(kind, storeId, action.orderId)
  try {
    if (action.action === 'reverse') {
      await sink.reverse(db, events, { vendorId, kind, orderId })
      return { outcome: 'reversed', detail: null, ref: null, orderId: action.orderId }
    }
    if (!action.ref && action.codes.length === 0) return { outcome: 'no_ref', detail: null, ref: null, orderId: action.orderId }
    const by = action.ref ? { ref: action.ref } : { codes: action.codes }
    await sink.convert(db, events, { vendorId, kind, by, orderId, amountPaise: action.amountPaise, occurredAt: action.occurredAt })
    return { outcome: 'converted', detail: null, ref: action.ref, orderId: action.orderId }
  } catch (err) {
    if (!(err instanceof DomainError)) throw err
    const ref = action.action === 'convert' ? action.ref : null
    // The only 404 of a conversion by ref is a ref no visit of this vendor matches.
    const outcome: StoreOutcome = err instanceof NotFound && action.action === 'convert' && action.ref ? 'unknown_ref' : 'refused'
    return { outcome, detail: err.message, ref, orderId: action.orderId }
  }
}

/**
 * Checks and records one delivery. Signature missing or wrong, unknown (or erased) store, or a
 * store of the other kind: the same 404, nothing written, so an address tells nothing of which
 * stores exist (decision 258). A delivery id seen before: 'Already received', nothing written. WooCommerce's
 * unsigned ping when its webhook is saved: 200 for any address, nothing written (WooCommerce
 * refuses to save otherwise).
 */
export async function receiveStoreDelivery(
  db: Db,
  events: Events,
  masterSecret: string,
  sink: StoreOrderSink,
  kind: StoreKind,
  storeId: number,
  delivery: StoreDelivery,
): Promise<DeliveryAnswer> {
  const found = await findStoreToReceive(db, storeId)
  const store = found?.store.kind === kind ? found.store : undefined
  const headers = STORE_HEADERS[kind]
  const signature = delivery.header(headers.signature) ?? null
  const text = keptBody(delivery.body)
  if (!signature && delivery.body.byteLength < 64 && isWooPing(kind, text)) return { message: STORE_MESSAGES.received, outcome: null }
  const secret = store ? await unseal(store.secretSealed, sealContext(store.VendorID), masterSecret) : null
  // Without a store the signature is still checked (against nothing that can match): the same work either way.
  const signed = await verifyStoreSignature(delivery.body, signature, secret ?? 'no store has this secret')
  if (!found || !store || !secret || !signed) throw new NotFound(STORE_MESSAGES.forged)
  // Only the store itself learns that its vendor is suspended: after the signature. Nothing is
  // kept (the order carries the buyer's contacts); the store retries, then gives up (decision 241).
  if (found.vendorHeld) throw new Forbidden(STORE_MESSAGES.vendorSuspended)

  // A store always sends its delivery id; without one, the body's digest stands in, so the same delivery still counts once.
  const deliveryId = delivery.header(headers.delivery)?.trim().slice(0, 200) || `sha256:${await sha256Hex(text)}`
  if (await hasDelivery(db, store.StoreID, deliveryId)) return { message: STORE_MESSAGES.duplicate, outcome: null }

  const topic = (delivery.header(headers.topic) ?? '').trim().slice(0, 100)
  const payload = delivery.body.byteLength > STORE_BODY_KEPT_BYTES ? parseJson(new TextDecoder().decode(delivery.body)) : parseJson(text)
  const action = kind === 'shopify' ? readShopifyDelivery(topic, payload) : readWooDelivery(topic, payload)
  const settled = await settle(db, events, sink, store.VendorID, kind, store.StoreID, action)
  const { ref, ...facts } = settled
  // The raw body is kept a while (a mapping fixed later can be checked against what the store
  // sent), then only the order's facts (decision 243).
  const rawUntil = new Date(Date.now() + STORE_RAW_BODY_DAYS * DAY_MS).toISOString()
  const orderFacts = JSON.stringify(storeOrderFacts(kind, payload))
  const row = { StoreID: store.StoreID, deliveryId, topic, body: text, facts: orderFacts, rawUntil, ...facts, ckRef: ref }
  try {
    await insertStoreEvent(db, row, storeBuyerContacts(payload), isUnmatched(settled.outcome))
  } catch (err) {
    // The same delivery arriving twice at once: the other one recorded it (the conversion itself is idempotent by order id).
    if (isUniqueViolation(err)) return { message: STORE_MESSAGES.duplicate, outcome: null }
    throw err
  }
  return { message: STORE_MESSAGES.received, outcome: settled.outcome }
}
