// The marketplace at scale, written straight into a local D1 database file: 10,000
// products (one vendor with 2,000), 10,000 influencers, 100,000 leads (50,000 for that vendor,
// 20,000 through one influencer) and 150,000 daily impression rows. Deterministic: a seeded
// generator, dates counted back from `today` (pin it with BENCH_TODAY=YYYY-MM-DD for identical
// files). The migrations' triggers fill the search tables as the rows go in, as they would for
// rows written by the app; for speed the bulk load sets them aside and fills the search tables in
// one statement each at the end (FTS5 takes 100,000 rows at once about seven times faster than one
// trigger call per row), then puts the same triggers back, as it does with the secondary indexes.

import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import { keptFigureFills } from '../../../worker/db/kept-figures.ts'
import { commissionPaise } from '../../../worker/domain/commission.ts'
import { engagementRate } from '../../../worker/domain/engagement.ts'
import { isSlotClosed, RETAINED_SLOTS, slotOf } from '../../../worker/domain/impressions.ts'

/** The default data set; `generateScaleData` multiplies every count by its `factor`. */
export const SCALE = {
  vendors: 201,
  products: 10_000,
  bigVendorProducts: 2_000,
  marketers: 10_000,
  leads: 100_000,
  bigVendorLeads: 50_000,
  bigMarketerLeads: 20_000,
  impressionRows: 150_000,
  impressionDays: 90,
} as const

/** The accounts the benchmark signs in as. */
export type ScaleIds = { bigVendor: number; bigMarketer: number; someVendor: number }

/** mulberry32: small, fast and the same on every machine. */
function random(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1))
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]
  /** Log-uniform: follower counts and prices spread over orders of magnitude, as real ones do. */
  const logInt = (lo: number, hi: number) => Math.floor(Math.exp(Math.log(lo) + next() * (Math.log(hi) - Math.log(lo))))
  return { next, int, pick, logInt }
}

const FIRST = [
  'Aarav',
  'Ananya',
  'Arjun',
  'Diya',
  'Ishaan',
  'Kavya',
  'Meera',
  'Nikhil',
  'Priya',
  'Rahul',
  'Riya',
  'Rohan',
  'Sana',
  'Tara',
  'Vikram',
  'Zoya',
  'Aditya',
  'Neha',
  'Kabir',
  'Isha',
  'Dev',
  'Pooja',
  'Harsh',
  'Nisha',
]
const LAST = [
  'Sharma',
  'Iyer',
  'Nair',
  'Kapoor',
  'Singh',
  'Das',
  'Reddy',
  'Patel',
  'Gupta',
  'Menon',
  'Rao',
  'Khan',
  'Jain',
  'Bose',
  'Mehta',
  'Chopra',
  'Pillai',
  'Verma',
]
const PLACES = [
  'Mumbai, India',
  'Delhi, India',
  'Bengaluru, India',
  'Chennai, India',
  'Kolkata, India',
  'Pune, India',
  'Jaipur, India',
  'Hyderabad, India',
  'London, United Kingdom',
  'Toronto, Canada',
  'Sydney, Australia',
  'Berlin, Europe',
  'New York, United States',
  'Dubai',
]
const MARKETER_CATEGORIES = [
  'Lifestyle',
  'Fashion',
  'Beauty',
  'Technology',
  'Gaming',
  'Fitness',
  'Food',
  'Travel',
  'Business',
  'Comedy',
  'Dance',
  'Music',
  'Entertainment',
]
const BIOS = [
  'Slow fashion and handloom stories from across India.',
  'Gadget reviews, unboxings and honest verdicts.',
  'Home cooking, street food and regional recipes.',
  'Fitness coach: strength, mobility and everyday habits.',
  'Travel diaries from the mountains to the coast.',
  'Skincare that works in Indian weather.',
  'Comedy sketches about office life and family WhatsApp groups.',
  'Dance covers and choreography tutorials.',
  'Personal finance made simple for first jobbers.',
]
const ADJECTIVES = ['Handwoven', 'Organic', 'Classic', 'Premium', 'Hand-painted', 'Everyday', 'Festive', 'Compact', 'Wireless', 'Artisan']
const MATERIALS = ['Cotton', 'Silk', 'Brass', 'Steel', 'Linen', 'Bamboo', 'Leather', 'Khadi', 'Copper', 'Terracotta']
const ITEMS = ['Kurta', 'Saree', 'Dupatta', 'Kettle', 'Earbuds', 'Tote Bag', 'Diya Set', 'Water Bottle', 'Watch', 'Keyboard', 'Masala Chai', 'Jhumka']
const PRODUCT_CATEGORIES = ['Clothing', 'Home & Kitchen', 'Electronics', 'Jewelry', 'Groceries', 'Beauty & Grooming', 'Watches', 'Handbags & Wallets']
const SENTENCES = [
  'Made in small batches by artisans we work with directly.',
  'Ships in 2-3 days across India with cash on delivery.',
  'Easy returns within 7 days if it is not right for you.',
  'Each piece varies slightly: that is the mark of handmade.',
  'Care: gentle hand wash, dry in shade.',
  'Comes gift-wrapped in recycled paper.',
]

const STATUSES = ['Pending', 'Pending', 'Pending', 'Converted', 'Converted', 'Lost'] as const

/** The SQLite file wrangler's local D1 keeps under `persistTo`, once migrations have created it. */
export function d1File(persistTo: string): string {
  const dir = path.join(persistTo, 'v3', 'd1', 'miniflare-D1DatabaseObject')
  const file = readdirSync(dir).find((name) => name.endsWith('.sqlite'))
  if (!file) throw new Error(`no D1 database under ${dir}: apply the migrations first`)
  return path.join(dir, file)
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10)

/**
 * The statements that fill the kept figures (account_totals, account_daily; report_windows,
 * report_figures) from the rows, written from their one definition (worker/db/kept-figures.ts), and
 * those of migration product_grams that fill the products' short grams.
 */
function keptFills(): string[] {
  const grams = readFileSync(path.join(import.meta.dirname, '..', '..', '..', 'migrations', '0014_product_grams.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .map((chunk) => chunk.replace(/^--.*$/gm, '').trim())
    .filter((statement) => /^INSERT (OR IGNORE )?INTO `product_grams`/.test(statement))
  return [...keptFigureFills(), ...grams]
}

/** SCALE times `factor` (days stay as they are; at least one of each account). */
export function scaleOf(factor: number): { [K in keyof typeof SCALE]: number } {
  const scaled = (n: number) => Math.max(2, Math.round(n * factor))
  return {
    vendors: 1 + scaled(SCALE.vendors - 1),
    products: scaled(SCALE.products),
    bigVendorProducts: scaled(SCALE.bigVendorProducts),
    marketers: scaled(SCALE.marketers),
    leads: scaled(SCALE.leads),
    bigVendorLeads: scaled(SCALE.bigVendorLeads),
    bigMarketerLeads: scaled(SCALE.bigMarketerLeads),
    impressionRows: scaled(SCALE.impressionRows),
    impressionDays: SCALE.impressionDays,
  }
}

export function generateScaleData(dbFile: string, today = new Date(), factor = 1): { ids: ScaleIds; counts: Record<string, number> } {
  const SIZE = scaleOf(factor)
  const r = random(11)
  const db = new DatabaseSync(dbFile)
  const day0 = Date.parse(`${isoDay(today)}T00:00:00Z`)
  const daysAgo = (days: number, ms = 0) => new Date(day0 - days * 86_400_000 + ms).toISOString()
  const insert = (sql: string): StatementSync => db.prepare(sql)

  db.exec('BEGIN')
  try {
    // Secondary indexes are built once at the end too: sorting once beats updating ten B-trees per row.
    const setAside = db
      .prepare(
        "SELECT type, name, sql FROM sqlite_master WHERE (type = 'trigger' AND (name LIKE '%\\_search\\_%' ESCAPE '\\' OR name LIKE 'account\\_totals\\_%' ESCAPE '\\' OR name LIKE 'report\\_figures\\_%' ESCAPE '\\' OR name LIKE 'product\\_grams\\_%' ESCAPE '\\')) OR (type = 'index' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%')",
      )
      .all() as Array<{ type: 'trigger' | 'index'; name: string; sql: string }>
    for (const { type, name } of setAside) db.exec(`DROP ${type.toUpperCase()} "${name}"`)

    // Vendors: 1 is the big one.
    const vendor = insert('INSERT INTO vendors (VendorID, VendorName, Email, MobileNumber, PasswordHash, createdAt) VALUES (?, ?, ?, ?, ?, ?)')
    for (let v = 1; v <= SIZE.vendors; v++) {
      const name = v === 1 ? 'Handloom Haus Mega Store' : `${r.pick(LAST)} ${r.pick(ITEMS)} Co. ${v}`
      vendor.run(v, name, `vendor${v}@bench.collabkart.in`, `9${String(100000000 + v).slice(-9)}`, 'bench-account-no-login', daysAgo(800))
    }

    // Products: every fifth belongs to the big vendor, so its 2,000 are spread through the catalogue.
    const product = insert(`INSERT INTO products (ProductID, VendorID, ProductName, Description, PricePaise, CommissionType, CommissionValue,
      CommissionAmountPaise, Category, SKU, product_link, Images, IsActive, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    const productsOf = new Map<number, Array<{ id: number; name: string; price: number; commission: number }>>()
    let others = 0
    for (let p = 1; p <= SIZE.products; p++) {
      const vendorId = p % 5 === 0 ? 1 : 2 + (others++ % (SIZE.vendors - 1))
      const name = `${r.pick(ADJECTIVES)} ${r.pick(MATERIALS)} ${r.pick(ITEMS)}`
      const price = r.logInt(199, 49_999) * 100 + (r.next() < 0.3 ? r.int(1, 99) : 0)
      const fixed = r.next() < 0.5
      const value = fixed ? Math.max(1, Math.round((price / 100) * r.int(5, 20)) / 100) : r.int(5, 25)
      const commission = commissionPaise(price, fixed ? 'Fixed' : 'Percentage', value)
      const description = Array.from({ length: r.int(2, 4) }, () => r.pick(SENTENCES)).join(' ')
      const created = daysAgo(720 - Math.floor((p / SIZE.products) * 700), r.int(0, 86_399_000))
      product.run(
        p,
        vendorId,
        name,
        description,
        price,
        fixed ? 'Fixed' : 'Percentage',
        value,
        commission,
        r.pick(PRODUCT_CATEGORIES),
        `SKU-${p}`,
        r.next() < 0.5 ? `https://shop.example.in/p/${p}` : null,
        JSON.stringify([`products/bench-${p % 50}.jpg`]),
        r.next() < 0.95 ? 1 : 0,
        created,
        created,
      )
      const list = productsOf.get(vendorId) ?? []
      list.push({ id: p, name, price, commission })
      productsOf.set(vendorId, list)
    }

    // Influencers: 5,000 is the big one (mid-table, as a real account would be).
    const bigMarketer = Math.ceil(SIZE.marketers / 2)
    const marketer = insert(`INSERT INTO marketers (MarketerID, MarketerName, Email, MobileNumber, PasswordHash, MarketerProfilePic, Verified,
      Bio, Location, Category, InstagramUsername, InstagramFollowers, InstagramFollowing, YouTubeChannelLink, YouTubeSubscribers,
      TwitterHandle, TwitterFollowers, TwitterFollowing, TikTokUsername, TikTokFollowers, PinterestUsername, PinterestFollowers,
      totalReachRaw, engagementRate, DateCreated, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    for (let m = 1; m <= SIZE.marketers; m++) {
      const first = r.pick(FIRST)
      const last = r.pick(LAST)
      const handle = `${first}.${last}${m}`.toLowerCase()
      const ig = r.next() < 0.8 ? r.logInt(500, 5_000_000) : 0
      const yt = r.next() < 0.4 ? r.logInt(100, 2_000_000) : 0
      const tw = r.next() < 0.3 ? r.logInt(100, 500_000) : 0
      const tt = r.next() < 0.2 ? r.logInt(100, 1_000_000) : 0
      const pin = r.next() < 0.1 ? r.logInt(100, 100_000) : 0
      const reach = ig + yt + tw + tt + pin
      const created = daysAgo(700 - Math.floor((m / SIZE.marketers) * 690))
      marketer.run(
        m,
        `${first} ${last}`,
        `creator${m}@bench.collabkart.in`,
        `8${String(100000000 + m).slice(-9)}`,
        'bench-account-no-login',
        r.next() < 0.5 ? `marketers/bench-${m % 40}.jpg` : null,
        r.next() < 0.2 ? 1 : 0,
        r.next() < 0.9 ? r.pick(BIOS) : null,
        r.next() < 0.95 ? r.pick(PLACES) : null,
        r.next() < 0.9 ? r.pick(MARKETER_CATEGORIES) : null,
        ig ? `@${handle}` : null,
        ig,
        ig ? r.int(100, 2_000) : 0,
        yt ? `https://youtube.com/@${handle}` : null,
        yt,
        tw ? handle : null,
        tw,
        tw ? r.int(50, 1_000) : 0,
        tt ? handle : null,
        tt,
        pin ? handle : null,
        pin,
        reach,
        engagementRate(m, reach),
        created,
        created,
      )
    }

    // Leads, oldest first over the last year: half to the big vendor, a fifth through the big influencer.
    const lead = insert(`INSERT INTO leads (LeadID, ProductID, VendorID, MarketerID, ClientName, ClientEmail, ClientPhone, Status, ProductName,
      PricePaise, CommissionAmountPaise, convertedAt, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    for (let l = 1; l <= SIZE.leads; l++) {
      const vendorId = l % 2 === 0 ? 1 : 2 + r.int(0, SIZE.vendors - 2)
      const marketerId = l % 5 === 0 ? bigMarketer : r.int(1, SIZE.marketers)
      const item = r.pick(productsOf.get(vendorId) ?? [])
      const status = r.pick(STATUSES)
      const createdMs = day0 - 365 * 86_400_000 + Math.floor((l / SIZE.leads) * 365 * 86_400_000)
      const created = new Date(createdMs).toISOString()
      const converted = status === 'Converted' ? new Date(Math.min(createdMs + r.int(1, 10) * 86_400_000, day0)).toISOString() : null
      const first = r.pick(FIRST)
      const last = r.pick(LAST)
      const phone = `${r.int(6, 9)}${String(r.int(0, 999_999_999)).padStart(9, '0')}`
      const email = r.next() < 0.7 ? `${first}.${last}${r.int(1, 999)}@mail.example.in`.toLowerCase() : null
      lead.run(
        l,
        item.id,
        vendorId,
        marketerId,
        `${first} ${last}`,
        email,
        phone,
        status,
        item.name,
        item.price,
        item.commission,
        converted,
        created,
        converted ?? created,
      )
    }

    // Daily impressions: 1,667 product/influencer pairs seen on each of the last 90 days.
    const impression = insert('INSERT OR IGNORE INTO impressions_daily (day, ProductID, VendorID, MarketerID, n) VALUES (?, ?, ?, ?, ?)')
    const pairs = new Map<string, { productId: number; vendorId: number; marketerId: number }>()
    const perDay = Math.ceil(SIZE.impressionRows / SIZE.impressionDays)
    while (pairs.size < perDay) {
      const vendorId = r.next() < 0.5 ? 1 : 2 + r.int(0, SIZE.vendors - 2)
      const productId = r.pick(productsOf.get(vendorId) ?? []).id
      const marketerId = r.next() < 0.3 ? bigMarketer : r.int(1, SIZE.marketers)
      pairs.set(`${productId}:${marketerId}`, { productId, vendorId, marketerId })
    }
    let impressionRows = 0
    for (let d = 0; d < SIZE.impressionDays && impressionRows < SIZE.impressionRows; d++) {
      const day = isoDay(new Date(day0 - d * 86_400_000))
      for (const pair of pairs.values()) {
        if (impressionRows >= SIZE.impressionRows) break
        impression.run(day, pair.productId, pair.vendorId, pair.marketerId, r.int(1, 40))
        impressionRows++
      }
    }
    // The half hours a running cron would have closed (empty in KV: every impression of the data set
    // is in D1 already). Without the markers every analytics request would list all 96 retained
    // slots of KV, which a deployed app never does.
    const marker = insert('INSERT OR IGNORE INTO impression_rollups (slot, impressions, rolledAt) VALUES (?, 0, ?)')
    const now = Date.now()
    for (let slot = slotOf(now) - RETAINED_SLOTS; slot < slotOf(now); slot++) if (isSlotClosed(slot, now)) marker.run(slot, new Date(now).toISOString())
    // Money: a commission entry per converted lead, and the big vendor's payouts, one per influencer
    // and month, settling every entry it has that is older than 30 days.
    db.exec(`INSERT INTO commission_entries (LeadID, VendorID, MarketerID, ProductName, Kind, AmountPaise, convertedAt)
      SELECT LeadID, VendorID, MarketerID, ProductName, 'commission', CommissionAmountPaise, convertedAt FROM leads WHERE Status = 'Converted' ORDER BY LeadID`)
    const settledBefore = daysAgo(30)
    const utr = (e: string) => `'UTR' || ${e}.MarketerID || '-' || substr(${e}.convertedAt, 1, 7)`
    // Payouts are written only through payout_records (migration payout_integrity): one row per
    // payout with the entries it settles, which the view's trigger turns into the payout and items.
    db.prepare(
      `INSERT INTO payout_records (VendorID, MarketerID, GrossPaise, TdsPaise, TdsBasePaise, NetPaise, Method, UTR, PaidOn, createdAt, EntryIDs, fyStart, fyEnd, lastPayoutId)
       SELECT VendorID, MarketerID, sum(AmountPaise), 0, 0, sum(AmountPaise), 'UPI', ${utr('e')}, substr(convertedAt, 1, 7) || '-28',
         substr(convertedAt, 1, 7) || '-28T10:00:00.000Z', json_group_array(EntryID), '', '', 0
       FROM commission_entries e WHERE VendorID = 1 AND convertedAt < ? GROUP BY MarketerID, substr(convertedAt, 1, 7) ORDER BY min(EntryID)`,
    ).run(settledBefore)
    // The back office's operator (the benchmark signs a token for it; nobody logs in).
    db.prepare('INSERT INTO admins (AdminID, Name, Email, PasswordHash, createdAt) VALUES (1, ?, ?, ?, ?)').run(
      'Bench Operator',
      'operator@bench.collabkart.in',
      'bench-account-no-login',
      daysAgo(800),
    )
    // The search tables in bulk, from the same text the migration's backfill and triggers index.
    db.exec(`INSERT INTO products_search (rowid, name, sku, price, commission) SELECT ProductID, name, sku, price, commission FROM product_search_text;
      INSERT INTO marketers_search (rowid, name, handle, marketer_id, bio, category, location)
        SELECT MarketerID, name, handle, marketer_id, bio, category, location FROM marketer_search_text;
      INSERT INTO leads_search (rowid, name, phone, email, vendor, marketer) SELECT LeadID, name, phone, email, vendor, marketer FROM lead_search_text;`)
    // The dashboards' figures and the short grams in bulk too, with the statements the migrations fill them with.
    for (const statement of keptFills()) db.exec(statement)
    for (const { sql } of setAside) db.exec(sql)
    db.exec('COMMIT')
    const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
    const counts = Object.fromEntries(
      [
        'vendors',
        'products',
        'marketers',
        'leads',
        'impressions_daily',
        'products_search',
        'marketers_search',
        'leads_search',
        'account_totals',
        'account_daily',
        'report_figures',
        'product_grams',
        'commission_entries',
        'payouts',
      ].map((t) => [t, count(t)]),
    )
    return { ids: { bigVendor: 1, bigMarketer, someVendor: 2 }, counts }
  } catch (err) {
    db.exec('ROLLBACK')
    throw err
  } finally {
    db.close()
  }
}
