// The bodies of webhook deliveries (decision 250): `{ type, timestamp, data }` as Standard Webhooks
// suggests. Money comes twice, named for its unit: integer paise (exact, for sums) and rupees (for
// display). A lead carries the buyer as the vendor's own dashboard shows it, nothing more.

import { paiseToRupees } from '../contract/money'
import type { EntryKind } from '../contract/payouts'
import type { WebhookEvent } from '../contract/webhooks'
import { WEBHOOK_TEST_EVENT } from '../contract/webhooks'

/** `sequence`: the event's number among its vendor's events (decision 250); test events have none. */
export type WebhookBody = { type: WebhookEvent | typeof WEBHOOK_TEST_EVENT; timestamp: string; sequence?: number; data: Record<string, unknown> }

/** The body with its event's sequence number, placed before `data` so a reader sees it first. */
export function withSequence(body: WebhookBody, sequence: number | undefined): WebhookBody {
  return sequence === undefined ? body : { type: body.type, timestamp: body.timestamp, sequence, data: body.data }
}

export type LeadFacts = {
  LeadID: number
  Status: string
  createdAt: string
  ProductID: number | null
  ProductName: string
  MarketerID: number
  MarketerName: string
  ClientName: string
  ClientEmail: string | null
  ClientPhone: string
  PricePaise: number
  CommissionAmountPaise: number
}

export type EntryFacts = {
  EntryID: number
  LeadID: number
  MarketerID: number
  ProductName: string
  Kind: EntryKind
  AmountPaise: number
  Reason: string | null
  reversedReason: string | null
}

export type PayoutFacts = {
  PayoutID: number
  MarketerID: number
  MarketerName: string
  GrossPaise: number
  TdsPaise: number
  NetPaise: number
  Method: string
  UTR: string
  PaidOn: string
  createdAt: string
}

const money = (name: string, paise: number) => ({ [`${name}Paise`]: paise, [`${name}Rupees`]: paiseToRupees(paise) })

export function leadData(lead: LeadFacts) {
  return {
    leadId: lead.LeadID,
    status: lead.Status,
    createdAt: lead.createdAt,
    product: { productId: lead.ProductID, name: lead.ProductName },
    influencer: { influencerId: lead.MarketerID, name: lead.MarketerName },
    buyer: { name: lead.ClientName, email: lead.ClientEmail, phone: lead.ClientPhone },
    ...money('price', lead.PricePaise),
    ...money('commission', lead.CommissionAmountPaise),
  }
}

export function leadCreatedBody(lead: LeadFacts, at: string): WebhookBody {
  return { type: 'lead.created', timestamp: at, data: leadData(lead) }
}

export function leadStatusChangedBody(lead: LeadFacts, change: { from: string; to: string; reason: string | null }, at: string): WebhookBody {
  return {
    type: 'lead.status_changed',
    timestamp: at,
    data: { ...leadData(lead), status: change.to, previousStatus: change.from, reason: change.reason, changedAt: at },
  }
}

/** A commission earned (on Converted), or restored when a lead comes back to Converted after an adjustment. */
export function commissionCreatedBody(entry: EntryFacts, at: string): WebhookBody {
  return {
    type: 'commission.created',
    timestamp: at,
    data: {
      entryId: entry.EntryID,
      leadId: entry.LeadID,
      influencerId: entry.MarketerID,
      productName: entry.ProductName,
      kind: entry.AmountPaise > 0 ? 'commission' : 'adjustment-reversed',
      ...money('amount', Math.abs(entry.AmountPaise)),
      reason: entry.Kind === 'commission' ? entry.Reason : entry.reversedReason,
    },
  }
}

/**
 * A commission taken back: reversed while unpaid (`how: 'reversal'`, the entry itself) or, once
 * paid, by a negative adjustment (`how: 'adjustment'`, the new entry). `amount` is what is taken back.
 */
export function commissionReversedBody(entry: EntryFacts, how: 'reversal' | 'adjustment', at: string): WebhookBody {
  return {
    type: 'commission.reversed',
    timestamp: at,
    data: {
      entryId: entry.EntryID,
      leadId: entry.LeadID,
      influencerId: entry.MarketerID,
      productName: entry.ProductName,
      how,
      ...money('amount', Math.abs(entry.AmountPaise)),
      reason: how === 'reversal' ? entry.reversedReason : entry.Reason,
    },
  }
}

export function payoutRecordedBody(payout: PayoutFacts, at: string): WebhookBody {
  return {
    type: 'payout.recorded',
    timestamp: at,
    data: {
      payoutId: payout.PayoutID,
      influencer: { influencerId: payout.MarketerID, name: payout.MarketerName },
      ...money('gross', payout.GrossPaise),
      ...money('tds', payout.TdsPaise),
      ...money('net', payout.NetPaise),
      method: payout.Method,
      utr: payout.UTR,
      paidOn: payout.PaidOn,
      recordedAt: payout.createdAt,
    },
  }
}

export function testBody(endpointId: number, at: string): WebhookBody {
  return { type: WEBHOOK_TEST_EVENT, timestamp: at, data: { endpointId, message: 'This is a test event from Collabkart.' } }
}

/** An order event as the store's engineer reads it: the event's own facts, money in paise and rupees. */
export type OrderWebhookEvent = {
  type: 'order.created' | 'order.updated' | 'order.refunded' | 'commission.created' | 'commission.reversed' | 'commission.payable'
  orderId: string
  marketerId: number | null
  at: string
  amountPaise?: number
  commissionPaise?: number
  refundedPaise?: number
  reversedPaise?: number
  lines?: ReadonlyArray<{ lineId: string; amountPaise: number; commissionPaise?: number; quantity?: number }>
  [more: string]: unknown
}

/**
 * The body of an order event (decision 287). Every amount is positive: `commission.reversed`'s
 * amount is what is taken back (subtract it), `order.refunded`'s `refunded` what the buyer got back
 * and `reversed` the commission that went with it.
 */
export function orderEventBody(event: OrderWebhookEvent): WebhookBody {
  const { type, at, marketerId, vendorId: _vendorId, sequence: _sequence, lines, amountPaise, commissionPaise, refundedPaise, reversedPaise, ...rest } = event
  const paise = (name: string, value: number | undefined) => (value === undefined ? {} : money(name, value))
  return {
    type,
    timestamp: at,
    data: {
      ...rest,
      influencerId: marketerId,
      ...paise('amount', amountPaise),
      ...paise('commission', commissionPaise),
      ...paise('refunded', refundedPaise),
      ...paise('reversed', reversedPaise),
      ...(lines
        ? {
            lines: lines.map((l) => ({
              lineId: l.lineId,
              ...money('amount', l.amountPaise),
              ...(l.commissionPaise === undefined ? {} : money('commission', l.commissionPaise)),
              ...(l.quantity === undefined ? {} : { quantity: l.quantity }),
            })),
          }
        : {}),
    },
  }
}
