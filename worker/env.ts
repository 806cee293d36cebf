import type { ExecutionContext } from 'hono'
import type { ApiKeyCaller, Caller, MarketplaceEvent, QueuedMail, QueuedWebhook, Refusal } from './types'

export type Bindings = {
  DB: D1Database
  MEDIA: R2Bucket
  IMPRESSIONS: KVNamespace
  ASSETS: Fetcher
  JWT_SECRET: string
  /** Cloudflare Email Service; only worker/mail/mailer.ts touches it. */
  EMAIL: SendEmail
  /** Mails to send, off the request's path (services/mail-outbox.ts). */
  MAIL_QUEUE: Queue<QueuedMail>
  /** Marketplace events for their followers, off the request's path (services/events.ts). */
  EVENTS_QUEUE: Queue<MarketplaceEvent>
  /** Webhook deliveries to make, off the request's path (services/webhooks.ts, webhook-delivery.ts). */
  WEBHOOK_QUEUE: Queue<QueuedWebhook>
  /** The From address of every mail. */
  MAIL_FROM: string
  /** Where operators' alerts go (data requests, dead mail); blank falls back to SUPPORT_EMAIL. */
  OPS_EMAIL?: string
  /** The site's public address (https://collabkart.in) for absolute URLs. Required unless ALLOW_HOST_ORIGIN is set. */
  PUBLIC_ORIGIN?: string
  /**
   * "1" only in local runs (.dev.vars, the scripts' `wrangler dev`, the tests' bindings): without
   * PUBLIC_ORIGIN, links may then follow the request's address. Never set it in wrangler.toml.
   */
  ALLOW_HOST_ORIGIN?: string
  /**
   * PBKDF2 iterations of new password hashes in a local run only (the test suites set it low);
   * a deployed Worker always uses 100,000 (domain/passwords.ts, decision 265). Never in wrangler.toml.
   */
  PASSWORD_ITERATIONS?: string
  /** The providers' API hosts (decision 297); blank: their production hosts. */
  RAZORPAYX_BASE_URL?: string
  CASHFREE_PAYOUTS_BASE_URL?: string
  /**
   * "1" in local runs only (the tests' bindings, `npm start`): payout providers are the in-process
   * stand-ins of services/payout-providers/stand-in.ts (decision 298). Never in wrangler.toml.
   */
  PAYOUT_STAND_IN?: string
  /** "1" in the test suites only: every answer is checked against its route's schema (routes/define.ts). */
  CHECK_ANSWERS?: string
}

export type Variables = {
  caller: Caller | null
  /** The API key of a /api/v1 request (middleware/api-key.ts); never a dashboard caller. */
  apiKey: ApiKeyCaller | null
  /** Why a token was turned down, when the caller is told (a suspended account). */
  refusal: Refusal
  /** Set by withSuccessFlag: the envelope carries `success`. */
  successFlag: boolean
}

export type AppEnv = { Bindings: Bindings; Variables: Variables }

/** Sends a request through the whole app again, in the same invocation (app.fetch). */
export type AppDispatch = (request: Request, env: Bindings, ctx?: ExecutionContext) => Response | Promise<Response>
