// Cashfree Payouts V2 (decision 297): x-client-id / x-client-secret / x-api-version headers,
// beneficiaries, standard transfers keyed by our transfer_id, transfer status, and V2 webhooks
// signed with x-webhook-signature = base64 HMAC-SHA256 of x-webhook-timestamp + raw body.

import { callProvider, hmacSha256, refuse, sameText, toBase64 } from './http'
import type { Credentials, Fetcher, Payee, PayoutProvider, ProviderPayout, ProviderState, SendPayout } from './types'

type Cashfree = Extract<Credentials, { provider: 'cashfree' }>

export const CASHFREE_API_VERSION = '2024-01-01'

/** How far a webhook's signed x-webhook-timestamp may be from our clock (decision 297). */
export const CASHFREE_WEBHOOK_TOLERANCE_MS = 5 * 60_000

/** x-webhook-timestamp in milliseconds: Cashfree's samples use milliseconds; seconds are accepted too. */
function timestampMs(value: string): number | null {
  if (!/^\d{1,16}$/.test(value)) return null
  const n = Number(value)
  return n < 1e12 ? n * 1000 : n
}

const STATES: Record<string, ProviderState> = {
  RECEIVED: 'processing',
  PENDING: 'processing',
  APPROVAL_PENDING: 'queued',
  SCHEDULED: 'queued',
  QUEUED: 'queued',
  SUCCESS: 'paid',
  COMPLETED: 'paid',
  FAILED: 'failed',
  REJECTED: 'failed',
  REVERSED: 'reversed',
}

const messageOf = (json: Record<string, unknown>) => String(json.message ?? json.status_description ?? '')

function transferOf(data: Record<string, unknown>): ProviderPayout {
  return {
    key: String(data.transfer_id ?? ''),
    ref: data.cf_transfer_id === undefined || data.cf_transfer_id === null ? null : String(data.cf_transfer_id),
    state: STATES[String(data.status)] ?? 'processing',
    utr: typeof data.transfer_utr === 'string' && data.transfer_utr ? data.transfer_utr : null,
    reason: typeof data.status_description === 'string' ? data.status_description : null,
  }
}

export function cashfree(creds: Cashfree, base: string, fetcher: Fetcher): PayoutProvider {
  const send = (method: string, path: string, body?: unknown) =>
    callProvider(
      fetcher,
      new Request(`${base}${path}`, {
        method,
        headers: {
          'x-client-id': creds.clientId,
          'x-client-secret': creds.clientSecret,
          'x-api-version': CASHFREE_API_VERSION,
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      messageOf,
    )
  const status = async (key: string) => {
    const res = await send('GET', `/transfers?transfer_id=${encodeURIComponent(key)}`)
    if (res.status === 404) return null
    if (res.status >= 300) refuse(res)
    return transferOf(res.json)
  }

  return {
    async check() {
      // A transfer id that was never used: 404 means Cashfree accepted the keys from this address.
      const res = await send('GET', '/transfers?transfer_id=ck_connection_check')
      if (res.status === 404 || res.status === 200) return { ok: true, message: 'Connected: Cashfree accepted the client id and secret from this address' }
      if (res.status === 401) return { ok: false, message: 'Cashfree refused the client id or client secret' }
      return {
        ok: false,
        message: `Cashfree refused the call: ${res.json.__message || res.status}. If it names the IP address, allow-list the Worker's egress address (docs/deploy.md)`,
      }
    },
    async addPayee(payee: Payee) {
      const res = await send('POST', '/beneficiary', {
        beneficiary_id: payee.referenceId,
        beneficiary_name: payee.name,
        beneficiary_instrument_details: payee.method === 'UPI' ? { vpa: payee.vpa } : { bank_account_number: payee.accountNumber, bank_ifsc: payee.ifsc },
        beneficiary_contact_details: { beneficiary_email: payee.email, beneficiary_phone: payee.phone },
      })
      // 409: made already under this id (a retry after a timeout), which is what we wanted.
      if (res.status >= 300 && res.status !== 409) refuse(res)
      return payee.referenceId
    },
    async validatePayee() {
      // Cashfree verifies accounts in its separate Secure ID product, not in Payouts V2.
      return null
    },
    async createPayout(p: SendPayout) {
      const res = await send('POST', '/transfers', {
        transfer_id: p.key,
        transfer_amount: p.amountPaise / 100,
        transfer_currency: 'INR',
        transfer_mode: p.method === 'UPI' ? 'upi' : 'imps',
        beneficiary_details: { beneficiary_id: p.fundAccountId },
        transfer_remarks: p.narration.replace(/[^A-Za-z0-9 ]/g, ' ').slice(0, 70),
      })
      // 409: this transfer_id was accepted before (a retry): its status is the answer.
      if (res.status === 409) {
        const found = await status(p.key)
        if (found) return found
      }
      if (res.status >= 300) refuse(res)
      return { ...transferOf(res.json), key: p.key }
    },
    async getPayout(key: string) {
      return status(key)
    },
    async verifyWebhook(raw: string, header: (name: string) => string | undefined, now: number) {
      const signature = header('x-webhook-signature') ?? ''
      const timestamp = header('x-webhook-timestamp') ?? ''
      const expected = toBase64(await hmacSha256(creds.webhookSecret || creds.clientSecret, timestamp + raw))
      if (!signature || !timestamp || !sameText(signature, expected)) return null
      // Signed but old (or from the future): a captured webhook replayed, refused before it moves anything.
      const at = timestampMs(timestamp)
      if (at === null || Math.abs(now - at) > CASHFREE_WEBHOOK_TOLERANCE_MS) return 'stale'
      const event = JSON.parse(raw) as { type?: string; data?: Record<string, unknown> }
      if (!event.data || !String(event.type ?? '').startsWith('TRANSFER_')) return null
      return transferOf(event.data)
    },
  }
}
