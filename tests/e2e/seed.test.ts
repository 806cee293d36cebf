import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { DailyPoint } from '../../worker/contract/trends'
import { PRODUCT_ART } from '../../scripts/lib/product-art'
import { freePort, type RunningWorker, ROOT, startWorker } from '../../scripts/lib/worker'
import { DEMO_ADMIN, DEMO_CAMPAIGN, DEMO_PASSWORD, seedDemoData } from '../../scripts/seed'
import { MARKETERS, PRODUCTS, VENDORS } from '../../scripts/seed-data'
import { launchBrowser } from './browser'

// The demo marketplace `npm start` seeds. Its own Worker and state, so
// the demo accounts never meet the other suites' data.

let worker: RunningWorker
let persistTo: string
let browser: Browser

beforeAll(async () => {
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true })
  persistTo = mkdtempSync(path.join(ROOT, '.tmp', 'seed-'))
  // The run's migrated state, copied (global-setup.ts): the same schema without starting wrangler to apply it again.
  cpSync(inject('migratedState'), persistTo, { recursive: true })
  // New hashes at 1,000 PBKDF2 iterations, as in the other suites' Workers (decision 265): the seed
  // signs up and signs in every demo account on each of its three runs here, and the tests sign in
  // each again, about 700 derivations. `npm start` seeds at production's 100,000.
  worker = await startWorker({ port: await freePort(), persistTo, vars: { JWT_SECRET: 'seed-test-secret', PASSWORD_ITERATIONS: '1000' } })
  browser = await launchBrowser()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await worker?.stop()
  if (persistTo) rmSync(persistTo, { recursive: true, force: true })
})

type Login = { token: string; vendor?: { VendorID: number; emailVerified: boolean }; marketer?: { MarketerID: number; emailVerified: boolean } }

async function call<T>(method: string, route: string, init: { json?: unknown; token?: string } = {}): Promise<T> {
  const send = () =>
    fetch(`${worker.url}/api/${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    })
  // As the seed's own client: wrangler dev drops idle keep-alive sockets while `wrangler d1 execute`
  // runs (the seed ends with one), and the first request on such a socket fails before it is read.
  const res = await send().catch((err: unknown) => {
    const cause = err instanceof Error ? (err.cause as { code?: string } | undefined) : undefined
    if (cause?.code !== 'UND_ERR_SOCKET') throw err
    return send()
  })
  const body = (await res.json()) as { data: T; message: string }
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${body.message}`)
  return body.data
}

const login = (role: 'vendors' | 'marketers', Email: string) => call<Login>('POST', `${role}/login`, { json: { Email, Password: DEMO_PASSWORD } })
const trend = async (token: string) => (await call<{ days: DailyPoint[] }>('GET', 'analytics/daily', { token })).days

/** Every demo account's totals and 30-day chart: what a second run must leave exactly as it was. */
async function everything() {
  const out: Record<string, unknown> = {}
  for (const v of VENDORS) {
    const session = await login('vendors', v.Email)
    const id = session.vendor?.VendorID
    out[v.Email] = { totals: await call('GET', `vendors/analytics/${id}`, { token: session.token }), trend: await trend(session.token) }
  }
  for (const i of MARKETERS) {
    const session = await login('marketers', i.Email)
    const id = session.marketer?.MarketerID
    out[i.Email] = { totals: await call('GET', `marketers/analytics/${id}`, { token: session.token }), trend: await trend(session.token) }
  }
  return out
}

describe('demo data', () => {
  it('spreads impressions, leads and conversions over the last 30 days, for brands and influencers alike', async () => {
    await seedDemoData(worker.url, { persistTo })
    for (const [role, email] of [
      ['vendors', 'priya@handloomhaus.in'],
      ['vendors', 'kabir@voltedge.in'],
      ['marketers', 'rohan@creators.in'],
      ['marketers', 'meera@creators.in'],
    ] as const) {
      const days = await trend((await login(role, email)).token)
      const impressions = days.map((d) => d.impressions)
      const month = impressions.reduce((a, b) => a + b, 0)
      expect(days.filter((d) => d.impressions > 0).length, email).toBeGreaterThanOrEqual(28)
      // Not one spike: no day holds more than a tenth of the month.
      expect(Math.max(...impressions), email).toBeLessThan(month / 10)
      expect(days.filter((d) => d.leads > 0).length, email).toBeGreaterThanOrEqual(5)
      expect(days.filter((d) => d.conversions > 0).length, email).toBeGreaterThanOrEqual(3)
      // Today's visits come through the API as the buy page sends them.
      expect(days.at(-1)?.impressions, email).toBeGreaterThan(0)
    }
  }, 300_000)

  it('seeds one demo admin, who signs in to the back office', async () => {
    const session = await call<{ token: string; admin: { Email: string } }>('POST', 'admin/login', {
      json: { Email: DEMO_ADMIN.email, Password: DEMO_PASSWORD },
    })
    expect(session.admin.Email).toBe(DEMO_ADMIN.email)
    const overview = await call<{ vendors: number }>('GET', 'admin/overview', { token: session.token })
    expect(overview.vendors).toBe(VENDORS.length)
  })

  it('seeds every demo account with a verified address', async () => {
    for (const v of VENDORS) expect((await login('vendors', v.Email)).vendor?.emailVerified, v.Email).toBe(true)
    for (const i of MARKETERS) expect((await login('marketers', i.Email)).marketer?.emailVerified, i.Email).toBe(true)
  })

  it('seeds an open fee campaign with one creator accepted and one application waiting, once', async () => {
    const vendor = await login('vendors', 'priya@handloomhaus.in')
    const mine = () => call<{ CampaignID: number; Title: string; RewardType: string }[]>('GET', 'campaigns', { token: vendor.token })
    const [campaign, ...others] = await mine()
    expect(others).toHaveLength(0)
    expect(campaign).toMatchObject({ Title: DEMO_CAMPAIGN.Title, RewardType: 'Fee' })
    const members = (status: string) =>
      call<{ MarketerID: number }[]>('GET', `campaigns/${campaign.CampaignID}/members?status=${status}`, { token: vendor.token })
    const ids = async (key: string) => (await login('marketers', MARKETERS.find((i) => i.key === key)?.Email ?? '')).marketer?.MarketerID
    expect((await members('Accepted')).map((m) => m.MarketerID)).toEqual([await ids(DEMO_CAMPAIGN.accepted)])
    expect((await members('Applied')).map((m) => m.MarketerID)).toEqual([await ids(DEMO_CAMPAIGN.waiting)])
  }, 120_000)

  // One second run proves what each seeded thing must survive: the totals, charts and the one campaign.
  it('adds nothing when it runs again, the campaign included', async () => {
    const before = await everything()
    const vendor = await login('vendors', 'priya@handloomhaus.in')
    const campaigns = () => call<{ CampaignID: number }[]>('GET', 'campaigns', { token: vendor.token })
    const campaignsBefore = await campaigns()
    await seedDemoData(worker.url, { persistTo })
    expect(await everything()).toEqual(before)
    expect(await campaigns()).toEqual(campaignsBefore)
    expect(campaignsBefore).toHaveLength(1)
  }, 300_000)

  it('includes a month of money: entries in every state, two payouts, payout details for most influencers', async () => {
    const statuses = new Set<string>()
    let overdue = 0
    let withDetails = 0
    for (const i of MARKETERS) {
      const session = await login('marketers', i.Email)
      for (const e of await call<{ status: string; overdue: boolean }[]>('GET', 'money/entries?limit=100', { token: session.token })) {
        statuses.add(e.status)
        if (e.overdue) overdue++
      }
      if (await call('GET', 'money/details', { token: session.token })) withDetails++
    }
    expect([...statuses].sort()).toEqual(['adjustment', 'paid', 'payable', 'pending', 'reversed'])
    expect(overdue).toBeGreaterThan(0)
    expect(withDetails).toBe(MARKETERS.length - 1)
    const vendor = await login('vendors', 'priya@handloomhaus.in')
    const payouts = await call<{ UTR: string; Net: number }[]>('GET', 'money/payouts', { token: vendor.token })
    expect(payouts).toHaveLength(2)
    for (const p of payouts) expect(p.Net).toBeGreaterThan(0)
  }, 60_000)

  it('shows both dashboards a month of activity in the 30-day chart, at 360 and 1280 px', async () => {
    const vendor = await login('vendors', 'priya@handloomhaus.in')
    const marketer = await login('marketers', 'rohan@creators.in')
    const sessions = [
      ['vendor', '/vendor', { token: vendor.token, isLoggedIn: 'true', vendorData: JSON.stringify(vendor.vendor) }],
      [
        'marketer',
        '/marketer',
        { token: marketer.token, isLoggedIn: 'true', marketerData: JSON.stringify(marketer.marketer), marketerID: String(marketer.marketer?.MarketerID) },
      ],
    ] as const
    for (const [name, route, storage] of sessions) {
      for (const width of [360, 1280]) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: worker.url })
        await context.addInitScript((entries: Record<string, string>) => {
          for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
        }, storage)
        const page = await context.newPage()
        await page.goto(route)
        await expect.poll(() => page.getByRole('heading', { name: 'Last 30 days' }).isVisible()).toBe(true)
        await expect.poll(() => page.locator('canvas').count()).toBeGreaterThan(0)
        mkdirSync(path.join(import.meta.dirname, 'screenshots'), { recursive: true })
        await page.screenshot({ path: path.join(import.meta.dirname, 'screenshots', `seed-${name}-chart-${width}.png`), fullPage: true })
        await context.close()
      }
    }
  }, 120_000)

  // After the second run above: a run again must not reorder them either.
  it("lists every brand's and influencer's seeded leads newest first in date order", async () => {
    const lists: [string, { LeadID: number; createdAt: string }[]][] = []
    for (const v of VENDORS) {
      const session = await login('vendors', v.Email)
      lists.push([v.Email, await call('GET', `leads/leadsbyvendorid/${session.vendor?.VendorID}?limit=100&sort=newest`, { token: session.token })])
    }
    for (const i of MARKETERS) {
      const session = await login('marketers', i.Email)
      lists.push([i.Email, await call('GET', `leads/leadsdata?limit=100&sort=newest`, { token: session.token })])
    }
    expect(lists.reduce((n, [, rows]) => n + rows.length, 0)).toBeGreaterThan(0)
    for (const [email, rows] of lists) {
      const dates = rows.map((r) => r.createdAt)
      expect(dates, email).toEqual([...dates].sort().reverse())
    }
  }, 300_000)

  it('runs again after an operator suspended a demo brand and a demo creator, and leaves both suspended', async () => {
    const admin = await call<{ token: string }>('POST', 'admin/login', { json: { Email: DEMO_ADMIN.email, Password: DEMO_PASSWORD } })
    const volt = (await login('vendors', 'kabir@voltedge.in')).vendor?.VendorID
    const meera = (await login('marketers', 'meera@creators.in')).marketer?.MarketerID
    const reason = { reasonCode: 'policy', note: 'Demo check' }
    await call('POST', `admin/vendors/${volt}/suspend`, { token: admin.token, json: reason })
    await call('POST', `admin/influencers/${meera}/suspend`, { token: admin.token, json: reason })
    // Before: the seed stopped at the suspended brand's sign-in, and `npm start` with it.
    await seedDemoData(worker.url, { persistTo })
    await expect(login('vendors', 'kabir@voltedge.in')).rejects.toThrow(/403/)
    await expect(login('marketers', 'meera@creators.in')).rejects.toThrow(/403/)
    // The other demo accounts are as they were.
    expect((await login('vendors', 'priya@handloomhaus.in')).vendor?.VendorID).toBeGreaterThan(0)
  }, 300_000)

  it('draws every demo product image from a drawing of that product, none shared', () => {
    const files = PRODUCTS.flatMap((p) => p.images)
    for (const file of files) expect(PRODUCT_ART[file], file).toBeDefined()
    expect(new Set(files.map((f) => PRODUCT_ART[f])).size).toBe(new Set(files).size)
  })
})
