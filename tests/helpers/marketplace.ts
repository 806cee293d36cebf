// A marketplace of a few thousand rows written straight into D1 in bulk, for the rows-read suite:
// vendors, products, influencers, leads, daily impressions, commission entries, payouts, short
// links and audit entries. Each call of `grow` adds one more share of the same size around the
// same focus accounts (one big vendor, one big influencer), so after two calls every list, filter
// and report of those accounts holds twice what it held after one: what a flat route reads stays
// the same, what a count over a filter reads doubles.
//
// Rows go in as multi-row INSERTs with the values written into the SQL (D1 takes at most 100 bound
// parameters per statement), many statements per batch; the migrations' triggers fill the search
// tables and the kept figures as they would for rows the app writes.

import { env } from 'cloudflare:workers'
import { PRODUCT_CATEGORIES } from '../../worker/contract/product'
import { commissionPaise } from '../../worker/domain/commission'
import { engagementRate } from '../../worker/domain/engagement'
import { signToken } from '../../worker/domain/tokens'

/** One share of the marketplace: `grow` adds this much each time. */
export const SHARE = {
  vendors: 20,
  products: 300,
  /** Every third product is the big vendor's. */
  bigVendorEvery: 3,
  marketers: 300,
  leads: 2_000,
  /** Half of the leads are the big vendor's, a quarter come through the big influencer. */
  impressionPairs: 60,
  impressionDays: 30,
  payouts: 40,
  auditEntries: 60,
} as const

export type Marketplace = {
  bigVendor: { id: number; token: string }
  bigMarketer: { id: number; token: string }
  /** How many shares `grow` has added. */
  shares: number
}

const STATUSES = ['Pending', 'Pending', 'Lost', 'Converted'] as const
const FIRST = ['Aarav', 'Ananya', 'Arjun', 'Diya', 'Ishaan', 'Kavya', 'Meera', 'Nikhil', 'Priya', 'Rahul', 'Riya', 'Rohan']
const LAST = ['Sharma', 'Iyer', 'Nair', 'Kapoor', 'Singh', 'Reddy', 'Das', 'Mehta']
const ITEMS = ['Kurta', 'Saree', 'Dupatta', 'Stole', 'Jutti', 'Lamp', 'Tote', 'Mug']
const MATERIALS = ['Cotton', 'Silk', 'Linen', 'Brass', 'Jute', 'Khadi']
const PLACES = ['Mumbai, India', 'Bengaluru, India', 'London, United Kingdom', 'Toronto, Canada', 'Sydney, Australia', 'Austin, United States']
const NICHES = ['Fashion', 'Beauty', 'Food', 'Travel', 'Tech', 'Home']

/** A deterministic generator (mulberry32), so both data sizes are the same every run. */
function random(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)],
  }
}

type Value = string | number | null

/** A value written into SQL: numbers as they are, text quoted. Only ever given this file's own values. */
const literal = (v: Value) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`)

/** Inserts `rows` into `table` in statements of up to 200 rows, 40 statements per D1 batch. */
export async function insertRows(table: string, columns: readonly string[], rows: Value[][]): Promise<void> {
  const statements: D1PreparedStatement[] = []
  for (let i = 0; i < rows.length; i += 200) {
    const values = rows
      .slice(i, i + 200)
      .map((row) => `(${row.map(literal).join(', ')})`)
      .join(',\n')
    statements.push(env.DB.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}`))
  }
  for (let i = 0; i < statements.length; i += 40) await env.DB.batch(statements.slice(i, i + 40))
}

const maxId = async (table: string, column: string) =>
  Number((await env.DB.prepare(`SELECT coalesce(max(${column}), 0) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0)

const DAY = 86_400_000

/** The marketplace with one share of rows; `grow` adds more. `today` pins the dates. */
export async function openMarketplace(today: Date): Promise<Marketplace> {
  const now = today.toISOString()
  await insertRows(
    'vendors',
    ['VendorName', 'Email', 'MobileNumber', 'PasswordHash', 'createdAt'],
    [['Handloom Haus', `big-vendor-${Date.now()}@example.in`, '9876543210', 'not-a-login', now]],
  )
  await insertRows(
    'marketers',
    [
      'MarketerName',
      'Email',
      'MobileNumber',
      'PasswordHash',
      'Location',
      'Category',
      'InstagramUsername',
      'InstagramFollowers',
      'totalReachRaw',
      'DateCreated',
      'updatedAt',
    ],
    [['Priya Nair', `big-creator-${Date.now()}@example.in`, '9123456780', 'not-a-login', 'Mumbai, India', 'Fashion', '@priya.nair', 50_000, 50_000, now, now]],
  )
  const vendorId = await maxId('vendors', 'VendorID')
  const marketerId = await maxId('marketers', 'MarketerID')
  const market: Marketplace = {
    bigVendor: { id: vendorId, token: await signToken({ id: vendorId, role: 'vendor', ver: 0 }, env.JWT_SECRET) },
    bigMarketer: { id: marketerId, token: await signToken({ id: marketerId, role: 'marketer', ver: 0 }, env.JWT_SECRET) },
    shares: 0,
  }
  await grow(market, today)
  return market
}

/** Adds one share of rows around the same focus accounts. */
export async function grow(market: Marketplace, today: Date): Promise<void> {
  const share = market.shares++
  const r = random(101 + share)
  const day0 = Date.parse(`${today.toISOString().slice(0, 10)}T00:00:00Z`)
  const iso = (ms: number) => new Date(ms).toISOString()
  const big = { vendor: market.bigVendor.id, marketer: market.bigMarketer.id }

  // Vendors.
  const firstVendor = (await maxId('vendors', 'VendorID')) + 1
  await insertRows(
    'vendors',
    ['VendorID', 'VendorName', 'Email', 'MobileNumber', 'PasswordHash', 'createdAt'],
    Array.from({ length: SHARE.vendors }, (_, i) => [
      firstVendor + i,
      `${r.pick(LAST)} ${r.pick(ITEMS)} Co.`,
      `vendor-${firstVendor + i}@bulk.example.in`,
      '9876500000',
      'not-a-login',
      iso(day0 - 400 * DAY),
    ]),
  )
  const otherVendor = () => firstVendor + r.int(0, SHARE.vendors - 1)

  // Products: every third the big vendor's; a few inactive.
  const firstProduct = (await maxId('products', 'ProductID')) + 1
  const products = Array.from({ length: SHARE.products }, (_, i) => {
    const id = firstProduct + i
    const price = r.int(199, 9_999) * 100
    const commissionValue = r.int(5, 20)
    return {
      id,
      vendor: i % SHARE.bigVendorEvery === 0 ? big.vendor : otherVendor(),
      name: `${r.pick(MATERIALS)} ${r.pick(ITEMS)} ${id}`,
      price,
      commissionValue,
      commission: commissionPaise(price, 'Percentage', commissionValue),
      active: r.next() < 0.95 ? 1 : 0,
      created: iso(day0 - r.int(1, 300) * DAY),
    }
  })
  await insertRows(
    'products',
    [
      'ProductID',
      'VendorID',
      'ProductName',
      'Description',
      'PricePaise',
      'CommissionType',
      'CommissionValue',
      'CommissionAmountPaise',
      'Category',
      'SKU',
      'Images',
      'IsActive',
      'createdAt',
      'updatedAt',
    ],
    products.map((p) => [
      p.id,
      p.vendor,
      p.name,
      'Handmade in small batches.',
      p.price,
      'Percentage',
      p.commissionValue,
      p.commission,
      r.pick(PRODUCT_CATEGORIES),
      `SKU-${p.id}`,
      '[]',
      p.active,
      p.created,
      p.created,
    ]),
  )
  const ofVendor = (vendor: number) => products.filter((p) => p.vendor === vendor)
  const bigVendorProducts = ofVendor(big.vendor)

  // Influencers.
  const firstMarketer = (await maxId('marketers', 'MarketerID')) + 1
  await insertRows(
    'marketers',
    [
      'MarketerID',
      'MarketerName',
      'Email',
      'MobileNumber',
      'PasswordHash',
      'Verified',
      'Bio',
      'Location',
      'Category',
      'InstagramUsername',
      'InstagramFollowers',
      'totalReachRaw',
      'engagementRate',
      'DateCreated',
      'updatedAt',
    ],
    Array.from({ length: SHARE.marketers }, (_, i) => {
      const id = firstMarketer + i
      const first = r.pick(FIRST)
      const last = r.pick(LAST)
      const followers = r.int(500, 2_000_000)
      const created = iso(day0 - r.int(1, 300) * DAY)
      return [
        id,
        `${first} ${last}`,
        `creator-${id}@bulk.example.in`,
        '9123400000',
        'not-a-login',
        r.next() < 0.2 ? 1 : 0,
        `${r.pick(NICHES)} stories from ${first}`,
        r.pick(PLACES),
        r.pick(NICHES),
        `@${first}.${last}${id}`.toLowerCase(),
        followers,
        followers,
        engagementRate(id, followers),
        created,
        created,
      ]
    }),
  )
  const someMarketer = () => firstMarketer + r.int(0, SHARE.marketers - 1)

  // Leads over the last 60 days, in the order they came (ids and dates rise together, as the app
  // writes them): half the big vendor's, a quarter through the big influencer.
  const hours = Array.from({ length: SHARE.leads }, () => r.int(0, 60 * 24 - 1)).sort((a, b) => b - a)
  const leads = Array.from({ length: SHARE.leads }, (_, i) => {
    const vendor = i % 2 === 0 ? big.vendor : products[r.int(0, products.length - 1)].vendor
    const product = r.pick(vendor === big.vendor ? bigVendorProducts : ofVendor(vendor))
    const status = r.pick(STATUSES)
    const created = day0 - hours[i] * 3_600_000
    return {
      product,
      marketer: i % 4 === 0 ? big.marketer : someMarketer(),
      status,
      created: iso(created),
      converted: status === 'Converted' ? iso(Math.min(created + DAY, day0)) : null,
      name: `${r.pick(FIRST)} ${r.pick(LAST)}`,
      phone: `9${String(r.int(0, 999_999_999)).padStart(9, '0')}`,
    }
  })
  const firstLead = (await maxId('leads', 'LeadID')) + 1
  await insertRows(
    'leads',
    [
      'LeadID',
      'ProductID',
      'VendorID',
      'MarketerID',
      'ClientName',
      'ClientEmail',
      'ClientPhone',
      'Status',
      'ProductName',
      'PricePaise',
      'CommissionAmountPaise',
      'convertedAt',
      'createdAt',
      'updatedAt',
    ],
    leads.map((l, i) => [
      firstLead + i,
      l.product.id,
      l.product.vendor,
      l.marketer,
      l.name,
      `${l.name.replace(' ', '.').toLowerCase()}@mail.example.in`,
      l.phone,
      l.status,
      l.product.name,
      l.product.price,
      l.product.commission,
      l.converted,
      l.created,
      l.converted ?? l.created,
    ]),
  )

  // Daily impressions of link pairs over the last 30 days (new pairs each share: new products).
  const pairs = Array.from({ length: SHARE.impressionPairs }, (_, i) => {
    const product = i % 2 === 0 ? r.pick(bigVendorProducts) : r.pick(products)
    return { product, marketer: i % 3 === 0 ? big.marketer : someMarketer() }
  })
  const seen = new Set<string>()
  const impressionRows: Value[][] = []
  for (let d = 0; d < SHARE.impressionDays; d++) {
    const day = iso(day0 - d * DAY).slice(0, 10)
    for (const { product, marketer } of pairs) {
      const key = `${day}:${product.id}:${marketer}`
      if (seen.has(key)) continue
      seen.add(key)
      impressionRows.push([day, product.id, product.vendor, marketer, r.int(1, 40)])
    }
  }
  await insertRows('impressions_daily', ['day', 'ProductID', 'VendorID', 'MarketerID', 'n'], impressionRows)

  // Commission entries for the converted leads, and payouts from the big vendor settling some of them.
  const firstEntry = (await maxId('commission_entries', 'EntryID')) + 1
  const converted = leads.map((l, i) => ({ ...l, leadId: firstLead + i })).filter((l) => l.converted !== null)
  await insertRows(
    'commission_entries',
    ['EntryID', 'LeadID', 'VendorID', 'MarketerID', 'ProductName', 'Kind', 'AmountPaise', 'convertedAt'],
    converted.map((l, i) => [firstEntry + i, l.leadId, l.product.vendor, l.marketer, l.product.name, 'commission', l.product.commission, l.converted]),
  )
  const settled = converted.map((l, i) => ({ ...l, entryId: firstEntry + i })).filter((l) => l.product.vendor === big.vendor)
  const firstPayout = (await maxId('payouts', 'PayoutID')) + 1
  const payouts = settled.slice(0, SHARE.payouts).map((l, i) => ({ id: firstPayout + i, entry: l }))
  // Payouts are written only through payout_records (migration payout_integrity): one row each,
  // with the entries it settles.
  await insertRows(
    'payout_records',
    [
      'VendorID',
      'MarketerID',
      'GrossPaise',
      'TdsPaise',
      'TdsBasePaise',
      'NetPaise',
      'Method',
      'UTR',
      'PaidOn',
      'createdAt',
      'EntryIDs',
      'fyStart',
      'fyEnd',
      'lastPayoutId',
    ],
    payouts.map((p) => [
      big.vendor,
      p.entry.marketer,
      p.entry.product.commission,
      0,
      0,
      p.entry.product.commission,
      'UPI',
      `UTR${String(p.id).padStart(9, '0')}`,
      (p.entry.converted ?? p.entry.created).slice(0, 10),
      p.entry.converted ?? p.entry.created,
      JSON.stringify([p.entry.entryId]),
      '',
      '',
      0,
    ]),
  )

  // Short links of the big influencer to a tenth of the share's products.
  await insertRows(
    'short_links',
    ['Code', 'ProductID', 'VendorID', 'MarketerID', 'createdAt'],
    products.filter((_, i) => i % 10 === 0).map((p) => [`b${share}x${p.id}`, p.id, p.vendor, big.marketer, p.created]),
  )

  // Audit entries, as the back office writes them.
  await insertRows(
    'audit_log',
    ['at', 'AdminID', 'adminEmail', 'action', 'targetType', 'targetId', 'reason'],
    Array.from({ length: SHARE.auditEntries }, (_, i) => [
      iso(day0 - i * 3_600_000),
      1,
      'operator@collabkart.in',
      r.pick(['verify', 'suspend', 'take-down'] as const),
      'influencer',
      String(someMarketer()),
      'Checked',
    ]),
  )
}
