// Counting days are India's days (decision 280): the dashboards' and the back office's trend
// charts, the kept daily figures, the report windows and the impression days. At 19:00 UTC it is
// 00:30 the next day in India, so a lead, a conversion or an impression then counts on that next
// day; at 18:00 UTC (23:30 in India) it still counts on the day before. Its own file: rolling up
// impressions and moving report windows change the database's shared state.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { AdminOverview } from '../../worker/contract/admin'
import type { DailyTrend } from '../../worker/contract/trends'
import { indiaDay } from '../../worker/contract/india-date'
import { recordImpression, rollupImpressions } from '../../worker/db/impressions'
import { DEDUPE_WINDOW_MS, type ImpressionRef } from '../../worker/domain/impressions'
import { periodStart } from '../../worker/domain/performance'
import { lastDays } from '../../worker/domain/trends'
import { linkPerformancePage } from '../../worker/services/performance'
import { call } from '../helpers/api'
import { makeAdmin, makeMarketer, makeVendor } from '../helpers/factories'
import { insertLead, insertProduct } from '../helpers/rows'

const DAY = 86_400_000
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const at = (day: string, time: string) => `${day}T${time}:00.000Z`
const dayBefore = (day: string) => utcDay(Date.parse(`${day}T00:00:00Z`) - DAY)

// Yesterday in UTC: its 19:00 is already today in India, its 18:00 is not.
const today = utcDay(Date.now())
const yesterday = dayBefore(today)

async function arrange() {
  const vendor = await makeVendor()
  const marketer = await makeMarketer()
  const product = await insertProduct(vendor.id)
  const ref: ImpressionRef = { productId: product.ProductID, vendorId: vendor.id, marketerId: marketer.id }
  return { vendor, marketer, product, ref }
}

const dailyOf = async (role: 'vendor' | 'marketer', id: number) =>
  (await env.DB.prepare('SELECT day, leads, conversions, impressions FROM account_daily WHERE role = ? AND accountId = ? ORDER BY day').bind(role, id).all())
    .results

describe("India's counting days", () => {
  it('put a lead, a conversion and an impression at 19:00 UTC on the next day in the chart and the kept daily figures', async () => {
    const { vendor, marketer, product, ref } = await arrange()
    await insertLead(product, marketer.id, 'Pending', { createdAt: at(yesterday, '19:00') })
    await insertLead(product, marketer.id, 'Converted', { createdAt: at(yesterday, '18:00'), convertedAt: at(yesterday, '19:00') })
    // Still only in KV (not rolled up): the chart adds it on its Indian day too.
    await recordImpression(env.IMPRESSIONS, ref, 'a1b2c3d4e5f60718', Date.parse(at(yesterday, '19:10')))

    const res = await call<DailyTrend>('GET', '/api/analytics/daily', { token: vendor.token })
    const on = (day: string) => res.body.data.days.find((d) => d.day === day)
    expect(on(yesterday)).toEqual({ day: yesterday, impressions: 0, leads: 1, conversions: 0 })
    expect(on(today)).toEqual({ day: today, impressions: 1, leads: 1, conversions: 1 })
    expect(res.body.data.days.at(-1)?.day).toBe(indiaDay(Date.now()))

    expect(await dailyOf('marketer', marketer.id)).toEqual([
      { day: yesterday, leads: 1, conversions: 0, impressions: 0 },
      { day: today, leads: 1, conversions: 1, impressions: 0 },
    ])
  })

  it("roll up an impression at 19:00 UTC into the next Indian day's row, and count it there", async () => {
    const { marketer, ref } = await arrange()
    // Days well ahead of now, so this rollup touches no other test's slots.
    const day = utcDay(Date.now() + 10 * DAY)
    await recordImpression(env.IMPRESSIONS, ref, '0000000000000001', Date.parse(at(day, '18:00')))
    await recordImpression(env.IMPRESSIONS, ref, '0000000000000002', Date.parse(at(day, '19:00')))
    await rollupImpressions(env, Date.parse(at(day, '19:00')) + 2 * DEDUPE_WINDOW_MS)

    const { results } = await env.DB.prepare('SELECT day, n FROM impressions_daily WHERE MarketerID = ? ORDER BY day').bind(marketer.id).all()
    const next = utcDay(Date.parse(`${day}T00:00:00Z`) + DAY)
    expect(results).toEqual([
      { day, n: 1 },
      { day: next, n: 1 },
    ])
    expect((await dailyOf('marketer', marketer.id)).map((r) => [r.day, r.impressions])).toEqual([
      [day, 1],
      [next, 1],
    ])
  })

  it('start the chart and the report periods on India’s day', () => {
    // 19:00 UTC on 1 December is 00:30 on 2 December in India.
    const now = new Date('2026-12-01T19:00:00Z')
    expect(lastDays(now, 3)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02'])
    expect(periodStart('7', now.getTime())).toBe('2026-11-26')
    expect(periodStart('30', now.getTime())).toBe('2026-11-03')
    expect(lastDays(new Date('2026-12-01T18:00:00Z'), 1)).toEqual(['2026-12-01'])
  })

  it('count a lead of 19:00 UTC before the first day in that day’s report window, and move it out when India’s day moves on', async () => {
    const { marketer, product } = await arrange()
    const now = Date.now()
    const first = periodStart('7', now)
    // 00:30 on the window's first day in India: inside. 23:30 the day before: outside.
    await insertLead(product, marketer.id, 'Pending', { createdAt: at(dayBefore(first), '19:00') })
    await insertLead(product, marketer.id, 'Pending', { createdAt: at(dayBefore(first), '18:00') })
    // 00:30 on the next day in India: inside today's window and tomorrow's.
    await insertLead(product, marketer.id, 'Pending', { createdAt: at(first, '19:00') })
    const leadsOn = async (when: number) => {
      const page = await linkPerformancePage(env, 'https://collabkart.test', marketer.id, { period: '7', sort: 'leads', order: 'desc' }, when)
      return page.rows.find((r) => r.ProductID === product.ProductID)?.leads
    }
    expect(await leadsOn(now)).toBe(2)
    // India's next day: the window moves on by one day and the lead of its old first day leaves.
    expect(await leadsOn(now + DAY)).toBe(1)
  })

  it("put a lead at 19:00 UTC on the next day in the back office's chart", async () => {
    const admin = await makeAdmin()
    const { marketer, product } = await arrange()
    const before = (await call<AdminOverview>('GET', '/api/admin/overview', { token: admin.token })).body.data.days
    await insertLead(product, marketer.id, 'Converted', { createdAt: at(yesterday, '19:00'), convertedAt: at(yesterday, '19:30') })
    const after = (await call<AdminOverview>('GET', '/api/admin/overview', { token: admin.token })).body.data.days
    const change = (day: string) => {
      const [b, a] = [before.find((d) => d.day === day), after.find((d) => d.day === day)]
      return { leads: (a?.leads ?? 0) - (b?.leads ?? 0), conversions: (a?.conversions ?? 0) - (b?.conversions ?? 0) }
    }
    expect(change(yesterday)).toEqual({ leads: 0, conversions: 0 })
    expect(change(today)).toEqual({ leads: 1, conversions: 1 })
  })
})
