// The one small interface both payout providers sit behind (decision 297): a services/ caller
// never sees a provider's field names, only these.

export type ProviderName = 'razorpayx' | 'cashfree'

export type Credentials =
  | { provider: 'razorpayx'; keyId: string; keySecret: string; accountNumber: string; webhookSecret: string }
  | { provider: 'cashfree'; clientId: string; clientSecret: string; webhookSecret: string }

/** Where an influencer's money goes, from their payout details. */
export type Payee = {
  /** Ours, stable per influencer and details version: `ck_m<MarketerID>_<n>`. */
  referenceId: string
  name: string
  email: string
  phone: string
  method: 'UPI' | 'Bank'
  vpa: string | null
  accountNumber: string | null
  ifsc: string | null
}

export type ProviderState = 'queued' | 'processing' | 'paid' | 'failed' | 'reversed'

export type ProviderPayout = {
  /** Our key (idempotency key / transfer id): `ck_payout_<TransferID>`. */
  key: string
  /** The provider's own id (pout_…, cf_transfer_id). */
  ref: string | null
  state: ProviderState
  utr: string | null
  reason: string | null
}

export type CheckResult = { ok: boolean; message: string }

export type SendPayout = { key: string; amountPaise: number; fundAccountId: string; method: 'UPI' | 'Bank transfer'; narration: string }

export interface PayoutProvider {
  check(): Promise<CheckResult>
  /** Makes the contact and fund account (RazorpayX) or the beneficiary (Cashfree); answers its id. */
  addPayee(payee: Payee): Promise<string>
  /** The name the bank or UPI app has registered for the account, when the provider can say. */
  validatePayee(fundAccountId: string): Promise<string | null>
  /** Sends once: the same key again answers the payout the first call made. */
  createPayout(payout: SendPayout): Promise<ProviderPayout>
  getPayout(key: string, ref: string | null): Promise<ProviderPayout | null>
  /** The update a webhook carries, null when its signature does not verify, 'stale' when it is
   * signed but its signed timestamp is too far from `now` (a replay; decision 297). */
  verifyWebhook(raw: string, header: (name: string) => string | undefined, now: number): Promise<ProviderPayout | 'stale' | null>
}

/** No answer we can act on (a timeout, 5xx, the network): try again later with the same key. */
export class ProviderUnavailable extends Error {}

/** The provider refused the request itself (4xx): the message says why. */
export class ProviderRefused extends Error {
  readonly status: number
  constructor(message: string, status: number) {
    super(message)
    this.status = status
  }
}

export type Fetcher = (request: Request) => Promise<Response>

export const payoutKey = (transferId: number) => `ck_payout_${transferId}`

export const transferIdOf = (key: string): number | null => {
  const m = /^ck_payout_(\d+)$/.exec(key)
  return m ? Number(m[1]) : null
}
