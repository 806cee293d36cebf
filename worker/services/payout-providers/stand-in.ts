// Local stand-ins of RazorpayX Payouts and Cashfree Payouts V2 (decision 298): the endpoints
// Collabkart calls, answering as the providers' references show, and the signed webhooks they
// send. The Worker calls them in-process instead of the network when PAYOUT_STAND_IN is "1" (the
// tests' bindings and `npm start`); state lives in this module, so the tests drive it directly:
// open an account, inject a fault, settle a payout, take the webhooks and deliver them in any
// order, twice. Never reachable in a deployed Worker (the binding is not in wrangler.toml).

import { hmacSha256, toBase64, toHex } from './http'
import { CASHFREE_API_VERSION } from './cashfree'
import { DEMO_RAZORPAYX } from './demo-account'
import type { ProviderName } from './types'

export const STAND_IN_BASE: Record<ProviderName, string> = {
  razorpayx: 'https://stand-in.payouts.invalid/razorpayx',
  cashfree: 'https://stand-in.payouts.invalid/cashfree/payout',
}

/** What the next create-payout call does instead of answering normally. */
export type Fault = 'timeout-after-accept' | 'server-error' | 'low-balance'

export type Outcome = 'processed' | 'failed' | 'reversed'

type Account = { provider: ProviderName; id: string; secret: string; accountNumber: string; webhookSecret: string; vendorId: number }

type Payout = {
  provider: ProviderName
  account: string
  id: string
  key: string
  body: string
  amountPaise: number
  fundAccountId: string
  status: string
  utr: string | null
  reason: string | null
  createdAt: number
}

export type Delivery = { path: string; headers: Record<string, string>; body: string }

const state = {
  accounts: new Map<string, Account>(),
  fundAccounts: new Map<string, { contactId: string; name: string; vpa?: string; account?: string }>(),
  contacts: new Map<string, { name: string }>(),
  beneficiaries: new Map<string, { name: string }>(),
  payouts: new Map<string, Payout>(),
  faults: [] as Fault[],
  deliveries: [] as Delivery[],
  seq: 0,
  creates: 0,
}

const next = (prefix: string) => `${prefix}${Date.now().toString(36)}${String(state.seq++).padStart(6, '0')}`

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const rzpError = (status: number, description: string, field: string | null = null) =>
  json(status, { error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: null, reason: null, metadata: {}, field } })

export const standIn = {
  /** Opens a payouts account the stand-in will accept (id: a key id or client id). */
  openAccount(account: Account) {
    state.accounts.set(`${account.provider}:${account.id}`, account)
  },
  /** Opens the demo account for a vendor, unless open. */
  openDemo(vendorId: number) {
    if (state.accounts.has(`razorpayx:${DEMO_RAZORPAYX.KeyID}`)) return
    standIn.openAccount({
      provider: 'razorpayx',
      id: DEMO_RAZORPAYX.KeyID,
      secret: DEMO_RAZORPAYX.KeySecret,
      accountNumber: DEMO_RAZORPAYX.AccountNumber,
      webhookSecret: DEMO_RAZORPAYX.WebhookSecret,
      vendorId,
    })
  },
  /** The next create-payout calls fail this way, one fault per call. */
  inject(...faults: Fault[]) {
    state.faults.push(...faults)
  },
  /** Moves a payout (by our key) to an outcome and queues its signed webhook. */
  async settle(key: string, outcome: Outcome, options: { utr?: string; reason?: string } = {}) {
    const p = state.payouts.get(key)
    if (!p) throw new Error(`stand-in: no payout ${key}`)
    if (outcome === 'processed') p.utr = options.utr ?? p.utr ?? `UTR${String(state.seq++).padStart(9, '0')}${p.id.slice(-3).toUpperCase()}`
    if (outcome !== 'processed') p.reason = options.reason ?? (outcome === 'failed' ? 'Beneficiary bank offline' : 'Beneficiary account closed')
    p.status = p.provider === 'razorpayx' ? outcome : { processed: 'SUCCESS', failed: 'FAILED', reversed: 'REVERSED' }[outcome]
    await queueWebhook(p)
  },
  /** Settles every payout still open. */
  async settleAll(outcome: Outcome) {
    for (const p of state.payouts.values()) if (isOpen(p)) await standIn.settle(p.key, outcome)
  },
  /** The signed webhooks queued since the last call, oldest first. */
  takeDeliveries(): Delivery[] {
    return state.deliveries.splice(0)
  },
  /** How many payouts the stand-in has (one per key: a retried key is still one). */
  payoutCount: (account?: string) => [...state.payouts.values()].filter((p) => !account || p.account === account).length,
  /** Create-payout requests received, retries included. */
  createCalls: () => state.creates,
  payout: (key: string) => state.payouts.get(key),
  fetch: (request: Request) => handle(request),
}

const isOpen = (p: Payout) => ['queued', 'processing', 'pending', 'RECEIVED', 'PENDING', 'QUEUED'].includes(p.status)

function rzpEntity(p: Payout) {
  return {
    id: p.id,
    entity: 'payout',
    fund_account_id: p.fundAccountId,
    amount: p.amountPaise,
    currency: 'INR',
    fees: 0,
    tax: 0,
    status: p.status,
    utr: p.utr,
    mode: 'IMPS',
    purpose: 'payout',
    reference_id: p.key,
    status_details: p.reason ? { reason: 'stand_in', description: p.reason, source: 'beneficiary_bank' } : null,
    created_at: Math.floor(p.createdAt / 1000),
  }
}

function cfTransfer(p: Payout) {
  return {
    transfer_id: p.key,
    cf_transfer_id: p.id,
    status: p.status,
    status_code: p.status,
    status_description: p.reason ?? 'The transfer has been received by Cashfree successfully for further processing.',
    beneficiary_details: { beneficiary_id: p.fundAccountId },
    transfer_amount: p.amountPaise / 100,
    transfer_utr: p.utr,
    transfer_mode: 'BANK',
    added_on: new Date(p.createdAt).toISOString(),
    updated_on: new Date().toISOString(),
  }
}

async function queueWebhook(p: Payout) {
  const account = [...state.accounts.values()].find((a) => `${a.provider}:${a.id}` === p.account)
  if (!account) return
  const path = `/api/money/payout-webhooks/${p.provider}/${account.vendorId}`
  if (p.provider === 'razorpayx') {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_standin',
      event: `payout.${p.status}`,
      contains: ['payout'],
      payload: { payout: { entity: rzpEntity(p) } },
      created_at: Math.floor(Date.now() / 1000),
    })
    const signature = toHex(await hmacSha256(account.webhookSecret, body))
    state.deliveries.push({ path, headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature }, body })
    return
  }
  const type = { SUCCESS: 'TRANSFER_SUCCESS', FAILED: 'TRANSFER_FAILED', REVERSED: 'TRANSFER_REVERSED' }[p.status] ?? 'TRANSFER_ACKNOWLEDGED'
  const body = JSON.stringify({ type, event_time: new Date().toISOString(), data: cfTransfer(p) })
  const timestamp = String(Date.now())
  const signature = toBase64(await hmacSha256(account.webhookSecret || account.secret, timestamp + body))
  state.deliveries.push({
    path,
    headers: {
      'content-type': 'application/json',
      'x-webhook-signature': signature,
      'x-webhook-timestamp': timestamp,
      'x-webhook-version': CASHFREE_API_VERSION,
    },
    body,
  })
}

function razorpayAccount(request: Request): Account | null {
  const auth = request.headers.get('authorization') ?? ''
  if (!auth.startsWith('Basic ')) return null
  const [id, secret] = atob(auth.slice(6)).split(':')
  const account = state.accounts.get(`razorpayx:${id}`)
  return account && account.secret === secret ? account : null
}

function cashfreeAccount(request: Request): Account | null {
  const account = state.accounts.get(`cashfree:${request.headers.get('x-client-id') ?? ''}`)
  return account && account.secret === request.headers.get('x-client-secret') ? account : null
}

async function handle(request: Request): Promise<Response> {
  const url = new URL(request.url)
  const path = url.pathname
  if (path.startsWith('/razorpayx/')) return razorpay(request, path.slice('/razorpayx'.length), url)
  if (path.startsWith('/cashfree/payout/')) return cashfreeApi(request, path.slice('/cashfree/payout'.length), url)
  return json(404, { message: 'stand-in: unknown path' })
}

/** A create call: a fault first, when one is queued. */
function faultOf(): Fault | undefined {
  state.creates++
  return state.faults.shift()
}

async function razorpay(request: Request, path: string, url: URL): Promise<Response> {
  const account = razorpayAccount(request)
  if (!account) return rzpError(401, 'The api key provided is invalid')
  const body = request.method === 'POST' ? await request.text() : ''
  const input = body ? (JSON.parse(body) as Record<string, unknown>) : {}
  if (request.method === 'GET' && path === '/v1/payouts') {
    if (url.searchParams.get('account_number') !== account.accountNumber) return rzpError(400, 'The account number is invalid', 'account_number')
    return json(200, { entity: 'collection', count: 0, items: [] })
  }
  if (request.method === 'POST' && path === '/v1/contacts') {
    const id = next('cont_')
    state.contacts.set(id, { name: String(input.name) })
    return json(201, {
      id,
      entity: 'contact',
      name: input.name,
      contact: input.contact,
      email: input.email,
      type: input.type,
      reference_id: input.reference_id,
      active: true,
    })
  }
  if (request.method === 'POST' && path === '/v1/fund_accounts') {
    const contact = state.contacts.get(String(input.contact_id))
    if (!contact) return rzpError(400, 'The contact id does not exist', 'contact_id')
    const id = next('fa_')
    const vpa = (input.vpa as { address?: string } | undefined)?.address
    state.fundAccounts.set(id, { contactId: String(input.contact_id), name: contact.name, vpa })
    return json(201, { id, entity: 'fund_account', contact_id: input.contact_id, account_type: input.account_type, active: true })
  }
  if (request.method === 'POST' && path === '/v1/fund_accounts/validations') {
    const fa = state.fundAccounts.get(String((input.fund_account as { id?: string } | undefined)?.id))
    if (!fa) return rzpError(400, 'The fund account id does not exist', 'fund_account.id')
    return json(200, {
      id: next('fav_'),
      entity: 'fund_account.validation',
      fund_account: { id: (input.fund_account as { id: string }).id },
      status: 'completed',
      amount: 100,
      currency: 'INR',
      results: { account_status: 'active', registered_name: fa.name.toUpperCase() },
    })
  }
  if (request.method === 'POST' && path === '/v1/payouts') {
    const key = request.headers.get('x-payout-idempotency')
    if (!key) return rzpError(400, 'Idempotency key is missing. Include idempotency header and key in the request.', 'X-Payout-Idempotency')
    const known = state.payouts.get(key)
    if (known) {
      if (known.body !== body) return rzpError(400, 'Different request body sent for the same Idempotency Header')
      return json(200, rzpEntity(known))
    }
    const fault = faultOf()
    if (fault === 'server-error') return rzpError(503, 'Service unavailable')
    const p: Payout = {
      provider: 'razorpayx',
      account: `razorpayx:${account.id}`,
      id: next('pout_'),
      key,
      body,
      amountPaise: Number(input.amount),
      fundAccountId: String(input.fund_account_id),
      status: fault === 'low-balance' ? 'queued' : 'processing',
      utr: null,
      reason: fault === 'low-balance' ? 'Low balance in the business account' : null,
      createdAt: Date.now(),
    }
    state.payouts.set(key, p)
    if (fault === 'timeout-after-accept') throw new DOMException('The operation was aborted due to timeout', 'TimeoutError')
    return json(200, rzpEntity(p))
  }
  const fetched = /^\/v1\/payouts\/([^/]+)$/.exec(path)
  if (request.method === 'GET' && fetched) {
    const p = [...state.payouts.values()].find((x) => x.id === fetched[1] && x.account === `razorpayx:${account.id}`)
    return p ? json(200, rzpEntity(p)) : rzpError(404, 'The id provided does not exist')
  }
  return rzpError(404, 'The requested URL was not found on the server.')
}

async function cashfreeApi(request: Request, path: string, url: URL): Promise<Response> {
  const account = cashfreeAccount(request)
  if (!account) return json(401, { code: 'authentication_failed', message: 'authentication Failed', type: 'authentication_error' })
  const body = request.method === 'POST' ? await request.text() : ''
  const input = body ? (JSON.parse(body) as Record<string, unknown>) : {}
  if (request.method === 'POST' && path === '/beneficiary') {
    const id = String(input.beneficiary_id)
    if (state.beneficiaries.has(id))
      return json(409, { code: 'beneficiary_id_already_exists', message: 'Beneficiary Id already exists', type: 'invalid_request_error' })
    state.beneficiaries.set(id, { name: String(input.beneficiary_name) })
    return json(201, { ...input, beneficiary_status: 'VERIFIED', added_on: new Date().toISOString() })
  }
  if (request.method === 'POST' && path === '/transfers') {
    const key = String(input.transfer_id)
    if (state.payouts.has(key)) return json(409, { code: 'transfer_id_already_exists', message: 'Transfer Id already exists', type: 'invalid_request_error' })
    const fault = faultOf()
    if (fault === 'server-error') return json(502, { code: 'internal_error', message: 'Something went wrong', type: 'api_error' })
    const p: Payout = {
      provider: 'cashfree',
      account: `cashfree:${account.id}`,
      id: String(100000 + state.seq++),
      key,
      body,
      amountPaise: Math.round(Number(input.transfer_amount) * 100),
      fundAccountId: String((input.beneficiary_details as { beneficiary_id?: string } | undefined)?.beneficiary_id),
      status: fault === 'low-balance' ? 'QUEUED' : 'RECEIVED',
      utr: null,
      reason: fault === 'low-balance' ? 'Insufficient balance in the fund source' : null,
      createdAt: Date.now(),
    }
    state.payouts.set(key, p)
    if (fault === 'timeout-after-accept') throw new DOMException('The operation was aborted due to timeout', 'TimeoutError')
    return json(200, cfTransfer(p))
  }
  if (request.method === 'GET' && path === '/transfers') {
    const p = state.payouts.get(url.searchParams.get('transfer_id') ?? '')
    if (!p || p.account !== `cashfree:${account.id}`)
      return json(404, { code: 'transfer_not_found', message: 'Transfer does not exist', type: 'invalid_request_error' })
    return json(200, cfTransfer(p))
  }
  return json(404, { code: 'not_found', message: 'Not found', type: 'invalid_request_error' })
}
