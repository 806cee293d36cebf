// Payouts through the vendor's own RazorpayX or Cashfree account (decisions 297, 298): connecting
// the account, pay now, pay runs, the payouts sent and the providers' webhooks. Shared by the
// Worker and the vendor's money settings.

import * as z from 'zod/mini'
import { defineRoute } from './route'

export const PAYOUT_PROVIDER_VALUES = ['razorpayx', 'cashfree'] as const
export type PayoutProviderName = (typeof PAYOUT_PROVIDER_VALUES)[number]
export const PAYOUT_PROVIDER_LABELS: Record<PayoutProviderName, string> = { razorpayx: 'RazorpayX', cashfree: 'Cashfree Payouts' }

export const TRANSFER_STATE_VALUES = ['queued', 'processing', 'paid', 'failed', 'reversed'] as const

/** A run pays an influencer whose payable balance reaches the vendor's minimum: ₹100 to ₹10,000, ₹500 unless set. */
export const MINIMUM_PAYOUT = { min: 100, max: 10_000, default: 500 } as const

export const PAYOUT_ACCOUNT_MESSAGES = {
  providerInvalid: 'Choose RazorpayX or Cashfree Payouts',
  keyInvalid: 'Enter the key id and key secret from RazorpayX (Settings, API keys)',
  accountNumberInvalid: 'Enter your RazorpayX account number (8 to 22 digits)',
  clientInvalid: 'Enter the client id and client secret from Cashfree Payouts (Developers, API keys)',
  webhookSecretInvalid: 'Enter the webhook secret you set in the provider (8 to 256 characters)',
  minimumInvalid: `Enter a minimum payout from ₹${MINIMUM_PAYOUT.min} to ₹${MINIMUM_PAYOUT.max.toLocaleString('en-IN')}`,
  connected: 'Payouts account connected',
  fetched: 'Payouts account fetched successfully',
  disconnected: 'Payouts account disconnected',
  checked: 'Connection checked',
  notConnected: 'Connect a RazorpayX or Cashfree payouts account first',
  sendsOpen: 'A payout is being sent from this account: disconnect once it is settled',
  sent: 'Payout sent',
  runStarted: 'Payout run sent',
  nothingToPay: 'Nothing is payable to this influencer yet',
  noDetails: 'This influencer has not saved UPI or bank details yet',
  alreadySending: 'A payout to this influencer is already being sent',
  transfersFetched: 'Payouts sent fetched successfully',
  webhookForged: 'No connected payouts account has this address and signing secret',
  webhookStale: 'This webhook is signed but its x-webhook-timestamp is more than 5 minutes from now; refused as a possible replay',
  webhookReceived: 'Received',
  webhookDuplicate: 'Already received',
} as const

const secret = (message: string, min = 8) => z.string({ error: message }).check(z.trim(), z.minLength(min, message), z.maxLength(256, message))

const minimumShape = {
  MinimumPayout: z.optional(
    z
      .number({ error: PAYOUT_ACCOUNT_MESSAGES.minimumInvalid })
      .check(
        z.int(PAYOUT_ACCOUNT_MESSAGES.minimumInvalid),
        z.gte(MINIMUM_PAYOUT.min, PAYOUT_ACCOUNT_MESSAGES.minimumInvalid),
        z.lte(MINIMUM_PAYOUT.max, PAYOUT_ACCOUNT_MESSAGES.minimumInvalid),
      ),
  ),
}

export const connectPayoutAccountSchema = z.discriminatedUnion(
  'Provider',
  [
    z.object({
      Provider: z.literal('razorpayx'),
      KeyID: secret(PAYOUT_ACCOUNT_MESSAGES.keyInvalid, 4),
      KeySecret: secret(PAYOUT_ACCOUNT_MESSAGES.keyInvalid),
      AccountNumber: z
        .string({ error: PAYOUT_ACCOUNT_MESSAGES.accountNumberInvalid })
        .check(z.trim(), z.regex(/^\d{8,22}$/, PAYOUT_ACCOUNT_MESSAGES.accountNumberInvalid)),
      WebhookSecret: secret(PAYOUT_ACCOUNT_MESSAGES.webhookSecretInvalid),
      ...minimumShape,
    }),
    z.object({
      Provider: z.literal('cashfree'),
      ClientID: secret(PAYOUT_ACCOUNT_MESSAGES.clientInvalid, 4),
      ClientSecret: secret(PAYOUT_ACCOUNT_MESSAGES.clientInvalid),
      WebhookSecret: secret(PAYOUT_ACCOUNT_MESSAGES.webhookSecretInvalid),
      ...minimumShape,
    }),
  ],
  { error: PAYOUT_ACCOUNT_MESSAGES.providerInvalid },
)
export type ConnectPayoutAccount = z.output<typeof connectPayoutAccountSchema>

export const connectionCheckSchema = z.object({ ok: z.boolean(), message: z.string(), at: z.string() })

/** The connected account as its vendor sees it: secrets only as a hint, never again in full. */
export const payoutAccountSchema = z.object({
  Provider: z.enum(PAYOUT_PROVIDER_VALUES),
  Hint: z.string(),
  MinimumPayout: z.number(),
  connectedAt: z.string(),
  check: z.nullable(connectionCheckSchema),
  /** The address to paste into the provider's webhook settings (absolute). */
  webhookUrl: z.string(),
})
export type PayoutAccountDTO = z.output<typeof payoutAccountSchema>

/** A payout sent through the provider, with what the creator's timeline shows. */
export const transferSchema = z.object({
  TransferID: z.number(),
  VendorID: z.number(),
  MarketerID: z.number(),
  RunID: z.nullable(z.number()),
  Provider: z.enum(PAYOUT_PROVIDER_VALUES),
  Status: z.enum(TRANSFER_STATE_VALUES),
  Gross: z.number(),
  TDS: z.number(),
  Net: z.number(),
  UTR: z.nullable(z.string()),
  Reason: z.nullable(z.string()),
  PayoutID: z.nullable(z.number()),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  updatedAt: z.string(),
})
export type TransferDTO = z.output<typeof transferSchema>

export const payNowSchema = z.object({
  MarketerID: z.number({ error: 'Choose an influencer' }).check(z.int('Choose an influencer'), z.positive('Choose an influencer')),
})

export const runSchema = z.object({ RunID: z.number(), MinimumPayout: z.number(), transfers: z.array(transferSchema) })

const vendorOnly = ['vendor'] as const

export const PAYOUT_ACCOUNT_ROUTES = {
  account: defineRoute({
    method: 'get',
    path: '/api/money/payout-account',
    summary: "The vendor's connected payouts account",
    access: vendorOnly,
    answer: { message: PAYOUT_ACCOUNT_MESSAGES.fetched, schema: z.nullable(payoutAccountSchema), description: 'Null while none is connected.' },
  }),
  connect: defineRoute({
    method: 'put',
    path: '/api/money/payout-account',
    summary: 'Connect a RazorpayX or Cashfree payouts account',
    description:
      'The credentials are sealed (AES-GCM) and never answered again, only a hint. Saving again replaces them. The connection is checked once, and the result is in `check`.',
    access: vendorOnly,
    body: { json: connectPayoutAccountSchema },
    answer: { message: PAYOUT_ACCOUNT_MESSAGES.connected, schema: payoutAccountSchema },
  }),
  check: defineRoute({
    method: 'post',
    path: '/api/money/payout-account/check',
    summary: 'Check the payouts account connection',
    description:
      "One harmless call to the provider with the saved credentials; `message` says plainly what failed (wrong keys, or the Worker's address not allow-listed).",
    access: vendorOnly,
    answer: { message: PAYOUT_ACCOUNT_MESSAGES.checked, schema: connectionCheckSchema },
    errors: { 404: [PAYOUT_ACCOUNT_MESSAGES.notConnected] },
  }),
  disconnect: defineRoute({
    method: 'delete',
    path: '/api/money/payout-account',
    summary: 'Disconnect the payouts account',
    access: vendorOnly,
    answer: { message: PAYOUT_ACCOUNT_MESSAGES.disconnected, schema: null },
    errors: { 404: [PAYOUT_ACCOUNT_MESSAGES.notConnected], 409: [PAYOUT_ACCOUNT_MESSAGES.sendsOpen] },
  }),
  payNow: defineRoute({
    method: 'post',
    path: '/api/money/payout-account/pay',
    summary: 'Pay one influencer now through the provider',
    description:
      'Everything payable to the influencer, less open adjustments and TDS as the payout dialog works it out, in one payout created first and then sent with its id as the idempotency key.',
    access: vendorOnly,
    body: { json: payNowSchema },
    answer: { message: PAYOUT_ACCOUNT_MESSAGES.sent, schema: transferSchema },
    errors: {
      404: [PAYOUT_ACCOUNT_MESSAGES.notConnected],
      409: [PAYOUT_ACCOUNT_MESSAGES.alreadySending],
      400: [PAYOUT_ACCOUNT_MESSAGES.nothingToPay, PAYOUT_ACCOUNT_MESSAGES.noDetails],
    },
  }),
  run: defineRoute({
    method: 'post',
    path: '/api/money/payout-account/runs',
    summary: 'Pay every influencer whose payable balance reaches the minimum',
    access: vendorOnly,
    answer: { status: 201, message: PAYOUT_ACCOUNT_MESSAGES.runStarted, schema: runSchema },
    errors: { 404: [PAYOUT_ACCOUNT_MESSAGES.notConnected] },
  }),
  transfers: defineRoute({
    method: 'get',
    path: '/api/money/payout-account/transfers',
    summary: 'Payouts sent through a provider, newest first',
    description: "A vendor's own, or an influencer's from every vendor (their payout timeline); at most 100.",
    access: ['vendor', 'marketer'] as const,
    answer: { message: PAYOUT_ACCOUNT_MESSAGES.transfersFetched, schema: z.array(transferSchema) },
  }),
}

/** The providers' webhooks: no token, the provider's signature authenticates (mounted before the session check). */
export const PAYOUT_WEBHOOK_ROUTES = {
  receive: defineRoute({
    method: 'post',
    path: '/api/money/payout-webhooks/{provider}/{id}',
    summary: "A payouts provider's status webhook",
    description:
      'RazorpayX: `X-Razorpay-Signature`, hex HMAC-SHA256 of the raw body under the webhook secret. Cashfree V2: `x-webhook-signature`, base64 HMAC-SHA256 of `x-webhook-timestamp` + raw body. Each (payout, status) counts once; any order is accepted. A bad signature or unknown account answers 404; a Cashfree webhook whose signed timestamp is more than 5 minutes old or ahead answers 400.',
    access: 'public',
    params: { provider: { description: 'The provider', schema: z.enum(PAYOUT_PROVIDER_VALUES) }, id: { description: 'The vendor' } },
    answer: { message: [PAYOUT_ACCOUNT_MESSAGES.webhookReceived, PAYOUT_ACCOUNT_MESSAGES.webhookDuplicate], schema: null },
    errors: { 400: [PAYOUT_ACCOUNT_MESSAGES.webhookStale], 404: [PAYOUT_ACCOUNT_MESSAGES.webhookForged] },
  }),
}
