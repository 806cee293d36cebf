// RazorpayX Payouts (decision 297): Basic auth with the key id and secret, contacts and fund
// accounts, fund account validation, payouts with X-Payout-Idempotency, and payout webhooks signed
// with X-Razorpay-Signature (hex HMAC-SHA256 of the raw body under the webhook secret).

import { callProvider, hmacSha256, refuse, sameText, toHex } from './http'
import type { Credentials, Fetcher, Payee, PayoutProvider, ProviderPayout, ProviderState, SendPayout } from './types'

type RazorpayX = Extract<Credentials, { provider: 'razorpayx' }>

const STATES: Record<string, ProviderState> = {
  pending: 'queued',
  queued: 'queued',
  scheduled: 'queued',
  processing: 'processing',
  processed: 'paid',
  reversed: 'reversed',
  failed: 'failed',
  rejected: 'failed',
  cancelled: 'failed',
}

const errorOf = (json: Record<string, unknown>) => {
  const error = json.error as { description?: string } | undefined
  return error?.description ?? ''
}

function payoutOf(entity: Record<string, unknown>): ProviderPayout {
  const details = entity.status_details as { description?: string; reason?: string } | null | undefined
  return {
    key: String(entity.reference_id ?? ''),
    ref: typeof entity.id === 'string' ? entity.id : null,
    state: STATES[String(entity.status)] ?? 'processing',
    utr: typeof entity.utr === 'string' && entity.utr ? entity.utr : null,
    reason: details?.description ?? details?.reason ?? null,
  }
}

export function razorpayx(creds: RazorpayX, base: string, fetcher: Fetcher): PayoutProvider {
  const auth = `Basic ${btoa(`${creds.keyId}:${creds.keySecret}`)}`
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    callProvider(
      fetcher,
      new Request(`${base}${path}`, {
        method,
        headers: { authorization: auth, 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      errorOf,
    )

  return {
    async check() {
      const res = await send('GET', `/v1/payouts?account_number=${encodeURIComponent(creds.accountNumber)}&count=1`)
      if (res.status === 200) return { ok: true, message: 'Connected: RazorpayX accepted the keys and the account number from this address' }
      if (res.status === 401) return { ok: false, message: 'RazorpayX refused the key id or key secret' }
      return {
        ok: false,
        message: `RazorpayX refused the call: ${res.json.__message || res.status}. If it names the IP address, allow-list the Worker's egress address (docs/deploy.md)`,
      }
    },
    async addPayee(payee: Payee) {
      const contact = await send('POST', '/v1/contacts', {
        name: payee.name,
        email: payee.email,
        contact: payee.phone,
        type: 'vendor',
        reference_id: payee.referenceId,
      })
      if (contact.status >= 300) refuse(contact)
      const account =
        payee.method === 'UPI'
          ? { contact_id: contact.json.id, account_type: 'vpa', vpa: { address: payee.vpa } }
          : {
              contact_id: contact.json.id,
              account_type: 'bank_account',
              bank_account: { name: payee.name, ifsc: payee.ifsc, account_number: payee.accountNumber },
            }
      const fund = await send('POST', '/v1/fund_accounts', account)
      if (fund.status >= 300) refuse(fund)
      return String(fund.json.id)
    },
    async validatePayee(fundAccountId: string) {
      const res = await send('POST', '/v1/fund_accounts/validations', {
        account_number: creds.accountNumber,
        fund_account: { id: fundAccountId },
        amount: 100,
        currency: 'INR',
      })
      if (res.status >= 300) refuse(res)
      const results = res.json.results as { registered_name?: string | null } | undefined
      return results?.registered_name ?? null
    },
    async createPayout(p: SendPayout) {
      const res = await send(
        'POST',
        '/v1/payouts',
        {
          account_number: creds.accountNumber,
          fund_account_id: p.fundAccountId,
          amount: p.amountPaise,
          currency: 'INR',
          mode: p.method === 'UPI' ? 'UPI' : 'IMPS',
          purpose: 'payout',
          // A low balance queues the payout at RazorpayX instead of failing it (the run shows "queued").
          queue_if_low_balance: true,
          reference_id: p.key,
          narration: p.narration,
        },
        { 'X-Payout-Idempotency': p.key },
      )
      if (res.status >= 300) refuse(res)
      return { ...payoutOf(res.json), key: p.key }
    },
    async getPayout(key: string, ref: string | null) {
      if (!ref) return null
      const res = await send('GET', `/v1/payouts/${encodeURIComponent(ref)}`)
      if (res.status === 404) return null
      if (res.status >= 300) refuse(res)
      return { ...payoutOf(res.json), key }
    },
    async verifyWebhook(raw: string, header: (name: string) => string | undefined) {
      const signature = header('x-razorpay-signature') ?? ''
      const expected = toHex(await hmacSha256(creds.webhookSecret, raw))
      if (!signature || !sameText(signature, expected)) return null
      const event = JSON.parse(raw) as { event?: string; payload?: { payout?: { entity?: Record<string, unknown> } } }
      const entity = event.payload?.payout?.entity
      if (!entity || !String(event.event ?? '').startsWith('payout.')) return null
      return payoutOf(entity)
    },
  }
}
