import { exports } from 'cloudflare:workers'
import type { Envelope } from '../../worker/contract/envelope'

export const ORIGIN = 'http://collabkart.test'

export type Reply<T = unknown> = { status: number; body: Envelope<T>; headers: Headers }

type CallOptions = { token?: string; json?: unknown; form?: FormData; headers?: Record<string, string> }

/** Calls the Worker through its public fetch handler, as a browser would. */
export async function call<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<Reply<T>> {
  const headers = new Headers(options.headers)
  if (options.token) headers.set('authorization', `Bearer ${options.token}`)
  let body: BodyInit | undefined
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json')
    body = JSON.stringify(options.json)
  } else if (options.form) {
    body = options.form
  }
  const res = await exports.default.fetch(new Request(`${ORIGIN}${path}`, { method, headers, body }))
  const text = await res.text()
  let parsed: Envelope<T>
  try {
    parsed = JSON.parse(text) as Envelope<T>
  } catch {
    throw new Error(`${method} ${path} answered ${res.status} with non-JSON: ${text.slice(0, 200)}`)
  }
  return { status: res.status, body: parsed, headers: res.headers }
}
