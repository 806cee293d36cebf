// Which addresses a webhook may be sent to (issue 34; decision 182). The WHATWG URL parser (the
// Worker's `new URL`) already turns every IPv4 spelling (0x7f.1, 2130706433, 0177.0.0.1, 127.1) into
// dotted decimal and every IPv6 one into its compressed form, so only those two forms are checked
// here. Names are not resolved: a Worker's fetch cannot reach private networks anyway.

import { WEBHOOK_MESSAGES } from '../contract/webhooks'

export type UrlRules = {
  /** A local run (`npm start`, the tests): loopback addresses are allowed, over http too. */
  local: boolean
}

type HostKind = 'public' | 'loopback' | 'private'

function ipv4(host: string): number[] | null {
  const parts = host.split('.')
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p))) return null
  const bytes = parts.map(Number)
  return bytes.every((b) => b <= 255) ? bytes : null
}

function ipv4Kind([a, b]: number[]): HostKind {
  if (a === 127) return 'loopback'
  // 0.0.0.0/8 ("this network"; 0.0.0.0 reaches the machine itself on most systems).
  if (a === 0 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)) return 'private'
  return 'public'
}

/** The eight 16-bit groups of a bracket-less IPv6 address in the parser's form, or null. */
function ipv6Groups(host: string): number[] | null {
  if (!host.includes(':')) return null
  const [head, tail] = host.includes('::') ? host.split('::') : [host, null]
  const read = (s: string) => (s === '' ? [] : s.split(':').map((g) => Number.parseInt(g, 16)))
  const front = read(head)
  const back = tail === null ? [] : read(tail)
  const groups = tail === null ? front : [...front, ...new Array(8 - front.length - back.length).fill(0), ...back]
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null
}

function ipv6Kind(g: number[]): HostKind {
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0)
  if (zeroUpTo(7) && g[7] === 1) return 'loopback'
  if (zeroUpTo(8)) return 'private'
  // IPv4-mapped (::ffff:a.b.c.d) and the deprecated IPv4-compatible (::a.b.c.d) forms carry an IPv4 address.
  if (zeroUpTo(5) && (g[5] === 0xffff || g[5] === 0)) return ipv4Kind([g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff])
  if ((g[0] & 0xfe00) === 0xfc00) return 'private' // fc00::/7, unique local
  if ((g[0] & 0xffc0) === 0xfe80) return 'private' // fe80::/10, link-local
  return 'public'
}

function hostKind(hostname: string): HostKind {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback'
  const v4 = ipv4(host)
  if (v4) return ipv4Kind(v4)
  const v6 = host.startsWith('[') ? ipv6Groups(host.slice(1, -1)) : null
  return v6 ? ipv6Kind(v6) : 'public'
}

/** The URL as it will be called, or the reason it is refused (the contract's words). */
export function checkEndpointUrl(raw: string, rules: UrlRules): { ok: true; url: string } | { ok: false; message: string } {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return { ok: false, message: WEBHOOK_MESSAGES.urlInvalid }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: WEBHOOK_MESSAGES.urlHttps }
  const kind = hostKind(url.hostname)
  if (kind === 'private') return { ok: false, message: WEBHOOK_MESSAGES.urlPrivate }
  if (kind === 'loopback' && !rules.local) return { ok: false, message: WEBHOOK_MESSAGES.urlPrivate }
  // Plain http only to this machine in a local run, so people can try a receiver on their laptop.
  if (url.protocol === 'http:' && kind !== 'loopback') return { ok: false, message: WEBHOOK_MESSAGES.urlHttps }
  return { ok: true, url: url.href }
}
