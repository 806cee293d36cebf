// Which addresses a webhook may be sent to (decisions 182 and 254). The WHATWG URL parser (the
// Worker's `new URL`) already turns every IPv4 spelling (0x7f.1, 2130706433, 0177.0.0.1, 127.1) into
// dotted decimal and every IPv6 one into its compressed form, so only those two forms are read
// here. Names are not resolved (a Worker's fetch cannot reach private networks anyway); names that
// carry an address in them, or that no public resolver answers, are refused by their spelling.

import { withoutCredentials } from '../contract/links'
import { WEBHOOK_MESSAGES } from '../contract/webhooks'

export type UrlRules = {
  /** A local run (`npm start`, the tests): loopback addresses are allowed, over http too. */
  local: boolean
}

type HostKind = 'public' | 'loopback' | 'reserved'

/** A block of addresses: its first address, prefix length and what the registry calls it. */
type Block = readonly [prefix: string, length: number, name: string]

/**
 * IANA IPv4 Special-Purpose Address Registry (RFC 6890 and its updates), every entry, whatever its
 * "globally reachable" column says: no webhook receiver lives in any of them. Multicast
 * (224.0.0.0/4) is in IANA's IPv4 Multicast Address Space Registry rather than this one.
 */
export const IPV4_SPECIAL: readonly Block[] = [
  ['0.0.0.0', 8, '"This network" (RFC 791)'],
  ['10.0.0.0', 8, 'Private-Use (RFC 1918)'],
  ['100.64.0.0', 10, 'Shared Address Space (RFC 6598)'],
  ['127.0.0.0', 8, 'Loopback (RFC 1122)'],
  ['169.254.0.0', 16, 'Link Local (RFC 3927)'],
  ['172.16.0.0', 12, 'Private-Use (RFC 1918)'],
  ['192.0.0.0', 24, 'IETF Protocol Assignments (RFC 6890), with DS-Lite, PCP, TURN and NAT64 discovery'],
  ['192.0.2.0', 24, 'Documentation TEST-NET-1 (RFC 5737)'],
  ['192.31.196.0', 24, 'AS112-v4 (RFC 7535)'],
  ['192.52.193.0', 24, 'AMT (RFC 7450)'],
  ['192.88.99.0', 24, 'Deprecated 6to4 Relay Anycast (RFC 7526)'],
  ['192.168.0.0', 16, 'Private-Use (RFC 1918)'],
  ['192.175.48.0', 24, 'Direct Delegation AS112 Service (RFC 7534)'],
  ['198.18.0.0', 15, 'Benchmarking (RFC 2544)'],
  ['198.51.100.0', 24, 'Documentation TEST-NET-2 (RFC 5737)'],
  ['203.0.113.0', 24, 'Documentation TEST-NET-3 (RFC 5737)'],
  ['224.0.0.0', 4, 'Multicast (RFC 5771)'],
  ['240.0.0.0', 4, 'Reserved (RFC 1112), with the Limited Broadcast 255.255.255.255/32 (RFC 919)'],
]

/**
 * IANA IPv6 Special-Purpose Address Registry, every entry. Addresses outside 2000::/3, the only
 * block the IPv6 Address Space Registry allocates as Global Unicast, are refused before these are
 * read (that takes ::/128, ::1/128, the IPv4-mapped ::ffff:0:0/96 and IPv4-translated
 * ::ffff:0:0:0/96, 64:ff9b::/96, 100::/64, fc00::/7, fe80::/10, the deprecated fec0::/10 and
 * multicast ff00::/8); the entries below that fall outside it are kept so the table is the registry.
 */
export const IPV6_SPECIAL: readonly Block[] = [
  ['::1', 128, 'Loopback Address (RFC 4291)'],
  ['::', 128, 'Unspecified Address (RFC 4291)'],
  ['::ffff:0:0', 96, 'IPv4-mapped Address (RFC 4291)'],
  ['64:ff9b::', 96, 'IPv4-IPv6 Translat. (RFC 6052)'],
  ['64:ff9b:1::', 48, 'IPv4-IPv6 Translat. (RFC 8215)'],
  ['100::', 64, 'Discard-Only Address Block (RFC 6666)'],
  ['100:0:0:1::', 64, 'Dummy IPv6 Prefix (RFC 9780)'],
  ['2001::', 23, 'IETF Protocol Assignments (RFC 2928): TEREDO, benchmarking, AMT, AS112, ORCHIDv2, DRIP'],
  ['2001:db8::', 32, 'Documentation (RFC 3849)'],
  ['2002::', 16, '6to4 (RFC 3056)'],
  ['2620:4f:8000::', 48, 'Direct Delegation AS112 Service (RFC 7534)'],
  ['3fff::', 20, 'Documentation (RFC 9637)'],
  ['5f00::', 16, 'Segment Routing (SRv6) SIDs (RFC 9602)'],
  ['fc00::', 7, 'Unique-Local (RFC 4193)'],
  ['fe80::', 10, 'Link-Local Unicast (RFC 4291)'],
]

/**
 * Names no public resolver answers (IANA Special-Use Domain Names, RFC 6761, and ICANN's
 * `.internal`), matched as the last label: `.arpa` takes home.arpa, in-addr.arpa and ip6.arpa.
 */
const SPECIAL_USE_TLDS = new Set(['localhost', 'local', 'test', 'invalid', 'example', 'internal', 'onion', 'alt', 'arpa'])

/**
 * Public wildcard-DNS services that answer any address spelled in the name (`10.0.0.1.nip.io`,
 * `app-7f000001.sslip.io`) and names that resolve to loopback, refused with every subdomain.
 */
export const WILDCARD_DNS_DOMAINS = ['nip.io', 'sslip.io', 'xip.io', 'nip.direct', 'localtest.me', 'lvh.me', 'vcap.me', 'traefik.me', 'lacolhost.com', 'fuf.me']

function ipv4(host: string): number | null {
  const parts = host.split('.')
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p))) return null
  const bytes = parts.map(Number)
  return bytes.every((b) => b <= 255) ? ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0 : null
}

/** The 128-bit value of a bracket-less IPv6 address in the parser's form (an IPv4 tail is allowed), or null. */
function ipv6(host: string): bigint | null {
  if (!host.includes(':')) return null
  let text = host
  const v4Tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text)
  if (v4Tail) {
    const v4 = ipv4(v4Tail[1])
    if (v4 === null) return null
    text = `${text.slice(0, -v4Tail[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null]
  const read = (s: string) => (s === '' ? [] : s.split(':'))
  const front = read(head)
  const back = tail === null ? [] : read(tail)
  const groups = tail === null ? front : [...front, ...new Array(8 - front.length - back.length).fill('0'), ...back]
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null
  return groups.reduce((n, g) => (n << 16n) | BigInt(Number.parseInt(g, 16)), 0n)
}

const v4Blocks = IPV4_SPECIAL.map(([p, len]) => ({ base: ipv4(p) as number, len }))
const v6Blocks = IPV6_SPECIAL.map(([p, len]) => ({ base: ipv6(p) as bigint, len: BigInt(len) }))

const inV4 = (a: number, base: number, len: number) => a >>> (32 - len) === base >>> (32 - len)
const inV6 = (a: bigint, base: bigint, len: bigint) => a >> (128n - len) === base >> (128n - len)

function ipv4Kind(a: number): HostKind {
  if (a >>> 24 === 127) return 'loopback'
  return v4Blocks.some((b) => inV4(a, b.base, b.len)) ? 'reserved' : 'public'
}

function ipv6Kind(a: bigint): HostKind {
  if (a === 1n) return 'loopback'
  // Only 2000::/3 is allocated as global unicast; every form that carries an IPv4 address
  // (mapped, translated, compatible, NAT64, 6to4) is outside it or in the table, so refused outright.
  if (a >> 125n !== 1n) return 'reserved'
  return v6Blocks.some((b) => inV6(a, b.base, b.len)) ? 'reserved' : 'public'
}

/** Four labels in a row that are each a number up to 255 (`127.0.0.1.example.com`). */
function hasDottedQuad(labels: string[]): boolean {
  let run = 0
  for (const label of labels) {
    run = /^\d{1,3}$/.test(label) && Number(label) <= 255 ? run + 1 : 0
    if (run === 4) return true
  }
  return false
}

/** A label spelling an address with dashes (`10-0-0-1`, `app-127-0-0-1`), as wildcard DNS services read it. */
const DASHED_QUAD = /(?:^|[^\d])\d{1,3}-\d{1,3}-\d{1,3}-\d{1,3}(?:[^\d]|$)/

function nameKind(host: string): HostKind {
  const labels = host.split('.')
  const tld = labels[labels.length - 1]
  if (tld === 'localhost') return 'loopback'
  // A single label (`intranet`) is a local name; a public webhook receiver has a domain.
  if (labels.length < 2 || SPECIAL_USE_TLDS.has(tld)) return 'reserved'
  if (WILDCARD_DNS_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`))) return 'reserved'
  if (hasDottedQuad(labels) || labels.some((l) => DASHED_QUAD.test(l))) return 'reserved'
  return 'public'
}

function hostKind(hostname: string): HostKind {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host.startsWith('[')) {
    const v6 = ipv6(host.slice(1, -1))
    return v6 === null ? 'reserved' : ipv6Kind(v6)
  }
  const v4 = ipv4(host)
  return v4 === null ? nameKind(host) : ipv4Kind(v4)
}

/** The URL as it may be shown back: any `user:password@` taken out (decisions 254 and 285). */
export const shownUrl = (raw: string): string => withoutCredentials(raw)

/** The URL as it will be called, or the reason it is refused (the contract's words). */
export function checkEndpointUrl(raw: string, rules: UrlRules): { ok: true; url: string } | { ok: false; message: string } {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return { ok: false, message: WEBHOOK_MESSAGES.urlInvalid }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: WEBHOOK_MESSAGES.urlHttps }
  // A password in the address would be stored in clear and shown in logs and lists.
  if (url.username || url.password) return { ok: false, message: WEBHOOK_MESSAGES.urlCredentials }
  const kind = hostKind(url.hostname)
  if (kind === 'reserved') return { ok: false, message: WEBHOOK_MESSAGES.urlPrivate }
  if (kind === 'loopback' && !rules.local) return { ok: false, message: WEBHOOK_MESSAGES.urlPrivate }
  // Plain http only to this machine in a local run, so people can try a receiver on their laptop.
  if (url.protocol === 'http:' && kind !== 'loopback') return { ok: false, message: WEBHOOK_MESSAGES.urlHttps }
  return { ok: true, url: url.href }
}
