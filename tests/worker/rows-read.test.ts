// What each list, search, filter, sort, later page, dashboard and report reads from D1, in rows (D1
// bills by rows read; the Server-Timing header reports them per request). Every such route has a
// budget written beside it, checked on a marketplace of a few thousand rows (tests/helpers/
// marketplace.ts), and the same request on twice the data must read no more than 1.2 times as many
// rows: a page reads what it shows, whatever the marketplace's size. A route that cannot (a total
// over a filter that grows with the data) says so in its budget, with the reason, and is held to
// growing no faster than the data.
//
// Every GET route of the API is in the table below or in NOT_LISTS with the reason it is not: a
// new route without a budget fails the last test.

import { beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../worker/app'
import { call } from '../helpers/api'
import { makeApiKey } from '../helpers/api-keys'
import { makeAdmin } from '../helpers/factories'
import { RETAINED_SLOTS } from '../../worker/domain/impressions'
import { grow, insertRows, type Marketplace, openMarketplace, SHARE } from '../helpers/marketplace'
import { d1Figures } from '../helpers/server-timing'
import { env } from 'cloudflare:workers'
import { istDay } from '../helpers/campaigns'
import { ORDER_COUNT_CAP } from '../../worker/contract/order-routes'

/** 300 orders of the big vendor per share (two lines each, one unlisted), 200 credited to the big influencer. */
async function seedOrders(market: Marketplace) {
  const share = market.shares
  const start = Number((await env.DB.prepare('SELECT coalesce(max(OrderNo), 0) AS n FROM orders').first('n')) ?? 0) + 1
  const at = (i: number) => new Date(Date.parse('2026-06-01T00:00:00Z') + (share * 300 + i) * 60_000).toISOString()
  const states = ['paid', 'delivered', 'shipped'] as const
  await insertRows(
    'orders',
    [
      'OrderNo',
      'VendorID',
      'OrderID',
      'source',
      'currency',
      'paymentMethod',
      'state',
      'placedAt',
      'paidAt',
      'MarketerID',
      'AmountPaise',
      'CommissionPaise',
      'Fingerprint',
      'createdAt',
      'updatedAt',
    ],
    Array.from({ length: 300 }, (_, i) => [
      start + i,
      market.bigVendor.id,
      `SHOP-${share}-${i}`,
      'api',
      'INR',
      'prepaid',
      states[i % 3],
      at(i),
      at(i),
      i % 3 === 2 ? null : market.bigMarketer.id,
      319_800,
      27_588,
      `f${share}-${i}`,
      at(i),
      at(i),
    ]),
  )
  await insertRows(
    'order_lines',
    ['OrderNo', 'LineID', 'ProductID', 'Name', 'Quantity', 'UnitPricePaise', 'DiscountPaise', 'LineAmountPaise', 'CommissionPaise'],
    Array.from({ length: 300 }, (_, i) => [
      [start + i, '1', null, 'Dupatta', 1, 229_900, 0, 229_900, 27_588],
      [start + i, '2', null, 'Stole', 1, 89_900, 0, 89_900, 0],
    ]).flat(),
  )
}

const TODAY = new Date('2026-06-15T12:00:00Z')
/** The default page size. */
const LIMIT = 20

/** `key`: the big vendor's API key, for /api/v1. */
type Who = 'anyone' | 'vendor' | 'marketer' | 'admin' | 'key'

/**
 * `budget`: the most rows the request may read with one share of data. `grows`: why the route
 * reads more as the data grows (then it may grow with the data, no faster); absent: flat.
 */
type Budgeted = { name: string; route: string; path: (m: Marketplace) => string; who: Who; page2?: true; budget: number; grows?: string }

/** A page of `limit` rows read at `perRow` rows each (the row, its index entry, the names joined to it), plus `extra`. */
const page = (perRow = 3, limit = LIMIT, extra = 50) => perRow * limit + extra
// One share of the marketplace (tests/helpers/marketplace.ts), in rows.
const PRODUCTS = SHARE.products
const VENDOR_PRODUCTS = SHARE.products / SHARE.bigVendorEvery
const MARKETERS = SHARE.marketers + 1
const LEADS = SHARE.leads
const VENDOR_LEADS = SHARE.leads / 2
/** The open half-hour slots the dashboards and reports list before reading KV: two rows each, whatever the data. */
const SLOTS = 2 * RETAINED_SLOTS

const ORDERS_COUNTED = 'page 1 counts the matching orders up to ORDER_COUNT_CAP (1,000), so it grows with the data until the cap; later pages count nothing'
const COUNTED = 'page 1 counts its total over every matching row up to the cap (db/capped-counts.ts): the count grows with the data, later pages do not'
const COUNTED_EVERY_PAGE = 'the back office counts every matching row for its total, on every page'
const DATE_RANGE = "the page reads every lead of the date range (half the vendor's) from the date index and sorts them; page 1 also counts them"
const RANKED = "ranks every product of the vendor with figures in the period, in SQL: it grows with the vendor's catalogue"
const SITE_TOTALS = 'site-wide totals (leads by status, leads and conversions per day, accounts, active products) counted from the rows on every request'

/** Campaigns of the big vendor per share; the big influencer applies to a third of them. */
const CAMPAIGNS = 30
const JOINED = 10
let focusCampaign = 0
let campaignShares = 0

const ROUTES: Budgeted[] = [
  // The catalogue.
  { name: 'products', route: '/api/products', path: () => '/api/products', who: 'anyone', budget: page() + PRODUCTS, grows: COUNTED },
  { name: 'products, 100 a page', route: '/api/products', path: () => '/api/products?limit=100', who: 'anyone', budget: page(3, 100) },
  { name: 'products, page 2', route: '/api/products', path: () => '/api/products', who: 'anyone', page2: true, budget: page() },
  { name: 'products, search "silk"', route: '/api/products', path: () => '/api/products?q=silk', who: 'anyone', budget: page() + PRODUCTS, grows: COUNTED },
  { name: 'products, search "99" (grams)', route: '/api/products', path: () => '/api/products?q=99', who: 'anyone', budget: page() + PRODUCTS, grows: COUNTED },
  { name: 'products, as an influencer (short links)', route: '/api/products', path: () => '/api/products', who: 'marketer', budget: page(5) },
  {
    name: "a vendor's own products",
    route: '/api/products/getProductByVendor/:vendorId',
    path: (m) => `/api/products/getProductByVendor/${m.bigVendor.id}`,
    who: 'vendor',
    budget: page() + VENDOR_PRODUCTS,
    grows: COUNTED,
  },
  {
    name: "a vendor's products, page 2",
    route: '/api/products/getProductByVendor/:vendorId',
    path: (m) => `/api/products/getProductByVendor/${m.bigVendor.id}`,
    who: 'anyone',
    page2: true,
    budget: page(),
  },
  {
    name: "a vendor's products, search",
    route: '/api/products/getProductByVendor/:vendorId',
    path: (m) => `/api/products/getProductByVendor/${m.bigVendor.id}?q=silk`,
    who: 'anyone',
    budget: page() + 2 * VENDOR_PRODUCTS,
    grows: COUNTED,
  },
  {
    name: 'affiliate links (short links made on first use)',
    route: '/api/affiliate/product-links',
    path: (m) => `/api/affiliate/product-links?marketerId=${m.bigMarketer.id}`,
    who: 'marketer',
    budget: page(5),
  },
  {
    name: 'affiliate links, page 2',
    route: '/api/affiliate/product-links',
    path: (m) => `/api/affiliate/product-links?marketerId=${m.bigMarketer.id}`,
    who: 'marketer',
    page2: true,
    budget: page(5),
  },

  // The influencer directory.
  {
    name: 'directory, newest',
    route: '/api/marketers/social-media',
    path: () => '/api/marketers/social-media',
    who: 'anyone',
    budget: page() + MARKETERS,
    grows: COUNTED,
  },
  { name: 'directory, home (3)', route: '/api/marketers/social-media', path: () => '/api/marketers/social-media?limit=3', who: 'anyone', budget: page(3, 3) },
  {
    name: 'directory, by followers',
    route: '/api/marketers/social-media',
    path: () => '/api/marketers/social-media?sort=followers',
    who: 'anyone',
    budget: page(),
  },
  {
    name: 'directory, by engagement',
    route: '/api/marketers/social-media',
    path: () => '/api/marketers/social-media?sort=engagement',
    who: 'anyone',
    budget: page(),
  },
  { name: 'directory, by name', route: '/api/marketers/social-media', path: () => '/api/marketers/social-media?sort=name', who: 'anyone', budget: page() },
  {
    name: 'directory, page 2',
    route: '/api/marketers/social-media',
    path: () => '/api/marketers/social-media?sort=followers',
    who: 'anyone',
    page2: true,
    budget: page(),
  },
  {
    name: 'directory, keyword "priya"',
    route: '/api/marketers/social-media',
    path: () => '/api/marketers/social-media?q=priya&sort=followers',
    who: 'anyone',
    budget: page() + MARKETERS,
    grows: COUNTED,
  },
  {
    name: 'directory, countries',
    route: '/api/marketers/social-media',
    path: () => '/api/marketers/social-media?countries=India,Canada&sort=followers',
    who: 'anyone',
    budget: page() + MARKETERS,
    grows: COUNTED,
  },
  {
    name: 'directory, category',
    route: '/api/marketers/social-media',
    path: () => '/api/marketers/social-media?category=fash',
    who: 'anyone',
    budget: page() + MARKETERS,
    grows: COUNTED,
  },
  {
    name: 'directory, followers over 100,000',
    route: '/api/marketers/social-media',
    path: () => '/api/marketers/social-media?minFollowers=100000&sort=followers',
    who: 'anyone',
    budget: page() + MARKETERS,
    grows: COUNTED,
  },
  {
    name: 'directory, verified',
    route: '/api/marketers/social-media',
    path: () => '/api/marketers/social-media?verified=true',
    who: 'anyone',
    budget: page(5) + MARKETERS,
    grows: COUNTED,
  },
  { name: 'directory, signed in', route: '/api/marketers', path: () => '/api/marketers', who: 'vendor', budget: page() },

  // A vendor's leads.
  {
    name: 'vendor leads',
    route: '/api/leads/leadsbyvendorid/:vendorId',
    path: (m) => `/api/leads/leadsbyvendorid/${m.bigVendor.id}`,
    who: 'vendor',
    budget: page(6),
  },
  {
    name: 'vendor leads, page 2',
    route: '/api/leads/leadsbyvendorid/:vendorId',
    path: (m) => `/api/leads/leadsbyvendorid/${m.bigVendor.id}`,
    who: 'vendor',
    page2: true,
    budget: page(6),
  },
  {
    name: 'vendor leads, Pending',
    route: '/api/leads/leadsbyvendorid/:vendorId',
    path: (m) => `/api/leads/leadsbyvendorid/${m.bigVendor.id}?status=Pending`,
    who: 'vendor',
    budget: page(6),
  },
  {
    name: 'vendor leads, search "sharma"',
    route: '/api/leads/leadsbyvendorid/:vendorId',
    path: (m) => `/api/leads/leadsbyvendorid/${m.bigVendor.id}?q=sharma`,
    who: 'vendor',
    budget: page(6) + VENDOR_LEADS,
    grows: COUNTED,
  },
  {
    name: 'vendor leads, last 30 days',
    route: '/api/leads/leadsbyvendorid/:vendorId',
    path: (m) => `/api/leads/leadsbyvendorid/${m.bigVendor.id}?from=2026-05-16&to=2026-06-15`,
    who: 'vendor',
    budget: page(6) + 2 * VENDOR_LEADS,
    grows: DATE_RANGE,
  },
  {
    name: 'vendor leads, by price',
    route: '/api/leads/leadsbyvendorid/:vendorId',
    path: (m) => `/api/leads/leadsbyvendorid/${m.bigVendor.id}?sort=price-high`,
    who: 'vendor',
    budget: page(6),
  },
  {
    name: 'vendor leads, one influencer',
    route: '/api/leads/leadsbyvendorid/:vendorId',
    path: (m) => `/api/leads/leadsbyvendorid/${m.bigVendor.id}?marketerId=${m.bigMarketer.id}`,
    who: 'vendor',
    budget: page(6) + VENDOR_LEADS,
    grows: COUNTED,
  },
  // Where a new-lead notice links: one lead by its id (the vendor's or nobody's), whatever the data.
  {
    name: 'vendor leads, one lead',
    route: '/api/leads/leadsbyvendorid/:vendorId',
    path: (m) => `/api/leads/leadsbyvendorid/${m.bigVendor.id}?leadId=1`,
    who: 'vendor',
    budget: 20,
  },
  // The order screens (decision 301): a page of orders and their lines; page 1 counts up to ORDER_COUNT_CAP.
  { name: 'vendor orders', route: '/api/orders', path: () => '/api/orders', who: 'vendor', budget: page(4) + ORDER_COUNT_CAP + 1, grows: ORDERS_COUNTED },
  { name: 'vendor orders, page 2', route: '/api/orders', path: () => '/api/orders', who: 'vendor', page2: true, budget: page(4) },
  {
    name: 'vendor orders, delivered',
    route: '/api/orders',
    path: () => '/api/orders?state=delivered',
    who: 'vendor',
    budget: page(4) + ORDER_COUNT_CAP + 1,
    grows: ORDERS_COUNTED,
  },
  { name: 'vendor orders, by id prefix', route: '/api/orders', path: () => '/api/orders?q=SHOP-1-1', who: 'vendor', budget: page(4) + 150 },
  {
    name: 'influencer orders',
    route: '/api/marketer/orders',
    path: () => '/api/marketer/orders',
    who: 'marketer',
    budget: page(5) + ORDER_COUNT_CAP + 1,
    grows: ORDERS_COUNTED,
  },
  { name: 'influencer orders, page 2', route: '/api/marketer/orders', path: () => '/api/marketer/orders', who: 'marketer', page2: true, budget: page(5) + 20 },
  // The vendors' API: the same lists, plus the key's own row (one index entry, one row).
  { name: 'v1 leads', route: '/api/v1/leads', path: () => '/api/v1/leads', who: 'key', budget: page(6) + 2 },
  { name: 'v1 leads, page 2', route: '/api/v1/leads', path: () => '/api/v1/leads', who: 'key', page2: true, budget: page(6) + 2 },
  { name: 'v1 leads, Converted', route: '/api/v1/leads', path: () => '/api/v1/leads?status=Converted', who: 'key', budget: page(6) + 2 },
  // The API's orders (decision 289): a keyset page on OrderNo with its lines, no total.
  { name: 'v1 orders', route: '/api/v1/orders', path: () => '/api/v1/orders', who: 'key', budget: page(5) + 10 },
  { name: 'v1 orders, page 2', route: '/api/v1/orders', path: () => '/api/v1/orders', who: 'key', page2: true, budget: page(5) + 10 },
  { name: 'v1 orders, delivered', route: '/api/v1/orders', path: () => '/api/v1/orders?state=delivered', who: 'key', budget: page(6) },
  { name: 'v1 orders, one India day', route: '/api/v1/orders', path: () => '/api/v1/orders?from=2026-06-01&to=2026-06-01', who: 'key', budget: page(5) + 10 },
  {
    name: 'v1 orders, one India day, page 2',
    route: '/api/v1/orders',
    path: () => '/api/v1/orders?from=2026-06-01&to=2026-06-01',
    who: 'key',
    page2: true,
    // The (placedAt, OrderNo) keyset's OR reads one more index entry per row.
    budget: page(6) + 10,
  },
  { name: 'v1 products', route: '/api/v1/products', path: () => '/api/v1/products', who: 'key', budget: page() + VENDOR_PRODUCTS + 2, grows: COUNTED },
  { name: 'v1 products, page 2', route: '/api/v1/products', path: () => '/api/v1/products', who: 'key', page2: true, budget: page() + 2 },
  // The vendor's own keys (at most a few dozen, revoked ones included) and their activity.
  { name: 'API keys', route: '/api/vendors/api-keys', path: () => '/api/vendors/api-keys', who: 'vendor', budget: page(2, LIMIT, 10) },
  { name: 'vendor activity', route: '/api/vendors/activity', path: () => '/api/vendors/activity', who: 'vendor', budget: page(2, LIMIT, 10) },
  { name: 'leadsdata', route: '/api/leads/leadsdata', path: () => '/api/leads/leadsdata', who: 'vendor', budget: page(6) },
  {
    name: 'leadsdata, Converted',
    route: '/api/leads/leadsdata',
    path: () => '/api/leads/leadsdata?status=Converted',
    who: 'vendor',
    budget: page(6),
  },
  { name: 'leadsdata, page 2', route: '/api/leads/leadsdata', path: () => '/api/leads/leadsdata', who: 'vendor', page2: true, budget: page(6) },

  // An influencer's leads.
  {
    name: 'influencer leads',
    route: '/api/leads/leadsbymarketerid/:marketerId',
    path: (m) => `/api/leads/leadsbymarketerid/${m.bigMarketer.id}`,
    who: 'marketer',
    budget: page(6),
  },
  {
    name: 'influencer leads, Converted',
    route: '/api/leads/leadsbymarketerid/:marketerId',
    path: (m) => `/api/leads/leadsbymarketerid/${m.bigMarketer.id}?status=Converted`,
    who: 'marketer',
    budget: page(6),
  },
  {
    name: 'influencer leads, oldest first, page 2',
    route: '/api/leads/leadsbymarketerid/:marketerId',
    path: (m) => `/api/leads/leadsbymarketerid/${m.bigMarketer.id}?sort=oldest`,
    who: 'marketer',
    page2: true,
    budget: page(6),
  },

  // Dashboards.
  { name: 'vendor dashboard', route: '/api/vendors/analytics/:id', path: (m) => `/api/vendors/analytics/${m.bigVendor.id}`, who: 'vendor', budget: SLOTS + 50 },
  {
    name: 'influencer dashboard',
    route: '/api/marketers/analytics/:id',
    path: (m) => `/api/marketers/analytics/${m.bigMarketer.id}`,
    who: 'marketer',
    budget: SLOTS + 50,
  },
  { name: 'daily trend, vendor', route: '/api/analytics/daily', path: () => '/api/analytics/daily', who: 'vendor', budget: SLOTS + 50 },
  { name: 'daily trend, influencer', route: '/api/analytics/daily', path: () => '/api/analytics/daily', who: 'marketer', budget: SLOTS + 50 },

  // Performance reports.
  {
    name: 'performance by influencer, 30 days',
    route: '/api/vendors/performance/:view{(?:products|influencers)}',
    path: () => '/api/vendors/performance/influencers?period=30',
    who: 'vendor',
    budget: SLOTS + page(),
  },
  {
    name: 'performance by product, 90 days, by revenue',
    route: '/api/vendors/performance/:view{(?:products|influencers)}',
    path: () => '/api/vendors/performance/products?period=90&sort=revenue',
    who: 'vendor',
    budget: SLOTS + page(5),
  },
  {
    name: 'performance by product, all time, page 2',
    route: '/api/vendors/performance/:view{(?:products|influencers)}',
    path: () => '/api/vendors/performance/products?period=all&sort=name',
    who: 'vendor',
    page2: true,
    budget: SLOTS + page() + 3 * VENDOR_PRODUCTS,
    grows: RANKED,
  },
  // The Sub-ID breakdown: at most 50 kept rows, each with its product's name.
  { name: 'My Links by sub-ID', route: '/api/affiliate/my-links/subs', path: () => '/api/affiliate/my-links/subs', who: 'marketer', budget: page(3, 50, 10) },
  { name: 'My Links, 30 days', route: '/api/affiliate/my-links', path: () => '/api/affiliate/my-links?period=30', who: 'marketer', budget: SLOTS + page(5) },
  {
    name: 'My Links, all time, by commission',
    route: '/api/affiliate/my-links',
    path: () => '/api/affiliate/my-links?period=all&sort=commission',
    who: 'marketer',
    budget: SLOTS + page(5) + 150,
  },

  // The back office.
  { name: 'admin overview', route: '/api/admin/overview', path: () => '/api/admin/overview', who: 'admin', budget: 6 * LEADS, grows: SITE_TOTALS },
  {
    name: 'admin influencers',
    route: '/api/admin/influencers',
    path: () => '/api/admin/influencers',
    who: 'admin',
    // A kept count (decision 296): flat, and later pages count nothing.
    budget: page(),
  },
  {
    name: 'admin influencers, search',
    route: '/api/admin/influencers',
    path: () => '/api/admin/influencers?q=sharma',
    who: 'admin',
    budget: page() + 2 * MARKETERS,
    grows: COUNTED_EVERY_PAGE,
  },
  {
    name: 'admin influencers, page 2',
    route: '/api/admin/influencers',
    path: () => '/api/admin/influencers',
    who: 'admin',
    page2: true,
    // A kept count (decision 296): flat, and later pages count nothing.
    budget: page(),
  },
  {
    name: 'admin vendors',
    route: '/api/admin/vendors',
    path: () => '/api/admin/vendors',
    who: 'admin',
    // A kept count (decision 296): flat, and later pages count nothing.
    budget: page(),
  },
  {
    name: 'admin products',
    route: '/api/admin/products',
    path: () => '/api/admin/products',
    who: 'admin',
    // A kept count (decision 296): flat, and later pages count nothing.
    budget: page(),
  },
  {
    name: 'admin products, inactive',
    route: '/api/admin/products',
    path: () => '/api/admin/products?state=inactive',
    who: 'admin',
    budget: page(),
    grows: COUNTED_EVERY_PAGE,
  },
  {
    name: 'admin audit log',
    route: '/api/admin/audit',
    path: () => '/api/admin/audit',
    who: 'admin',
    // A kept count (decision 296): flat, and later pages count nothing.
    budget: page(),
  },
  {
    name: 'admin data requests',
    route: '/api/admin/data-requests',
    path: () => '/api/admin/data-requests',
    who: 'admin',
    budget: page(),
    grows: COUNTED_EVERY_PAGE,
  },
  {
    name: 'admin dead mail',
    route: '/api/admin/mail/dead',
    path: () => '/api/admin/mail/dead',
    who: 'admin',
    budget: page(1),
    grows: 'the total counts every dead mail from the state index, on every page: few by nature, and each one an operator must see to',
  },
  {
    name: 'admin dead events',
    route: '/api/admin/events/dead',
    path: () => '/api/admin/events/dead',
    who: 'admin',
    budget: page(1),
    grows: 'the total counts every dead event from its hash index, on every page: few by nature, and each one an operator must see to',
  },
  {
    name: 'admin disputes',
    route: '/api/admin/disputes',
    path: () => '/api/admin/disputes',
    who: 'admin',
    budget: page(),
    grows: COUNTED_EVERY_PAGE,
  },
  {
    name: "a vendor's disputes",
    route: '/api/money/disputes',
    path: () => '/api/money/disputes',
    who: 'vendor',
    budget: page(),
    grows: 'the list counts its open disputes on every page (decision 070): few by nature',
  },
  // The bell: keyset pages and a kept count, whatever the number of notifications.
  // A creator's own storefront: at most 20 collections, 100 pins (each with its product) and 30 days of views, whatever the marketplace.
  { name: 'own storefront', route: '/api/storefront', path: () => '/api/storefront', who: 'marketer', budget: 20 + 2 * 100 + 30 + 20 },
  { name: 'notifications', route: '/api/notifications', path: () => '/api/notifications', who: 'vendor', budget: page(1) },
  { name: 'notifications, page 2', route: '/api/notifications', path: () => '/api/notifications', who: 'vendor', page2: true, budget: page(1) },
  { name: 'notifications, unread', route: '/api/notifications', path: () => '/api/notifications?unread=1', who: 'vendor', budget: page(1) },
  { name: 'notifications, unread count', route: '/api/notifications/unread', path: () => '/api/notifications/unread', who: 'vendor', budget: 10 },
  { name: 'notification preferences', route: '/api/notifications/preferences', path: () => '/api/notifications/preferences', who: 'vendor', budget: 20 },
  // Campaigns, seeded by seedCampaigns: 30 of the big vendor's a share, one of them the focus.
  {
    name: "a vendor's campaigns",
    route: '/api/campaigns',
    path: () => '/api/campaigns',
    who: 'vendor',
    budget: page(6) + 2 * CAMPAIGNS,
    grows: "page 1 counts the vendor's campaigns for its total: a vendor runs tens of campaigns, not thousands",
  },
  {
    name: "a vendor's campaigns, page 2",
    route: '/api/campaigns',
    path: () => '/api/campaigns',
    who: 'vendor',
    page2: true,
    budget: page(6) + 2 * CAMPAIGNS,
    grows: 'the total is counted on every page',
  },
  {
    name: 'open campaigns for an influencer',
    route: '/api/campaigns/open',
    path: () => '/api/campaigns/open',
    who: 'marketer',
    budget: page(7) + 3 * CAMPAIGNS,
    grows: 'the total counts the open campaigns the influencer qualifies for, from the partial index of those still taking applications',
  },
  {
    name: "an influencer's campaigns",
    route: '/api/campaigns/joined',
    path: () => '/api/campaigns/joined',
    who: 'marketer',
    budget: page(7) + JOINED,
    grows: "the total counts the influencer's memberships",
  },
  {
    name: 'campaign inbox, applied',
    route: '/api/campaigns/:id/members',
    path: () => `/api/campaigns/${focusCampaign}/members?status=Applied`,
    who: 'vendor',
    budget: page(3),
  },
  {
    name: 'campaign inbox, page 2',
    route: '/api/campaigns/:id/members',
    path: () => `/api/campaigns/${focusCampaign}/members?status=Applied`,
    who: 'vendor',
    page2: true,
    budget: page(3),
  },
  {
    name: 'campaign deliverables',
    route: '/api/campaigns/:id/deliverables',
    path: () => `/api/campaigns/${focusCampaign}/deliverables`,
    who: 'vendor',
    budget: page(3) + 3 * 20 + 10,
    grows: "the total counts the campaign's deliverables: at most 100 creators x 10 items",
  },
  {
    name: 'campaign stats',
    route: '/api/campaigns/:id/stats',
    path: () => `/api/campaigns/${focusCampaign}/stats`,
    who: 'vendor',
    budget: page(3) + 20,
    grows: "the totals sum the campaign's accepted creators: at most 100 (CreatorsWanted)",
  },
  {
    name: 'admin audit log, verify',
    route: '/api/admin/audit',
    path: () => '/api/admin/audit?action=verify',
    who: 'admin',
    budget: page(),
    grows: COUNTED_EVERY_PAGE,
  },
]

/** GET routes of the API that are not lists, searches, dashboards or reports, and why. */
const NOT_LISTS: Record<string, string> = {
  '/api/health': 'reads nothing',
  '/api/openapi.json': 'reads nothing: the document is built from the code, once per isolate',
  '/api/products/:id': 'one product by its key',
  '/api/orders/:orderId': 'one order by its key, with its lines and events',
  '/api/vendors/:id': 'one account by its key',
  '/api/marketers/:id': 'one account by its key',
  '/api/marketers/social-media/:id': 'one profile by its key',
  '/api/admin/me': 'one account by its key',
  '/api/admin/influencers/:id': 'one account by its key, with its own figures',
  '/api/vendors/:id/export': "a data export: everything of the caller's, by design",
  '/api/marketers/:id/export': "a data export: everything of the caller's, by design",
  '/api/admin/:kind{(?:vendors|influencers)}/:id/export': "a data export: everything of the account's, by design",
  '/api/vendors/performance/:view{(?:products|influencers)}/csv': 'a download of every row of the report, by design',
  '/api/money/payouts.csv': 'a download of every payout, by design',
  '/api/money/statement.csv': 'a download of the statement, by design',
  '/api/money/details': "one influencer's payout details by key",
  '/api/money/settings': "one vendor's terms by key",
  '/api/attribution/settings': "one vendor's attribution settings by key",
  '/api/v1/orders/:orderId': 'one order by its key, with its lines and events',
  '/api/money/payout-account': "one vendor's payouts account by key, never its secrets",
  '/api/money/payout-account/transfers': 'the newest 100 provider payouts of the caller at most, read by its LIMIT (not paged yet)',
  '/api/leads/status/:id/effect': 'one lead and its ledger entries, by key',
  '/api/v1/leads/:id': 'one lead by its key, with its names, and the API key by its hash',
  // The money routes have their budgets, at two ledger sizes, in money-rows-read.test.ts.
  '/api/money/balance': 'budgeted in money-rows-read.test.ts, at two ledger sizes',
  '/api/money/entries': 'budgeted in money-rows-read.test.ts, at two ledger sizes',
  '/api/money/payouts': 'budgeted in money-rows-read.test.ts, at two ledger sizes',
  '/api/money/influencers': 'budgeted in money-rows-read.test.ts, at two ledger sizes',
  '/api/webhooks/endpoints': "budgeted in webhooks-rows-read.test.ts: a vendor's endpoints, 10 at most",
  '/api/webhooks/endpoints/:id/deliveries': 'budgeted in webhooks-rows-read.test.ts, at two log sizes',
  // A vendor's connected stores (at most 5) and each store's events: store-webhooks.test.ts.
  '/api/stores': 'at most 5 rows by construction; budgeted in store-webhooks.test.ts',
  '/api/stores/:id/events': 'budgeted in store-webhooks.test.ts, at two event counts',
  // Creator codes: keyset pages with a kept total; budgeted at two sizes in coupons.test.ts.
  '/api/coupons': 'budgeted in coupons.test.ts, at two numbers of codes',
  '/api/coupons/mine': 'budgeted in coupons.test.ts, at two numbers of codes',
  '/api/coupons/:id/uses': "budgeted in coupons.test.ts: a keyset page of the code's leads, its total the kept use count",
  '/api/coupons/lookup': 'one product and one code by their keys; budgeted in coupons.test.ts',
  '/api/campaigns/:id': 'one campaign by its key, with its products (at most 20) and the caller’s membership',
  '/api/campaigns/:id/my-deliverables': "one campaign, its products (at most 20) and one creator's items (at most 10)",
}

/**
 * A share of campaigns: 30 live open ones of the big vendor (one product each), the big influencer's
 * applications to 10 of them, and on the focus campaign (the first) 40 applications and 20
 * accepted creators with their 3 deliverables and stats row each.
 */
async function seedCampaigns(market: Marketplace) {
  const share = campaignShares++
  const now = new Date().toISOString()
  const product = await env.DB.prepare('SELECT ProductID FROM products WHERE VendorID = ? ORDER BY ProductID LIMIT 1')
    .bind(market.bigVendor.id)
    .first<{ ProductID: number }>()
  const campaignRows = Array.from({ length: CAMPAIGNS }, (_, i) => [
    market.bigVendor.id,
    `Campaign ${share}-${i}`,
    'A brief long enough to read.',
    'Commission',
    'Fixed',
    500,
    '["Reel","Story","Story"]',
    istDay(0),
    istDay(30 + i),
    100,
    'Open',
    '|Clothing|',
    now,
  ])
  await insertRows(
    'campaigns',
    [
      'VendorID',
      'Title',
      'Brief',
      'RewardType',
      'CommissionType',
      'CommissionValue',
      'Deliverables',
      'StartsOn',
      'EndsOn',
      'CreatorsWanted',
      'Access',
      'ProductCategories',
      'createdAt',
    ],
    campaignRows,
  )
  const ids = (
    await env.DB.prepare('SELECT CampaignID FROM campaigns WHERE VendorID = ? ORDER BY CampaignID DESC LIMIT ?')
      .bind(market.bigVendor.id, CAMPAIGNS)
      .all<{ CampaignID: number }>()
  ).results
    .map((r) => r.CampaignID)
    .reverse()
  if (share === 0) focusCampaign = ids[0]
  await insertRows(
    'campaign_products',
    ['CampaignID', 'ProductID'],
    ids.map((id) => [id, product?.ProductID ?? 0]),
  )
  await insertRows(
    'campaign_members',
    ['CampaignID', 'MarketerID', 'Status', 'Pitch', 'createdAt'],
    ids.slice(1, 1 + JOINED).map((id) => [id, market.bigMarketer.id, 'Applied', 'A pitch of mine.', now]),
  )
  const marketers = (
    await env.DB.prepare('SELECT MarketerID FROM marketers WHERE MarketerID <> ? ORDER BY MarketerID LIMIT 60 OFFSET ?')
      .bind(market.bigMarketer.id, share * 60)
      .all<{ MarketerID: number }>()
  ).results.map((r) => r.MarketerID)
  await insertRows(
    'campaign_members',
    ['CampaignID', 'MarketerID', 'Status', 'Pitch', 'createdAt', 'answeredAt'],
    marketers.map((m, i) => [focusCampaign, m, i < 40 ? 'Applied' : 'Accepted', 'A pitch of mine.', now, i < 40 ? null : now]),
  )
  const accepted = marketers.slice(40)
  await insertRows(
    'campaign_deliverables',
    ['CampaignID', 'MarketerID', 'ItemIndex', 'Item', 'Status'],
    accepted.flatMap((m) => ['Reel', 'Story', 'Story'].map((item, i) => [focusCampaign, m, i, item, 'Due'])),
  )
  await insertRows(
    'campaign_figures',
    ['CampaignID', 'MarketerID', 'impressions', 'leads'],
    accepted.map((m) => [focusCampaign, m, 100, 3]),
  )
}

type Reading = { rowsRead: number; status: number }

let subShares = 0
/** A share of the big influencer's sub-ID figures: 80 sub-IDs over the big vendor's first products, more than the breakdown shows. */
async function seedSubs(market: Marketplace) {
  const share = subShares++
  const products = await env.DB.prepare('SELECT ProductID FROM products WHERE VendorID = ? ORDER BY ProductID LIMIT 4')
    .bind(market.bigVendor.id)
    .all<{ ProductID: number }>()
  const rows = Array.from({ length: 80 }, (_, i) => [
    market.bigMarketer.id,
    products.results[i % 4].ProductID,
    `reel-${share}-${i}`,
    (i * 7) % 50,
    i % 5,
    i % 3,
    1000 * (i % 3),
  ])
  await insertRows('sub_figures', ['MarketerID', 'ProductID', 'sub', 'clicks', 'leads', 'conversions', 'commissionPaise'], rows)
}

let rung = 0
/** A share of the big vendor's bell: 60 notifications, every third one read. */
async function ringBell(market: Marketplace) {
  const rows = Array.from({ length: 60 }, (_, i) => {
    const n = rung++
    return [
      'vendor',
      market.bigVendor.id,
      'lead-new',
      `lead:bench-${n}`,
      `New lead ${n}`,
      'A buyer asked.',
      '/vendor?tab=leads',
      TODAY.toISOString(),
      i % 3 === 0 ? TODAY.toISOString() : null,
    ]
  })
  await insertRows('notifications', ['role', 'accountId', 'kind', 'eventKey', 'title', 'body', 'link', 'createdAt', 'readAt'], rows)
}

describe('rows read per request, at one and at twice the data', () => {
  const readings = new Map<string, [Reading, Reading]>()

  async function readAll(market: Marketplace, tokens: Record<Who, string | undefined>): Promise<Map<string, Reading>> {
    const out = new Map<string, Reading>()
    for (const route of ROUTES) {
      let path = route.path(market)
      const token = tokens[route.who]
      if (route.page2) {
        const first = await call<unknown[]>('GET', path, { token })
        // A list's cursor is in `paging`; the v1 orders page carries it in `data` (no total, decision 289).
        const body = first.body as unknown as { paging?: { nextCursor?: string | null }; data?: { nextCursor?: string | null } }
        const cursor = body.paging?.nextCursor ?? body.data?.nextCursor
        if (!cursor) throw new Error(`${route.name}: no second page`)
        path = `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`
      }
      const res = await call('GET', path, { token })
      out.set(route.name, { rowsRead: d1Figures(res.headers).rowsRead, status: res.status })
    }
    return out
  }

  beforeAll(async () => {
    const market = await openMarketplace(TODAY)
    await ringBell(market)
    await seedCampaigns(market)
    await seedSubs(market)
    await seedOrders(market)
    const admin = await makeAdmin()
    const key = await makeApiKey(market.bigVendor, ['leads:read', 'products:read'])
    const tokens = { anyone: undefined, vendor: market.bigVendor.token, marketer: market.bigMarketer.token, admin: admin.token, key: key.Secret }
    const once = await readAll(market, tokens)
    await grow(market, TODAY)
    await ringBell(market)
    await seedCampaigns(market)
    await seedSubs(market)
    await seedOrders(market)
    const twice = await readAll(market, tokens)
    for (const route of ROUTES) readings.set(route.name, [once.get(route.name) as Reading, twice.get(route.name) as Reading])
    console.log(
      ROUTES.map((r) => {
        const [a, b] = readings.get(r.name) as [Reading, Reading]
        return `${r.name.padEnd(48)} ${String(a.rowsRead).padStart(6)} ${String(b.rowsRead).padStart(6)}  budget ${r.budget}${r.grows ? ' (grows)' : ''}`
      }).join('\n'),
    )
  }, 240_000)

  it.each(ROUTES.map((r) => [r.name, r] as const))('%s: within its budget, and flat as the data doubles unless it says why not', (_, route) => {
    const [once, twice] = readings.get(route.name) as [Reading, Reading]
    expect([once.status, twice.status]).toEqual([200, 200])
    expect(once.rowsRead).toBeLessThanOrEqual(route.budget)
    if (route.grows) {
      // A total over the filter: it grows with the data, not faster (a search's matches are not
      // spread evenly over the two shares, hence the room).
      expect(twice.rowsRead).toBeLessThanOrEqual(2.5 * once.rowsRead)
    } else {
      expect(twice.rowsRead).toBeLessThanOrEqual(1.2 * once.rowsRead)
    }
  })

  it('has a budget for every GET route of the API, or says why it is not a list', () => {
    const gets = [...new Set(app.routes.filter((r) => r.method === 'GET' && r.path.startsWith('/api/')).map((r) => r.path))]
    const budgeted = new Set(ROUTES.map((r) => r.route))
    const missing = gets.filter((path) => !budgeted.has(path) && !(path in NOT_LISTS))
    expect(missing).toEqual([])
    for (const route of ROUTES) expect(route.budget, route.name).toBeGreaterThan(0)
  })
})
