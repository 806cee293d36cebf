// The rules of an order's money (decisions 287, 288) as plain functions, in integer paise: what a
// line earns, how much of it a refund takes back, and when an order's commission becomes payable.
// The service, the database's payable-time triggers (db/kept-figures.ts) and the property tests
// lean on these, so there is one definition of each.

import type { CommissionType } from '../contract/product'
import { commissionPaise } from './commission'
import { addDays } from './ledger'

/** What a line costs the buyer: quantity times unit price, less its discounts (never below 0). */
export const lineAmountPaise = (quantity: number, unitPricePaise: number, discountPaise: number) => Math.max(0, quantity * unitPricePaise - discountPaise)

export type LineTerms = { CommissionType: CommissionType; CommissionValue: number }

/**
 * A line's commission: Percentage of the line amount after discounts, Fixed per unit; a line of a
 * product not on Collabkart (or one the order's code does not cover) has no terms and earns 0.
 */
export function lineCommissionPaise(line: { quantity: number; lineAmountPaise: number }, terms: LineTerms | null): number {
  if (!terms) return 0
  if (terms.CommissionType === 'Fixed') return commissionPaise(0, 'Fixed', terms.CommissionValue) * line.quantity
  return commissionPaise(line.lineAmountPaise, 'Percentage', terms.CommissionValue)
}

/**
 * Splits `amount` over `caps` in proportion to them, in whole paise that sum to exactly
 * min(amount, sum of caps), none above its cap: each gets the floor of its share, and the paise left
 * over go one each to the largest remainders (the earlier line on a tie).
 */
export function allocatePaise(amount: number, caps: readonly number[]): number[] {
  const total = caps.reduce((a, b) => a + b, 0)
  if (total <= 0 || amount <= 0) return caps.map(() => 0)
  const take = Math.min(amount, total)
  const shares = caps.map((cap) => Math.floor((take * cap) / total))
  let left = take - shares.reduce((a, b) => a + b, 0)
  const order = caps.map((cap, i) => ({ i, rem: (take * cap) % total })).sort((a, b) => b.rem - a.rem || a.i - b.i)
  for (const { i } of order) {
    if (left === 0) break
    if (shares[i] < caps[i]) {
      shares[i] += 1
      left -= 1
    }
  }
  return shares
}

export type LineMoney = {
  Quantity: number
  LineAmountPaise: number
  CommissionPaise: number
  RefundedQuantity: number
  RefundedPaise: number
  ReversedPaise: number
}

/**
 * The commission a line has lost once `refundedPaise` of its amount (or, for a line that cost
 * nothing, `refundedQuantity` of its units) came back: the earned commission times the refunded
 * fraction, rounded down, so the creator keeps a part paisa until the last of the line is refunded,
 * and a line refunded whole loses exactly what it earned, never more.
 */
export function reversedSoFarPaise(
  line: Pick<LineMoney, 'Quantity' | 'LineAmountPaise' | 'CommissionPaise'>,
  refundedPaise: number,
  refundedQuantity: number,
): number {
  const [part, whole] = line.LineAmountPaise > 0 ? [refundedPaise, line.LineAmountPaise] : [refundedQuantity, line.Quantity]
  if (whole <= 0 || part >= whole) return line.CommissionPaise
  return Math.floor((line.CommissionPaise * part) / whole)
}

/** What a refund does to one line: more refunded units and paise, and the commission it takes back. */
export type LineRefund = { quantity: number; refundedPaise: number; reversalPaise: number }

export type RefundRequest = { lines?: ReadonlyArray<{ index: number; quantity: number }>; amountPaise?: number }

export type RefundPlan = { ok: true; lines: LineRefund[] } | { ok: false; reason: 'quantity' | 'amount' | 'nothing' }

/**
 * A refund by lines (units of named lines) or by an amount without lines (spread over the lines in
 * proportion to what is left of each: decision 287). Refunding more units than are left, or more
 * than the order's unrefunded amount, is refused whole.
 */
export function planRefund(lines: readonly LineMoney[], request: RefundRequest): RefundPlan {
  const out: LineRefund[] = lines.map(() => ({ quantity: 0, refundedPaise: 0, reversalPaise: 0 }))
  if (request.lines && request.lines.length > 0) {
    for (const { index, quantity } of request.lines) {
      const line = lines[index]
      const left = line.Quantity - line.RefundedQuantity - out[index].quantity
      if (quantity <= 0 || quantity > left) return { ok: false, reason: 'quantity' }
      out[index].quantity += quantity
    }
    lines.forEach((line, i) => {
      if (out[i].quantity === 0) return
      const units = line.RefundedQuantity + out[i].quantity
      // The amount of the refunded units, so a later refund by amount sees what is left.
      const paiseSoFar = units >= line.Quantity ? line.LineAmountPaise : Math.floor((line.LineAmountPaise * units) / line.Quantity)
      out[i].refundedPaise = Math.max(0, paiseSoFar - line.RefundedPaise)
    })
  } else if (request.amountPaise !== undefined) {
    const left = lines.map((l) => l.LineAmountPaise - l.RefundedPaise)
    if (request.amountPaise <= 0 || request.amountPaise > left.reduce((a, b) => a + b, 0)) return { ok: false, reason: 'amount' }
    allocatePaise(request.amountPaise, left).forEach((paise, i) => {
      out[i].refundedPaise = paise
    })
  } else return { ok: false, reason: 'nothing' }
  lines.forEach((line, i) => {
    const after = reversedSoFarPaise(line, line.RefundedPaise + out[i].refundedPaise, line.RefundedQuantity + out[i].quantity)
    out[i].reversalPaise = Math.max(0, Math.min(line.CommissionPaise - line.ReversedPaise, after - line.ReversedPaise))
  })
  return { ok: true, lines: out }
}

export type PayableTerms = { HoldingDays: number; ReturnWindowDays: number }
export type PayableOrder = { paymentMethod: 'prepaid' | 'cod'; paidAt: string | null; deliveredAt: string | null }

/**
 * When an order's commission becomes payable (decision 288): the return window after delivery once
 * the store reported it; else the holding period after payment; a COD order (paid at the door) and
 * an unpaid one have nothing payable before delivery (null). RTO and cancellation reverse it instead.
 * The SQL twin is `orderClearsSql` in db/kept-figures.ts.
 */
export function orderPayableAt(order: PayableOrder, terms: PayableTerms): string | null {
  if (order.deliveredAt !== null) return addDays(order.deliveredAt, terms.ReturnWindowDays)
  if (order.paymentMethod === 'cod' || order.paidAt === null) return null
  return addDays(order.paidAt, terms.HoldingDays)
}

/** What stands for "not before delivery" in clearsAt: a time no clock reaches. */
export const NEVER_PAYABLE = '9999-12-31T23:59:59.999Z'

/** The buyer as the repeat-buyer rule knows them: the store's customer id, else email, else phone. */
export function customerKeySource(customer: { id?: string | null; email?: string | null; phone?: string | null } | null | undefined): string | null {
  const id = customer?.id?.trim()
  if (id) return `id:${id}`
  const email = customer?.email?.trim().toLowerCase()
  if (email) return `email:${email}`
  const phone = customer?.phone?.replace(/\D/g, '').slice(-10)
  if (phone && phone.length === 10) return `phone:${phone}`
  return null
}
