// Order webhooks in (decision 191): a Shopify or WooCommerce store posts its orders to
// /api/v1/stores/{kind}/{storeId}. The store's signature authenticates the call (no API key); the
// delivery id makes a replay write nothing new; every signed delivery is kept as a store event,
// matched or not, so nothing a store sent is lost, and can be applied again (decision 294).

import { isUnmatched, STORE_MESSAGES, type StoreEventDTO, type StoreKind, type StoreOutcome } from '../contract/stores'
import type { Db } from '../db/client'
import { isUniqueViolation } from '../db/client'
import { findStore, findStoreEvent, findStoreToReceive, hasDelivery, insertStoreEvent, setStoreEventOutcome } from '../db/stores'
import { Forbidden, NotFound } from '../domain/errors'
import { unseal } from '../domain/secret-box'
import { sha256Hex } from '../domain/secrets'
import { parseStorePayload, readStoreOrderDelivery, storeOrderFacts } from '../domain/store-orders'
import { isWooPing, STORE_BODY_KEPT_BYTES, STORE_HEADERS, STORE_RAW_BODY_DAYS, storeBuyerContacts, verifyStoreSignature } from '../domain/store-webhooks'
import type { Events } from './event-sink'
import { settleStoreOrder } from './store-orders'
import { sealContext, toEventDTO } from './stores'

const DAY_MS = 24 * 60 * 60_000

export type StoreDelivery = { body: ArrayBuffer; header: (name: string) => string | undefined }
export type DeliveryAnswer = { message: typeof STORE_MESSAGES.received | typeof STORE_MESSAGES.duplicate; outcome: StoreOutcome | null }

const keptBody = (body: ArrayBuffer) => new TextDecoder().decode(body.byteLength > STORE_BODY_KEPT_BYTES ? body.slice(0, STORE_BODY_KEPT_BYTES) : body)

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
  const payload = parseStorePayload(delivery.body.byteLength > STORE_BODY_KEPT_BYTES ? new TextDecoder().decode(delivery.body) : text)
  const settled = await settleStoreOrder(db, events, store, readStoreOrderDelivery(kind, topic, payload))
  // The raw body is kept a while (a mapping fixed later can be checked against what the store
  // sent), then only the order's facts (decision 243).
  const rawUntil = new Date(Date.now() + STORE_RAW_BODY_DAYS * DAY_MS).toISOString()
  const orderFacts = JSON.stringify(storeOrderFacts(kind, payload))
  const kept = { outcome: settled.outcome, detail: settled.detail, orderId: settled.orderId, ckRef: settled.ref }
  const row = { StoreID: store.StoreID, deliveryId, topic, body: text, facts: orderFacts, rawUntil, ...kept }
  try {
    await insertStoreEvent(db, row, storeBuyerContacts(payload), isUnmatched(settled.outcome))
  } catch (err) {
    // The same delivery arriving twice at once: the other one recorded it (every order call is idempotent by its store id).
    if (isUniqueViolation(err)) return { message: STORE_MESSAGES.duplicate, outcome: null }
    throw err
  }
  return { message: STORE_MESSAGES.received, outcome: settled.outcome }
}

/**
 * A kept event read again and applied (decision 294): from the raw body while it is kept, else from
 * the order's facts (the same calls, without the buyer's contacts). The vendor's own store only;
 * another's event is not found.
 */
export async function replayStoreEvent(db: Db, events: Events, vendorId: number, storeId: number, eventId: number): Promise<StoreEventDTO> {
  const store = await findStore(db, storeId)
  if (!store || store.VendorID !== vendorId) throw new NotFound(STORE_MESSAGES.notFound)
  const event = await findStoreEvent(db, store.StoreID, eventId)
  if (!event) throw new NotFound(STORE_MESSAGES.eventNotFound)
  // A raw body cut at 64 KB is not JSON: its facts were taken from the whole body.
  const raw = event.rawUntil !== null ? parseStorePayload(event.body) : null
  const payload = raw ?? parseStorePayload(event.facts ?? event.body)
  const read = await settleStoreOrder(db, events, store, readStoreOrderDelivery(store.kind, event.topic, payload))
  // A replay that changed nothing (every call already made) keeps what the event first became.
  const settled = read.changed || read.outcome === 'refused' || read.outcome === 'ignored' ? read : { ...read, outcome: event.outcome, detail: event.detail }
  const delta = Number(isUnmatched(settled.outcome)) - Number(isUnmatched(event.outcome))
  const row = await setStoreEventOutcome(db, event, { outcome: settled.outcome, detail: settled.detail, orderId: settled.orderId, ckRef: settled.ref }, delta)
  return toEventDTO(row)
}
