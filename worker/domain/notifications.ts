// Notification rules as plain functions (decision 140): who may turn what off, India's clock for the
// digest, the one-click unsubscribe token, and how payout details are shown without being given away.

import { isAlwaysOn, KINDS_BY_ROLE, NOTIFICATION_KINDS, type NotificationKind } from '../contract/notifications'

export type NotifiedRole = 'vendor' | 'marketer'

export const kindsOf = (role: NotifiedRole): readonly NotificationKind[] => KINDS_BY_ROLE[role]

export const receives = (role: NotifiedRole, kind: NotificationKind) => kindsOf(role).includes(kind)

/** A kind the person may turn off: one their role receives and not a security or money mail. */
export const isOptional = (role: NotifiedRole, kind: NotificationKind) => receives(role, kind) && !isAlwaysOn(kind)

/**
 * What still reaches a suspended account (docs/decisions/136): only word that its own password
 * changed, which it needs most if someone else did it. Everything else waits for no one: a
 * suspended account hears of nothing, in its bell or by mail.
 */
export const REACHES_SUSPENDED: readonly NotificationKind[] = ['password-changed']

export const reachesSuspended = (kind: NotificationKind) => REACHES_SUSPENDED.includes(kind)

export const isKind = (value: string): value is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(value)

// ---- India's clock (UTC+5:30, no daylight saving) ----------------------------------------------

// A digest hour h starts at h:00 IST, which is UTC h-5:30; one digest per vendor per India's day.
// Both come from the one helper of India's calendar (decision 259).
export { indiaDay, indiaHour } from '../contract/india-date'

// ---- One-click unsubscribe (RFC 8058) ----------------------------------------------------------
// The token names the role, the account and the kind, signed with a key derived from JWT_SECRET
// (as domain/subjects.ts derives its own), so no new secret has to be set. It does not expire: a
// mail read a year later must still turn its kind off. It can do nothing else: it names one
// optional kind, and only ever turns it off. The MAC also covers the account's token version
// (decision 258), so a password change or reset stops every older link of that account; the text
// keeps its shape (the page reads the kind from it), and version 0 signs as before.

const LABEL = 'collabkart/unsubscribe/v1'
const encoder = new TextEncoder()
const keys = new Map<string, Promise<CryptoKey>>()

const importHmac = (raw: BufferSource) => crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])

function unsubscribeKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret)
  if (!key) {
    key = importHmac(encoder.encode(secret)).then(async (master) => importHmac(await crypto.subtle.sign('HMAC', master, encoder.encode(LABEL))))
    keys.set(secret, key)
  }
  return key
}

const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/={1,2}$/, '')

async function mac(secret: string, payload: string): Promise<string> {
  const signed = await crypto.subtle.sign('HMAC', await unsubscribeKey(secret), encoder.encode(payload))
  return base64Url(new Uint8Array(signed).slice(0, 16))
}

export type Unsubscribe = { role: NotifiedRole; accountId: number; kind: NotificationKind }

/** What the MAC covers: the token's text, and the account's version once it is past 0. */
const signedPart = (text: string, version: number) => (version === 0 ? text : `${text}.v${version}`)

/** 'vendor.12.lead-new.<mac>', for the account at token version `version`. */
export async function unsubscribeToken(secret: string, u: Unsubscribe, version = 0): Promise<string> {
  const payload = `${u.role}.${u.accountId}.${u.kind}`
  return `${payload}.${await mac(secret, signedPart(payload, version))}`
}

/**
 * What a token turns off, or null for anything this API did not sign for an optional kind of an
 * account at its current version (`versionOf`: undefined for no such account).
 */
export async function readUnsubscribeToken(
  secret: string,
  token: string,
  versionOf: (role: NotifiedRole, accountId: number) => Promise<number | undefined>,
): Promise<Unsubscribe | null> {
  const match = /^(vendor|marketer)\.([1-9][0-9]{0,9})\.([a-z-]{1,40})\.([A-Za-z0-9_-]{22})$/.exec(token.trim())
  if (!match) return null
  const [, role, id, kind, sent] = match
  if (!isKind(kind)) return null
  const version = await versionOf(role as NotifiedRole, Number(id))
  if (version === undefined) return null
  const expected = await mac(secret, signedPart(`${role}.${id}.${kind}`, version))
  // Compared as MACs of the two values, so the comparison's time says nothing about the expected one.
  const [a, b] = await Promise.all([mac(secret, `cmp.${expected}`), mac(secret, `cmp.${sent}`)])
  if (a !== b) return null
  const u = { role: role as NotifiedRole, accountId: Number(id), kind }
  return isOptional(u.role, u.kind) ? u : null
}

// ---- Payout details in a notice -----------------------------------------------------------------

/** 'UPI r•••@okicici' or 'bank account ending 6789': enough to recognise, never to pay into. */
export function maskedPayoutDetails(d: { Method: 'UPI' | 'Bank'; UpiID: string | null; AccountNumber: string | null } | undefined): string {
  if (!d) return 'none on file'
  if (d.Method === 'UPI') {
    const [local = '', handle] = (d.UpiID ?? '').split('@')
    return handle ? `UPI ${local.slice(0, 1)}•••@${handle}` : 'UPI'
  }
  const digits = (d.AccountNumber ?? '').replace(/\D/g, '')
  return digits.length >= 4 ? `bank account ending ${digits.slice(-4)}` : 'bank account'
}
