// The order's money rules (decisions 287, 288) as plain functions: line commissions, refunds by
// lines and by amount, and when an order's commission becomes payable.

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allocatePaise, customerKeySource, lineAmountPaise, lineCommissionPaise, type LineMoney, orderPayableAt, planRefund } from '../../worker/domain/orders'

const line = (over: Partial<LineMoney> = {}): LineMoney => ({
  Quantity: 1,
  LineAmountPaise: 229_900,
  CommissionPaise: 27_588,
  RefundedQuantity: 0,
  RefundedPaise: 0,
  ReversedPaise: 0,
  ...over,
})

describe('a line commission', () => {
  it('is a percentage of the line amount after its discounts', () => {
    const amount = lineAmountPaise(2, 229_900, 20_000)
    expect(amount).toBe(439_800)
    expect(lineCommissionPaise({ quantity: 2, lineAmountPaise: amount }, { CommissionType: 'Percentage', CommissionValue: 12 })).toBe(52_776)
  })

  it('is the fixed amount per unit', () => {
    expect(lineCommissionPaise({ quantity: 3, lineAmountPaise: 100 }, { CommissionType: 'Fixed', CommissionValue: 50 })).toBe(15_000)
  })

  it('is nothing for a product not on Collabkart', () => {
    expect(lineCommissionPaise({ quantity: 1, lineAmountPaise: 89_900 }, null)).toBe(0)
  })

  it('never goes below zero when discounts exceed the price', () => {
    expect(lineAmountPaise(1, 1_000, 5_000)).toBe(0)
  })
})

describe('a refund', () => {
  it('of one unit of two takes back half the line commission, rounded down', () => {
    const plan = planRefund([line({ Quantity: 2, LineAmountPaise: 100_001, CommissionPaise: 12_001 })], { lines: [{ index: 0, quantity: 1 }] })
    expect(plan).toEqual({ ok: true, lines: [{ quantity: 1, refundedPaise: 50_000, reversalPaise: 6_000 }] })
  })

  it('of the rest of a line takes back exactly what is left of its commission', () => {
    const plan = planRefund(
      [line({ Quantity: 2, LineAmountPaise: 100_001, CommissionPaise: 12_001, RefundedQuantity: 1, RefundedPaise: 50_000, ReversedPaise: 6_000 })],
      {
        lines: [{ index: 0, quantity: 1 }],
      },
    )
    expect(plan).toEqual({ ok: true, lines: [{ quantity: 1, refundedPaise: 50_001, reversalPaise: 6_001 }] })
  })

  it('of more units than are left is refused', () => {
    expect(planRefund([line({ Quantity: 1, RefundedQuantity: 1 })], { lines: [{ index: 0, quantity: 1 }] })).toEqual({ ok: false, reason: 'quantity' })
  })

  it('by amount is spread over the lines by what is left of each', () => {
    const plan = planRefund([line({ LineAmountPaise: 300_000, CommissionPaise: 36_000 }), line({ LineAmountPaise: 100_000, CommissionPaise: 0 })], {
      amountPaise: 20_000,
    })
    expect(plan).toEqual({
      ok: true,
      lines: [
        { quantity: 0, refundedPaise: 15_000, reversalPaise: 1_800 },
        { quantity: 0, refundedPaise: 5_000, reversalPaise: 0 },
      ],
    })
  })

  it('by more than the order has left is refused', () => {
    expect(planRefund([line({ LineAmountPaise: 1_000 })], { amountPaise: 1_001 })).toEqual({ ok: false, reason: 'amount' })
  })

  it('by amount, in any number of parts, takes back in all at most what was earned, and all of it once refunded whole', () => {
    const arbLine = fc.record({ LineAmountPaise: fc.integer({ min: 0, max: 5_000_000 }), CommissionPaise: fc.integer({ min: 0, max: 600_000 }) })
    fc.assert(
      fc.property(
        fc.array(arbLine, { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 6 }),
        (shape, parts) => {
          let lines = shape.map((s) => line({ ...s, Quantity: 1 }))
          const total = lines.reduce((a, l) => a + l.LineAmountPaise, 0)
          fc.pre(total > 0)
          const weights = parts.reduce((a, b) => a + b, 0)
          let refunded = 0
          parts.forEach((w, k) => {
            const amount = k === parts.length - 1 ? total - refunded : Math.floor((total * w) / weights)
            if (amount <= 0 || refunded + amount > total) return
            const plan = planRefund(lines, { amountPaise: amount })
            expect(plan.ok).toBe(true)
            if (!plan.ok) return
            expect(plan.lines.reduce((a, l) => a + l.refundedPaise, 0)).toBe(amount)
            refunded += amount
            lines = lines.map((l, i) => ({
              ...l,
              RefundedPaise: l.RefundedPaise + plan.lines[i].refundedPaise,
              ReversedPaise: l.ReversedPaise + plan.lines[i].reversalPaise,
            }))
            for (const l of lines) {
              expect(Number.isInteger(l.ReversedPaise)).toBe(true)
              expect(l.ReversedPaise).toBeLessThanOrEqual(l.CommissionPaise)
            }
          })
          // A line that cost nothing has nothing an amount can refund: only a refund of its units reverses it.
          if (refunded === total) for (const l of lines) if (l.LineAmountPaise > 0) expect(l.ReversedPaise).toBe(l.CommissionPaise)
        },
      ),
    )
  })
})

describe('allocatePaise', () => {
  it('sums to the amount and keeps each share within its cap', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 8_000_000 }), (caps, amount) => {
        const shares = allocatePaise(amount, caps)
        const total = caps.reduce((a, b) => a + b, 0)
        expect(shares.reduce((a, b) => a + b, 0)).toBe(Math.min(amount, total))
        shares.forEach((s, i) => {
          expect(s).toBeGreaterThanOrEqual(0)
          expect(s).toBeLessThanOrEqual(caps[i])
        })
      }),
    )
  })
})

describe('an order becomes payable', () => {
  const terms = { HoldingDays: 14, ReturnWindowDays: 7 }
  it('the return window after delivery', () => {
    expect(orderPayableAt({ paymentMethod: 'cod', paidAt: null, deliveredAt: '2026-12-01T10:00:00.000Z' }, terms)).toBe('2026-12-08T10:00:00.000Z')
  })
  it('the holding period after payment when no delivery was reported', () => {
    expect(orderPayableAt({ paymentMethod: 'prepaid', paidAt: '2026-12-01T10:00:00.000Z', deliveredAt: null }, terms)).toBe('2026-12-15T10:00:00.000Z')
  })
  it('never before delivery when paid in cash at the door', () => {
    expect(orderPayableAt({ paymentMethod: 'cod', paidAt: '2026-12-01T10:00:00.000Z', deliveredAt: null }, terms)).toBeNull()
  })
})

describe('a buyer key', () => {
  it("prefers the store's customer id, then the email in any case, then the last ten digits of the phone", () => {
    expect(customerKeySource({ id: '42', email: 'a@b.in' })).toBe('id:42')
    expect(customerKeySource({ email: ' Meera@Example.IN ' })).toBe('email:meera@example.in')
    expect(customerKeySource({ phone: '+91 98765 43210' })).toBe('phone:9876543210')
    expect(customerKeySource({})).toBeNull()
  })
})
