// One place that calls a provider: a timeout, a network failure or a 5xx is ProviderUnavailable
// (try again with the same key), any other refusal is ProviderRefused with the provider's words.

import { type Fetcher, ProviderRefused, ProviderUnavailable } from './types'

const TIMEOUT_MS = 15_000

export type Called = { status: number; json: Record<string, unknown> }

export async function callProvider(fetcher: Fetcher, request: Request, describe: (json: Record<string, unknown>) => string): Promise<Called> {
  let res: Response
  try {
    res = await fetcher(new Request(request, { signal: AbortSignal.timeout(TIMEOUT_MS) }))
  } catch (err) {
    throw new ProviderUnavailable(err instanceof Error ? err.message : String(err))
  }
  const text = await res.text()
  let json: Record<string, unknown> = {}
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {}
  } catch {
    json = {}
  }
  if (res.status >= 500) throw new ProviderUnavailable(`The provider answered ${res.status}`)
  return { status: res.status, json: { ...json, __message: describe(json) } }
}

export function refuse(called: Called): never {
  throw new ProviderRefused(String(called.json.__message || `The provider answered ${called.status}`), called.status)
}

export async function hmacSha256(secret: string, message: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message)))
}

export const toHex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
export const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))

/** Equal strings in time that does not depend on where they differ. */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}
