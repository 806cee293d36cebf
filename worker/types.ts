// The types the Bindings, the middleware and the services share: who is calling, and what the
// three queues carry. A leaf module (it imports only the contract), so that a module naming one of
// them never imports, even for a type, the modules that produce them: worker/ has no import cycle
// (tests/worker/import-cycles.node.test.ts).

import type { ApiKeyScope } from './contract/api-keys'
import type { LeadStatus } from './contract/lead'
import type { OrderState } from './contract/orders'
import type { Role } from './contract/route'

// One list of roles, the one the route definitions name (contract/route.ts).
export type { Role }

/** The two kinds of account a person signs up for. */
export type AccountKind = 'vendor' | 'marketer'

/** Who is calling, once the session has been checked. */
export type Caller = { id: number; role: Role }

/** A token the server turned down, and why (the caller is then treated as anonymous). */
export type Refusal = 'suspended' | 'password-changed' | null

/** The API key of a /api/v1 request (middleware/api-key.ts); never a dashboard caller. */
export type ApiKeyCaller = { keyId: number; vendorId: number; scopes: readonly ApiKeyScope[] }

/** What the events queue carries: what happened in the marketplace (services/events.ts). */
export type MarketplaceEvent = (
  | { type: 'lead.created'; leadId: number; vendorId: number; marketerId: number; productId: number; at: string }
  | {
      type: 'lead.status_changed'
      leadId: number
      vendorId: number
      marketerId: number
      from: LeadStatus
      to: LeadStatus
      reason: string | null
      /** The change's time: the ledger entries it wrote carry the same createdAt. */
      at: string
    }
  | { type: 'payout.recorded'; payoutId: number; vendorId: number; marketerId: number; at: string }
  // Orders (decision 287): each carries what it says, so webhooks send it without reading it back.
  // Amounts are integer paise; a reversal's amountPaise is what was taken back (positive).
  | {
      type: 'order.created'
      vendorId: number
      orderId: string
      marketerId: number | null
      state: OrderState
      amountPaise: number
      commissionPaise: number
      lines: OrderLineFact[]
      at: string
    }
  | { type: 'order.updated'; vendorId: number; orderId: string; marketerId: number | null; state: OrderState; previousState: OrderState; at: string }
  | {
      type: 'order.refunded'
      vendorId: number
      orderId: string
      marketerId: number | null
      refundId: string
      refundedPaise: number
      reversedPaise: number
      lines: OrderLineFact[]
      at: string
    }
  | { type: 'commission.created'; vendorId: number; orderId: string; marketerId: number; amountPaise: number; lines: OrderLineFact[]; at: string }
  | {
      type: 'commission.reversed'
      vendorId: number
      orderId: string
      marketerId: number
      amountPaise: number
      reason: string
      lines: OrderLineFact[]
      at: string
    }
  | { type: 'commission.payable'; vendorId: number; orderId: string; marketerId: number; amountPaise: number; payableAt: string; at: string }
  | { type: 'payout_details.changed'; marketerId: number; at: string }
  | { type: 'account.email_verified'; role: 'vendor' | 'marketer'; accountId: number; at: string }
  /**
   * A password set by its owner (profile) or by a reset link; tokenVersion names the change.
   * `revokedKeys`: the vendor's API keys a reset revoked, as 'Name (ck_live_abc123…)' (decision 257).
   */
  | { type: 'password.changed'; role: 'vendor' | 'marketer'; accountId: number; tokenVersion: number; at: string; revokedKeys?: string[] }
  // Campaigns
  | { type: 'campaign.invited'; campaignId: number; vendorId: number; marketerId: number; at: string }
  | { type: 'campaign.applied'; campaignId: number; marketerId: number; at: string }
  | { type: 'campaign.member_answered'; campaignId: number; marketerId: number; status: 'Accepted' | 'Declined'; by: 'vendor' | 'marketer'; at: string }
  | { type: 'deliverable.submitted'; deliverableId: number; campaignId: number; vendorId: number; marketerId: number; at: string }
  | {
      type: 'deliverable.reviewed'
      deliverableId: number
      campaignId: number
      vendorId: number
      marketerId: number
      outcome: 'Approved' | 'ChangesRequested'
      at: string
    }
) & {
  /**
   * The event's number among its vendor's events (decision 250), given when it is raised: what
   * webhooks send as `sequence`, so receivers can order them. Only on the types webhooks carry.
   */
  sequence?: number
}

/** One line of an order event: the store's line id and what the event says about it, in paise. */
export type OrderLineFact = { lineId: string; amountPaise: number; commissionPaise?: number; quantity?: number }

export type EventType = MarketplaceEvent['type']

/**
 * One queued webhook delivery (services/webhook-delivery.ts). `endpointId` groups a batch's messages
 * per receiver (messages queued before it existed stand alone). `once`: a test event or a Resend,
 * one attempt outside the schedule.
 */
export type QueuedWebhook = { deliveryId: number; endpointId?: number; once?: boolean }

// What a mail is once rendered, and what the mail queue carries. The queue holds the rendered
// message and its log entry, so raising a mail writes nothing to the database and the consumer
// reads nothing to send it; mail_log keeps only metadata.

export type MailContent = { subject: string; text: string; html: string }

export type MailMessage = MailContent & {
  to: string
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on mails a person may turn off. */
  headers?: Record<string, string>
}

export type QueuedMail = {
  /** The mail_log entry the consumer claims (db/mail-log.ts): event key, hashed recipient, kind. */
  log: { eventKey: string; recipientHash: string; recipientHint: string; kind: string; subject: string }
  message: MailMessage
  /** The account a notification mail is for: the consumer does not send it once that account is suspended. */
  account?: { role: 'vendor' | 'marketer'; accountId: number }
}
