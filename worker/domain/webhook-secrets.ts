// Webhook signing secrets (decision 181). Each endpoint has its own `whsec_` secret, which
// must be recovered to sign every delivery, so it is kept sealed with AES-GCM under a key derived
// (HKDF-SHA-256) from JWT_SECRET with its own label: a database copy alone does not reveal it.
// Signatures are the Standard Webhooks ones, made by the `standardwebhooks` package.

import { Webhook } from 'standardwebhooks'

/** 'whsec_' + base64 of 32 random bytes, as Standard Webhooks (and Svix) write secrets. */
export function newWebhookSecret(): string {
  return `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))}`
}

/** 'msg_' + 24 random base32-ish characters: the webhook-id, unique per delivery. */
export function newMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(15))
  return `msg_${btoa(String.fromCharCode(...bytes))
    .replaceAll('+', 'A')
    .replaceAll('/', 'B')}`
}

const SEAL_LABEL = new TextEncoder().encode('collabkart webhook secrets v1')
const keys = new Map<string, Promise<CryptoKey>>()

function sealingKey(jwtSecret: string): Promise<CryptoKey> {
  let key = keys.get(jwtSecret)
  if (!key) {
    key = crypto.subtle
      .importKey('raw', new TextEncoder().encode(jwtSecret), 'HKDF', false, ['deriveKey'])
      .then((base) =>
        crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: SEAL_LABEL }, base, { name: 'AES-GCM', length: 256 }, false, [
          'encrypt',
          'decrypt',
        ]),
      )
    keys.set(jwtSecret, key)
  }
  return key
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/** 'v1.<iv>.<ciphertext>' in base64: the format's version first, so the key can change later. */
export async function sealSecret(secret: string, jwtSecret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await sealingKey(jwtSecret), new TextEncoder().encode(secret))
  return `v1.${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`
}

export async function openSecret(sealed: string, jwtSecret: string): Promise<string> {
  const [version, iv, data] = sealed.split('.')
  if (version !== 'v1' || !iv || !data) throw new Error('Unknown sealed secret format')
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(iv) }, await sealingKey(jwtSecret), fromBase64(data))
  return new TextDecoder().decode(plain)
}

export type SignedHeaders = { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string }

/**
 * The Standard Webhooks headers for one attempt. With more than one secret (a rotation's 24 hours)
 * each signs and the signatures go space-separated, as the spec allows: a receiver holding either
 * secret verifies.
 */
export function signDelivery(secrets: string[], msgId: string, at: Date, body: string): SignedHeaders {
  const signature = secrets.map((secret) => new Webhook(secret).sign(msgId, at, body)).join(' ')
  return { 'webhook-id': msgId, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature }
}
