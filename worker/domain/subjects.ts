// Rate-limit subjects (rate_events.subject) are keyed hashes, never the email or network address
// itself: a failed sign-in must not leave the address in D1 for the hour its row lives, and the
// erasure of an account cannot reach rows that name no account. A plain SHA-256 would not do: an
// IPv4 address (2^32 values) or a leaked list of emails is reversed by hashing every candidate.
// The key is derived from JWT_SECRET (HMAC of a fixed label), so no new secret has to be set, and
// the same input under the same secret always gives the same subject: the limits still count.

const LABEL = 'collabkart/rate-limit-subject/v1'
const encoder = new TextEncoder()
const keys = new Map<string, Promise<CryptoKey>>()

const importHmac = (raw: BufferSource) => crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])

function subjectKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret)
  if (!key) {
    key = importHmac(encoder.encode(secret)).then(async (master) => importHmac(await crypto.subtle.sign('HMAC', master, encoder.encode(LABEL))))
    keys.set(secret, key)
  }
  return key
}

/** The subject a limit counts `value` under, within `scope`: 32 hex characters (128 bits of HMAC-SHA256). */
export async function rateSubject(secret: string, scope: string, value: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await subjectKey(secret), encoder.encode(`${scope}\n${value}`))
  return [...new Uint8Array(mac).slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * The network a request came from, as the failed-login limit counts it (decision 256): an IPv4
 * address as it is, an IPv6 one by its /64 (one subscriber's line gets a whole /64, so counting
 * single addresses would give a guesser 2^64 fresh networks).
 */
export function networkOf(ip: string | undefined): string {
  const text = (ip ?? '').trim().toLowerCase()
  if (!text) return 'local'
  if (!text.includes(':')) return text
  const [head, tail] = text.includes('::') ? text.split('::') : [text, '']
  const front = head ? head.split(':') : []
  const back = tail ? tail.split(':') : []
  const groups = [...front, ...new Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back]
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
