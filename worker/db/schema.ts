import { sql } from 'drizzle-orm'
import { type AnySQLiteColumn, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { ATTRIBUTION_RULES } from '../contract/attribution'
import { CAMPAIGN_ACCESS, DECLINED_BY, DELIVERABLE_STATUSES, MEMBER_STATUSES, REWARD_TYPES } from '../contract/campaigns'
import { LEAD_STATUSES } from '../contract/lead'
import { PERIODS } from '../contract/performance'
import { COMMISSION_TYPES } from '../contract/product'
import type { ApiKeyScope } from '../contract/api-keys'
import { CONVERSION_SOURCES } from '../contract/v1'
import { conversionRateSql, REPORT_VIEWS } from './performance-sql'

// Columns are named as the spec names fields, so rows map onto the contract with little renaming.
// Money is stored as integer paise (…Paise columns) so sums never drift; the API speaks rupees.

const nowIso = () => new Date().toISOString()

export const vendors = sqliteTable(
  'vendors',
  {
    VendorID: integer('VendorID').primaryKey({ autoIncrement: true }),
    VendorName: text('VendorName').notNull(),
    // Lower-cased and trimmed by the contract schemas, so the unique index is case-insensitive.
    Email: text('Email').notNull(),
    MobileNumber: text('MobileNumber').notNull(),
    PasswordHash: text('PasswordHash').notNull(),
    VendorProfilePic: text('VendorProfilePic'),
    // Checked by the back office: a verified vendor sees influencers' contact details
    // before working with them (services/influencer-profile.ts).
    Verified: integer('Verified', { mode: 'boolean' }).notNull().default(false),
    // Raised by every password change; tokens carry the value they were issued with (claim `ver`),
    // so every token issued before the change stops working (services/session.ts).
    tokenVersion: integer('tokenVersion').notNull().default(0),
    // When the account proved it reads mail at Email; null until then, and again after
    // the address changes. Not the back office's Verified above: that one vouches for the business.
    emailVerifiedAt: text('emailVerifiedAt'),
    // Money settings: days a commission waits for returns before it may be paid (0-90),
    // and days after that by which the vendor promises to pay (7-45).
    HoldingDays: integer('HoldingDays').notNull().default(14),
    PaymentTermsDays: integer('PaymentTermsDays').notNull().default(30),
    // Attribution settings (decision 292): how many days after a click a store order still
    // credits its creator (1-90), and whether the visitor's last or first click in that window wins.
    AttributionDays: integer('AttributionDays').notNull().default(30),
    AttributionRule: text('AttributionRule', { enum: ATTRIBUTION_RULES }).notNull().default('last'),
    // Orders (decision 288): days after delivery a buyer may still return (0-90), and the days a
    // later order of the same buyer still credits the creator of their first (0: off).
    ReturnWindowDays: integer('ReturnWindowDays').notNull().default(7),
    RepeatBuyerDays: integer('RepeatBuyerDays').notNull().default(0),
    // Back office: set while an admin has suspended the account (with the reason), and
    // when its personal data was erased; either keeps it out of sign-in, tokens and public pages.
    suspendedAt: text('suspendedAt'),
    suspendedReason: text('suspendedReason'),
    erasedAt: text('erasedAt'),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
  },
  (t) => [uniqueIndex('vendors_email_unique').on(t.Email)],
)

type HandleColumns = { InstagramUsername: AnySQLiteColumn; TwitterHandle: AnySQLiteColumn; TikTokUsername: AnySQLiteColumn }

/**
 * The storefront handle's lookup key, kept by an expression index rather than a column the profile
 * save would have to maintain: Instagram, else Twitter, else TikTok username, without leading '@'
 * or trailing '.', lower-cased (decision 247: 'Ananya.Weaves.' is the same handle as
 * 'ananya.weaves'). Queries must use this very expression for SQLite to use marketers_handle_idx;
 * domain/storefront.ts handleKey is its twin for a handle typed in a path.
 */
export const storefrontHandleKey = (t: HandleColumns) =>
  sql`rtrim(lower(ltrim(coalesce(nullif(trim(${t.InstagramUsername}), ''), nullif(trim(${t.TwitterHandle}), ''), nullif(trim(${t.TikTokUsername}), '')), '@')), '.')`

export const marketers = sqliteTable(
  'marketers',
  {
    MarketerID: integer('MarketerID').primaryKey({ autoIncrement: true }),
    MarketerName: text('MarketerName').notNull(),
    // Lower-cased and trimmed by the contract schemas, so the unique index is case-insensitive.
    Email: text('Email').notNull(),
    MobileNumber: text('MobileNumber').notNull(),
    PasswordHash: text('PasswordHash').notNull(),
    MarketerProfilePic: text('MarketerProfilePic'),
    Verified: integer('Verified', { mode: 'boolean' }).notNull().default(false),
    Bio: text('Bio'),
    Location: text('Location'),
    Category: text('Category'),
    InstagramUsername: text('InstagramUsername'),
    InstagramFollowers: integer('InstagramFollowers').notNull().default(0),
    InstagramFollowing: integer('InstagramFollowing').notNull().default(0),
    YouTubeChannelLink: text('YouTubeChannelLink'),
    YouTubeSubscribers: integer('YouTubeSubscribers').notNull().default(0),
    LinkedInProfile: text('LinkedInProfile'),
    LinkedInConnections: integer('LinkedInConnections').notNull().default(0),
    TwitterHandle: text('TwitterHandle'),
    TwitterFollowers: integer('TwitterFollowers').notNull().default(0),
    TwitterFollowing: integer('TwitterFollowing').notNull().default(0),
    TikTokUsername: text('TikTokUsername'),
    TikTokFollowers: integer('TikTokFollowers').notNull().default(0),
    TikTokFollowing: integer('TikTokFollowing').notNull().default(0),
    FacebookPage: text('FacebookPage'),
    FacebookLikes: integer('FacebookLikes').notNull().default(0),
    PinterestUsername: text('PinterestUsername'),
    PinterestFollowers: integer('PinterestFollowers').notNull().default(0),
    PreviewImage1: text('PreviewImage1'),
    PreviewImage2: text('PreviewImage2'),
    PreviewImage3: text('PreviewImage3'),
    // Combined audience across platforms (never the "following" counts); kept in sync on every social update.
    totalReachRaw: integer('totalReachRaw').notNull().default(0),
    // See vendors.tokenVersion.
    tokenVersion: integer('tokenVersion').notNull().default(0),
    // See vendors.emailVerifiedAt.
    emailVerifiedAt: text('emailVerifiedAt'),
    // The deterministic rate of domain/engagement.ts, stored so the directory can sort and page by it;
    // written with totalReachRaw on every save (0 without reach, as for a new account).
    engagementRate: real('engagementRate').notNull().default(0),
    // Back office: set while an admin has suspended the account (with the reason), and
    // when its personal data was erased; either keeps it out of sign-in, tokens and public pages.
    suspendedAt: text('suspendedAt'),
    suspendedReason: text('suspendedReason'),
    erasedAt: text('erasedAt'),
    DateCreated: text('DateCreated').notNull().$defaultFn(nowIso),
    updatedAt: text('updatedAt').notNull().$defaultFn(nowIso),
  },
  (t) => [
    uniqueIndex('marketers_email_unique').on(t.Email),
    // The directory's sorts, each ending in the id so keyset pages are exact (ties newest first).
    index('marketers_reach_idx').on(t.totalReachRaw, t.MarketerID),
    index('marketers_engagement_idx').on(t.engagementRate, t.MarketerID),
    index('marketers_name_idx').on(sql`${t.MarketerName} COLLATE NOCASE`, sql`${t.MarketerID} DESC`),
    // The directory counts only influencers who are not suspended: from this index, not the rows.
    index('marketers_listed_idx').on(t.suspendedAt, t.MarketerID),
    // The total of a countries filter tests each listed influencer's location: here, not in the rows.
    index('marketers_listed_location_idx').on(t.suspendedAt, t.Location),
    // The storefront's /@{handle}, looked up case-insensitively; the id orders a shared handle's holders.
    index('marketers_handle_idx').on(storefrontHandleKey(t), t.MarketerID),
  ],
)

export const products = sqliteTable(
  'products',
  {
    ProductID: integer('ProductID').primaryKey({ autoIncrement: true }),
    VendorID: integer('VendorID')
      .notNull()
      .references(() => vendors.VendorID, { onDelete: 'cascade' }),
    ProductName: text('ProductName').notNull(),
    Description: text('Description').notNull(),
    PricePaise: integer('PricePaise').notNull(),
    CommissionType: text('CommissionType', { enum: COMMISSION_TYPES }).notNull(),
    // Rupees for Fixed, percent for Percentage; the computed amount lives in CommissionAmountPaise.
    CommissionValue: real('CommissionValue').notNull(),
    CommissionAmountPaise: integer('CommissionAmountPaise').notNull(),
    Category: text('Category').notNull(),
    SKU: text('SKU').notNull(),
    product_link: text('product_link'),
    // Ordered R2 keys (media paths); the first is the thumbnail.
    Images: text('Images', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    IsActive: integer('IsActive', { mode: 'boolean' }).notNull().default(true),
    // Back office holds. IsActive stays the one "publicly visible" switch every public read already
    // checks; a hold (take-down, or the vendor's suspension) turns it off and keeps the vendor's own
    // setting in heldActive, which a release puts back. While heldActive is set the vendor cannot flip it.
    heldActive: integer('heldActive', { mode: 'boolean' }),
    takenDownAt: text('takenDownAt'),
    takenDownReason: text('takenDownReason'),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
    updatedAt: text('updatedAt').notNull().$defaultFn(nowIso),
  },
  (t) => [
    index('products_vendor_idx').on(t.VendorID, t.ProductID),
    index('products_active_idx').on(t.IsActive, t.ProductID),
    // A vendor's products as others see them (active only), newest first, without reading the rest.
    index('products_vendor_active_idx').on(t.VendorID, t.IsActive, t.ProductID),
    uniqueIndex('products_vendor_sku_unique').on(t.VendorID, t.SKU),
  ],
)

export const leads = sqliteTable(
  'leads',
  {
    LeadID: integer('LeadID').primaryKey({ autoIncrement: true }),
    // Nullable so a deleted product leaves its leads (with their snapshots) in the vendor's history.
    ProductID: integer('ProductID').references(() => products.ProductID, { onDelete: 'set null' }),
    VendorID: integer('VendorID')
      .notNull()
      .references(() => vendors.VendorID, { onDelete: 'cascade' }),
    MarketerID: integer('MarketerID')
      .notNull()
      .references(() => marketers.MarketerID, { onDelete: 'cascade' }),
    ClientName: text('ClientName').notNull(),
    ClientEmail: text('ClientEmail'),
    ClientPhone: text('ClientPhone').notNull(),
    Status: text('Status', { enum: LEAD_STATUSES }).notNull().default('Pending'),
    // Snapshots taken when the lead is created: later product edits must not rewrite earnings history.
    ProductName: text('ProductName').notNull(),
    PricePaise: integer('PricePaise').notNull(),
    CommissionAmountPaise: integer('CommissionAmountPaise').notNull(),
    // Set when the status becomes Converted (cleared if it moves away), so trends can date conversions.
    convertedAt: text('convertedAt'),
    // The buyer's consent to the buy form's DPDP notice: when, and which version of the notice.
    consentAt: text('consentAt'),
    noticeVersion: text('noticeVersion'),
    // Set on a lead made from a store order: the ck_ref it came with. Such a lead comes
    // from the store, not the buy form; one lead per ref (services/store-refs.ts).
    StoreRef: text('StoreRef'),
    // The creator's sub-ID on the link the click came through (`?sub=ig-reel-12`), or null.
    sub: text('sub'),
    // The creator code that brought the lead (the code's creator is MarketerID), or null.
    // No foreign key: adding one would make SQLite rebuild this table; codes are never deleted.
    CodeID: integer('CodeID'),
    // Set on a lead through a campaign link of an accepted creator while the campaign ran:
    // its commission snapshot is the campaign's. Null otherwise (and for ended or closed campaigns).
    // No foreign key: SQLite cannot add one with ON DELETE to an existing table, and a lead keeps
    // its snapshot whatever happens to the campaign.
    CampaignID: integer('CampaignID'),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
    updatedAt: text('updatedAt').notNull().$defaultFn(nowIso),
  },
  (t) => [
    // A campaign's leads per creator (its stats are kept by triggers; this serves checks and rebuilds).
    index('leads_campaign_idx').on(t.CampaignID, t.MarketerID).where(sql`${t.CampaignID} IS NOT NULL`),
    uniqueIndex('leads_store_ref_unique').on(t.StoreRef).where(sql`${t.StoreRef} IS NOT NULL`),
    index('leads_vendor_idx').on(t.VendorID, t.LeadID),
    index('leads_marketer_idx').on(t.MarketerID, t.LeadID),
    index('leads_dedupe_idx').on(t.ProductID, t.MarketerID, t.ClientPhone, t.createdAt),
    // Covering indexes for the dashboards, so their sums and trends read only the owner's index
    // entries, never the rows: leads per creation day, and status totals, revenue (vendor) or
    // commission (influencer) and conversions per day.
    index('leads_vendor_created_idx').on(t.VendorID, t.createdAt),
    index('leads_marketer_created_idx').on(t.MarketerID, t.createdAt),
    index('leads_vendor_status_idx').on(t.VendorID, t.Status, t.convertedAt, t.PricePaise),
    index('leads_marketer_status_idx').on(t.MarketerID, t.Status, t.convertedAt, t.CommissionAmountPaise),
    // The lead lists' filters and sorts: each pages on its own index, newest first.
    // (The creation-day indexes above also serve the date filters.)
    index('leads_vendor_status_list_idx').on(t.VendorID, t.Status, t.LeadID),
    index('leads_vendor_marketer_idx').on(t.VendorID, t.MarketerID, t.LeadID),
    index('leads_vendor_price_idx').on(t.VendorID, t.PricePaise, t.LeadID),
    index('leads_product_idx').on(t.ProductID, t.LeadID),
    index('leads_marketer_status_list_idx').on(t.MarketerID, t.Status, t.LeadID),
    // A period's leads of one owner, grouped by product or influencer, from the index alone.
    index('leads_marketer_perf_idx').on(t.MarketerID, t.createdAt, t.ProductID, t.Status, t.PricePaise, t.CommissionAmountPaise),
    index('leads_vendor_perf_idx').on(t.VendorID, t.createdAt, t.ProductID, t.MarketerID, t.Status, t.PricePaise, t.CommissionAmountPaise),
    index('leads_code_idx').on(t.CodeID, t.LeadID).where(sql`${t.CodeID} IS NOT NULL`),
  ],
)

// One row per day, product and marketer; written only by the idempotent KV rollup.
export const impressionsDaily = sqliteTable(
  'impressions_daily',
  {
    day: text('day').notNull(),
    ProductID: integer('ProductID').notNull(),
    VendorID: integer('VendorID').notNull(),
    MarketerID: integer('MarketerID').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.ProductID, t.MarketerID] }),
    // Covering (n included): an owner's total and daily trend are read from the index alone.
    index('impressions_marketer_day_idx').on(t.MarketerID, t.day, t.n),
    index('impressions_vendor_day_idx').on(t.VendorID, t.day, t.n),
    // 'My Links' and 'Performance' group the owner's days by product (and influencer).
    index('impressions_marketer_day_product_idx').on(t.MarketerID, t.day, t.ProductID, t.n),
    index('impressions_vendor_day_link_idx').on(t.VendorID, t.day, t.ProductID, t.MarketerID, t.n),
  ],
)

// One row per 30-minute slot whose KV impressions are in impressions_daily. Inserted in the same
// transaction as the slot's counts; the primary key makes a second rollup of the slot fail whole,
// so a retried or overlapping cron run never counts a slot twice.
export const impressionRollups = sqliteTable('impression_rollups', {
  slot: integer('slot').primaryKey(),
  impressions: integer('impressions').notNull(),
  rolledAt: text('rolledAt').notNull().$defaultFn(nowIso),
})

export const ACCOUNT_ROLES = ['vendor', 'marketer', 'platform'] as const

// Each vendor's and influencer's dashboard figures, kept in step by triggers on every write to
// products, leads and impressions_daily (migration account_totals), so a dashboard reads one row
// instead of summing an account's 50,000 leads. Converted leads count their price (revenue, the
// vendor's figure) and commission (the influencer's) as snapshotted on the lead; `products` is
// counted for vendors only.
export const accountTotals = sqliteTable(
  'account_totals',
  {
    role: text('role', { enum: ACCOUNT_ROLES }).notNull(),
    accountId: integer('accountId').notNull(),
    products: integer('products').notNull().default(0),
    leads: integer('leads').notNull().default(0),
    pending: integer('pending').notNull().default(0),
    converted: integer('converted').notNull().default(0),
    revenuePaise: integer('revenuePaise').notNull().default(0),
    commissionPaise: integer('commissionPaise').notNull().default(0),
    impressions: integer('impressions').notNull().default(0),
    // A vendor's and the platform's active products; the rest are the platform's row only
    // (role 'platform', accountId 0, decision 296): the back office's counts, kept by the same triggers.
    activeProducts: integer('activeProducts').notNull().default(0),
    vendors: integer('vendors').notNull().default(0),
    suspendedVendors: integer('suspendedVendors').notNull().default(0),
    marketers: integer('marketers').notNull().default(0),
    verifiedMarketers: integer('verifiedMarketers').notNull().default(0),
    suspendedMarketers: integer('suspendedMarketers').notNull().default(0),
    auditEntries: integer('auditEntries').notNull().default(0),
    // A fresh random value (53 bits, exact in JavaScript) on every write to one of the account's
    // leads (insert, any update, delete; migration lead_count_stamps): a list total counted under
    // one stamp still holds while the stamp is the same (no longer read: decision 295; the triggers stay until a migration drops them).
    leadsStamp: integer('leadsStamp').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.role, t.accountId] })],
)

// One row per public list whose total is remembered between pages ('products', 'marketers'): the
// stamp takes a fresh random value (53 bits, exact in JavaScript) on every write to the list's
// table (migration list_count_stamps), so a total counted under one stamp still holds while the
// stamp reads the same (no longer read: decision 295).
export const listStamps = sqliteTable('list_stamps', {
  list: text('list', { enum: ['products', 'marketers'] }).primaryKey(),
  stamp: integer('stamp').notNull().default(0),
})

// The same per day of India's calendar (decision 280), for the dashboards' 30-day trend: leads by the day they were created,
// conversions by the day they were converted, impressions rolled up from KV. Kept by the same triggers.
export const accountDaily = sqliteTable(
  'account_daily',
  {
    role: text('role', { enum: ACCOUNT_ROLES }).notNull(),
    accountId: integer('accountId').notNull(),
    day: text('day').notNull(),
    leads: integer('leads').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
    impressions: integer('impressions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.role, t.accountId, t.day] })],
)

// The link performance reports' figures ('My Links', the vendor's 'Performance' by product
// and by influencer), one row per view, account, period and row of the table, kept in step by
// triggers on leads and impressions_daily (migration report_figures_triggers), so a report reads
// the rows it lists instead of aggregating up to 20,000 leads and 25,000 impression rows. `link`:
// accountId is the influencer, groupId the product; `product`: the vendor and the product;
// `influencer`: the vendor and the influencer. Leads count on their creation day.
// One index per figure a report sorts by, so a product table's first page of, say, the highest
// commission reads 21 index entries instead of sorting every product with activity (7,800 for one
// busy influencer's all-time figures).

export const reportFigures = sqliteTable(
  'report_figures',
  {
    view: text('view', { enum: REPORT_VIEWS }).notNull(),
    accountId: integer('accountId').notNull(),
    period: text('period', { enum: PERIODS }).notNull(),
    groupId: integer('groupId').notNull(),
    impressions: integer('impressions').notNull().default(0),
    leads: integer('leads').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
    revenuePaise: integer('revenuePaise').notNull().default(0),
    commissionPaise: integer('commissionPaise').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.view, t.accountId, t.period, t.groupId] }),
    ...([t.impressions, t.leads, t.conversions, t.revenuePaise, t.commissionPaise] as const).map((figure) =>
      index(`report_figures_by_${figure.name}`).on(t.view, t.accountId, t.period, figure, t.groupId),
    ),
    index('report_figures_by_rate').on(t.view, t.accountId, t.period, sql.raw(`(${conversionRateSql()})`), t.groupId),
    // The rows with any activity, the ones a report lists (db/performance-sql.ts asks for exactly
    // this condition, so SQLite can use it): the influencer table and its total find them here
    // instead of walking the owner's whole period (the benchmark's vendor, 3,000 influencers with
    // activity: the 30-day table's statement went from 0.84 to 0.48 ms on SQLite alone).
    index('report_figures_active').on(t.view, t.accountId, t.period, t.groupId).where(sql.raw('impressions != 0 OR leads != 0')),
  ],
)

// The first day (India's) each view's period counts from ('' for all time). A write adds to the periods
// whose window holds its day; worker/db/report-figures.ts moves a window on (taking out the days
// that left it) when a new day starts in India.
export const reportWindows = sqliteTable(
  'report_windows',
  {
    view: text('view', { enum: REPORT_VIEWS }).notNull(),
    period: text('period', { enum: PERIODS }).notNull(),
    fromDay: text('fromDay').notNull(),
  },
  (t) => [primaryKey({ columns: [t.view, t.period] })],
)

// Sliding-window limiter events (failed logins per email, leads per client IP hash).
// Windows are longer than the 60 s the Rate Limiting binding supports, so they live in D1.
export const rateEvents = sqliteTable(
  'rate_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [index('rate_events_lookup_idx').on(t.scope, t.subject, t.at)],
)

// ---------------------------------------------------------------------------------------------
// Money. Entries are append-only amounts in paise: a commission (positive) when a lead
// becomes Converted, an adjustment (negative) when a paid lead leaves Converted. An unpaid entry
// whose lead leaves Converted is reversed (kept, marked), never deleted or changed in amount.
// ---------------------------------------------------------------------------------------------

// 'fee': a campaign's fee for one approved deliverable; LeadID is 0 and DeliverableID
// names the deliverable (migration campaign_ledger enforces both and one fee per deliverable).
export const ENTRY_KINDS = ['commission', 'adjustment', 'fee'] as const

export const commissionEntries = sqliteTable(
  'commission_entries',
  {
    EntryID: integer('EntryID').primaryKey({ autoIncrement: true }),
    LeadID: integer('LeadID').notNull(),
    VendorID: integer('VendorID')
      .notNull()
      .references(() => vendors.VendorID, { onDelete: 'cascade' }),
    MarketerID: integer('MarketerID')
      .notNull()
      .references(() => marketers.MarketerID, { onDelete: 'cascade' }),
    ProductName: text('ProductName').notNull(),
    Kind: text('Kind', { enum: ENTRY_KINDS }).notNull(),
    AmountPaise: integer('AmountPaise').notNull(),
    // When the money was earned (or taken back): the holding period counts from here.
    convertedAt: text('convertedAt').notNull(),
    reversedAt: text('reversedAt'),
    // The vendor's words when a status change moved money: why this entry was written
    // (an adjustment, a commission restored) and, apart, why it was reversed, so neither is lost.
    Reason: text('Reason'),
    reversedReason: text('reversedReason'),
    // When it becomes payable and falls due under the vendor's current terms, ISO: set by triggers
    // when it is written and when the vendor's terms change (migration ledger_figures_triggers), so
    // the kept figures below can move with time by reading only what changed state.
    clearsAt: text('clearsAt'),
    dueAt: text('dueAt'),
    // A fee entry's deliverable; null for commissions and adjustments.
    DeliverableID: integer('DeliverableID'),
    // The paid entry this one gives back to the influencer when the provider reversed the payout
    // that paid it (decision 298); unique, so a reversal reopens each entry once.
    ReopensEntryID: integer('ReopensEntryID'),
    // An order's entry (decision 287): the store's order id (with VendorID, the order), the line it
    // was earned on, and for a reversal the event that took it back (a refund, fulfillment or
    // cancellation id); null on lead and fee entries. Its payable time follows the order (decision 288).
    OrderID: text('OrderID'),
    OrderLineID: integer('OrderLineID'),
    ReversalKey: text('ReversalKey'),
  },
  (t) => [
    // One approval pays at most one fee, whatever races: the second insert fails whole.
    uniqueIndex('entries_deliverable_unique').on(t.DeliverableID).where(sql`${t.DeliverableID} IS NOT NULL`),
    uniqueIndex('entries_reopens_unique').on(t.ReopensEntryID).where(sql`${t.ReopensEntryID} IS NOT NULL`),
    // Each list and balance read pages or filters on its owner's index, newest first.
    index('entries_lead_idx').on(t.LeadID, t.EntryID),
    index('entries_marketer_idx').on(t.MarketerID, t.EntryID),
    index('entries_marketer_vendor_idx').on(t.MarketerID, t.VendorID, t.EntryID),
    index('entries_vendor_idx').on(t.VendorID, t.EntryID),
    index('entries_vendor_marketer_idx').on(t.VendorID, t.MarketerID, t.EntryID),
    // The scheduled 'commission became payable' notice reads what cleared since its last run.
    index('entries_clears_idx').on(t.clearsAt, t.EntryID),
    // An order's entries, and one reversal per line and event, whatever races: the second fails whole.
    index('entries_order_idx').on(t.VendorID, t.OrderID).where(sql`${t.OrderID} IS NOT NULL`),
    index('entries_line_idx').on(t.OrderLineID).where(sql`${t.OrderLineID} IS NOT NULL`),
    uniqueIndex('entries_line_reversal_unique').on(t.OrderLineID, t.ReversalKey).where(sql`${t.ReversalKey} IS NOT NULL`),
  ],
)

export const PAYOUT_METHODS = ['UPI', 'Bank transfer'] as const

export const payouts = sqliteTable(
  'payouts',
  {
    PayoutID: integer('PayoutID').primaryKey({ autoIncrement: true }),
    VendorID: integer('VendorID')
      .notNull()
      .references(() => vendors.VendorID, { onDelete: 'cascade' }),
    MarketerID: integer('MarketerID')
      .notNull()
      .references(() => marketers.MarketerID, { onDelete: 'cascade' }),
    GrossPaise: integer('GrossPaise').notNull(),
    TdsPaise: integer('TdsPaise').notNull(),
    // The part of the financial year's commission this payout's TDS covered (domain/tds.ts).
    TdsBasePaise: integer('TdsBasePaise').notNull(),
    NetPaise: integer('NetPaise').notNull(),
    Method: text('Method', { enum: PAYOUT_METHODS }).notNull(),
    UTR: text('UTR').notNull(),
    // YYYY-MM-DD, the day the money was sent (India time as the vendor types it).
    PaidOn: text('PaidOn').notNull(),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
    // The sum of the entries its items settle, kept by a trigger as each item goes in: an item
    // that would take it past GrossPaise is refused, and the payout's write ends only when they
    // are equal (migration payout_integrity).
    SettledPaise: integer('SettledPaise').notNull().default(0),
  },
  (t) => [
    // One bank transaction settles one payout: the same UTR twice is a mistake or a retry.
    uniqueIndex('payouts_vendor_utr_unique').on(t.VendorID, t.UTR),
    index('payouts_vendor_idx').on(t.VendorID, t.PayoutID),
    index('payouts_vendor_marketer_idx').on(t.VendorID, t.MarketerID, t.PayoutID),
    index('payouts_marketer_idx').on(t.MarketerID, t.PayoutID),
    index('payouts_marketer_vendor_idx').on(t.MarketerID, t.VendorID, t.PayoutID),
  ],
)

export const DISPUTE_RESOLVERS = ['vendor', 'admin'] as const

/**
 * An influencer's objection to one of their entries, read by the entry's vendor and the
 * back office. The partial unique index keeps one open dispute per entry, also under a race; a
 * resolved one may be followed by a new one.
 */
export const entryDisputes = sqliteTable(
  'entry_disputes',
  {
    DisputeID: integer('DisputeID').primaryKey({ autoIncrement: true }),
    EntryID: integer('EntryID')
      .notNull()
      .references(() => commissionEntries.EntryID, { onDelete: 'cascade' }),
    // The entry's own, copied so each side pages its disputes on one index.
    VendorID: integer('VendorID').notNull(),
    MarketerID: integer('MarketerID').notNull(),
    Note: text('Note').notNull(),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
    resolvedAt: text('resolvedAt'),
    resolvedBy: text('resolvedBy', { enum: DISPUTE_RESOLVERS }),
    ResolutionNote: text('ResolutionNote'),
  },
  (t) => [
    uniqueIndex('entry_disputes_open_unique').on(t.EntryID).where(sql`${t.resolvedAt} IS NULL`),
    index('entry_disputes_entry_idx').on(t.EntryID, t.DisputeID),
    // The back office's queue of open disputes, newest first.
    index('entry_disputes_open_idx').on(t.DisputeID).where(sql`${t.resolvedAt} IS NULL`),
    index('entry_disputes_vendor_idx').on(t.VendorID, t.DisputeID),
    index('entry_disputes_marketer_idx').on(t.MarketerID, t.DisputeID),
  ],
)
export type EntryDispute = typeof entryDisputes.$inferSelect

// The entry is the primary key: an entry can be settled by one payout only, so a second payout of
// the same entry fails its whole batch (409, nothing written). Triggers (custom migration) refuse
// an item for a reversed entry and the reversal of an entry that has an item.
export const payoutItems = sqliteTable(
  'payout_items',
  {
    EntryID: integer('EntryID')
      .primaryKey()
      .references(() => commissionEntries.EntryID, { onDelete: 'cascade' }),
    PayoutID: integer('PayoutID')
      .notNull()
      .references(() => payouts.PayoutID, { onDelete: 'cascade' }),
  },
  (t) => [index('payout_items_payout_idx').on(t.PayoutID)],
)

// Balances kept by the ledger's triggers, one row per vendor-influencer pair,
// per vendor (MarketerID 0) and per influencer (VendorID 0). What does not depend on time is exact
// at all times; payable and overdue are exact as of `cut` (a vendor's cut for its own and its
// pairs' rows, an influencer's own for theirs): a read adds what cleared or fell due between the
// cut and now, and balance reads move the cut on. See docs/decisions/050-kept-ledger-figures.md.
export const ledgerFigures = sqliteTable(
  'ledger_figures',
  {
    VendorID: integer('VendorID').notNull(),
    MarketerID: integer('MarketerID').notNull(),
    cut: text('cut').notNull().default(''),
    /** Open (unpaid, not reversed) commissions, and how many. */
    openPaise: integer('openPaise').notNull().default(0),
    openN: integer('openN').notNull().default(0),
    /** The open commissions cleared as of `cut`, and those past due. */
    payablePaise: integer('payablePaise').notNull().default(0),
    payableN: integer('payableN').notNull().default(0),
    overduePaise: integer('overduePaise').notNull().default(0),
    /** Open adjustments (zero or negative). */
    adjustmentsPaise: integer('adjustmentsPaise').notNull().default(0),
    paidPaise: integer('paidPaise').notNull().default(0),
    paidN: integer('paidN').notNull().default(0),
    reversedN: integer('reversedN').notNull().default(0),
    /** Every entry, and every adjustment, whatever its state (the entries list's totals). */
    entriesN: integer('entriesN').notNull().default(0),
    adjustmentN: integer('adjustmentN').notNull().default(0),
    /** Pair rows of a vendor's or an influencer's row. */
    pairsN: integer('pairsN').notNull().default(0),
    lastPayoutId: integer('lastPayoutId'),
  },
  (t) => [primaryKey({ columns: [t.VendorID, t.MarketerID] }), index('ledger_figures_marketer_idx').on(t.MarketerID, t.VendorID)],
)

// Payouts summed per financial year (starting 'YYYY-04-01'), for the same three kinds of owner.
export const ledgerYears = sqliteTable(
  'ledger_years',
  {
    VendorID: integer('VendorID').notNull(),
    MarketerID: integer('MarketerID').notNull(),
    fyStart: text('fyStart').notNull(),
    grossPaise: integer('grossPaise').notNull().default(0),
    tdsPaise: integer('tdsPaise').notNull().default(0),
    taxedPaise: integer('taxedPaise').notNull().default(0),
    lastPayoutId: integer('lastPayoutId').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.VendorID, t.MarketerID, t.fyStart] })],
)

// Open (one row) only while the payout_records trigger writes a payout and its items, inside that one
// statement: the triggers on payouts and payout_items refuse rows written any other way, so a
// payout always arrives whole, its gross equal to its items.
export const payoutGate = sqliteTable('payout_gate', { open: integer('open').primaryKey() })

export const PAYOUT_PROVIDERS = ['razorpayx', 'cashfree'] as const
export const TRANSFER_STATES = ['queued', 'processing', 'paid', 'failed', 'reversed'] as const

// A vendor's own payouts account at RazorpayX or Cashfree (decision 297): the credentials sealed
// together (domain/secret-box.ts, context "payouts:<VendorID>"), only a hint kept in the clear.
export const payoutAccounts = sqliteTable('payout_accounts', {
  VendorID: integer('VendorID')
    .primaryKey()
    .references(() => vendors.VendorID, { onDelete: 'cascade' }),
  Provider: text('Provider', { enum: PAYOUT_PROVIDERS }).notNull(),
  Sealed: text('Sealed').notNull(),
  Hint: text('Hint').notNull(),
  // A pay run pays each influencer whose payable balance reaches this (₹100 to ₹10,000).
  MinimumPaise: integer('MinimumPaise').notNull().default(50_000),
  connectedAt: text('connectedAt').notNull().$defaultFn(nowIso),
  checkedAt: text('checkedAt'),
  checkOk: integer('checkOk', { mode: 'boolean' }),
  checkMessage: text('checkMessage'),
})

// One pay run: the influencers it paid are its transfers.
export const payoutRuns = sqliteTable(
  'payout_runs',
  {
    RunID: integer('RunID').primaryKey({ autoIncrement: true }),
    VendorID: integer('VendorID')
      .notNull()
      .references(() => vendors.VendorID, { onDelete: 'cascade' }),
    MinimumPaise: integer('MinimumPaise').notNull(),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
  },
  (t) => [index('payout_runs_vendor_idx').on(t.VendorID, t.RunID)],
)

// A payout sent through the vendor's provider (decision 298). Written here first, holding its
// entries (payout_holds), then sent with `ck_payout_<TransferID>` as the idempotency key or
// transfer id; once the provider says it is processed, the payout is recorded through
// payout_records like a manual one, with the provider's UTR, and PayoutID names it.
export const providerPayouts = sqliteTable(
  'provider_payouts',
  {
    TransferID: integer('TransferID').primaryKey({ autoIncrement: true }),
    VendorID: integer('VendorID')
      .notNull()
      .references(() => vendors.VendorID, { onDelete: 'cascade' }),
    MarketerID: integer('MarketerID')
      .notNull()
      .references(() => marketers.MarketerID, { onDelete: 'cascade' }),
    RunID: integer('RunID'),
    Provider: text('Provider', { enum: PAYOUT_PROVIDERS }).notNull(),
    GrossPaise: integer('GrossPaise').notNull(),
    TdsPaise: integer('TdsPaise').notNull(),
    TdsBasePaise: integer('TdsBasePaise').notNull(),
    NetPaise: integer('NetPaise').notNull(),
    Method: text('Method', { enum: PAYOUT_METHODS }).notNull(),
    EntryIDs: text('EntryIDs').notNull(),
    Status: text('Status', { enum: TRANSFER_STATES }).notNull().default('queued'),
    // Fixed at the first attempt to send, so every retry sends the same body with the same key.
    FundAccountID: text('FundAccountID'),
    ProviderRef: text('ProviderRef'),
    UTR: text('UTR'),
    Reason: text('Reason'),
    PayoutID: integer('PayoutID'),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
    sentAt: text('sentAt'),
    updatedAt: text('updatedAt').notNull().$defaultFn(nowIso),
  },
  (t) => [
    // One payout per influencer per run, and one open at a time per pair.
    uniqueIndex('provider_payouts_run_unique').on(t.RunID, t.MarketerID).where(sql`${t.RunID} IS NOT NULL`),
    uniqueIndex('provider_payouts_open_unique').on(t.VendorID, t.MarketerID).where(sql`${t.Status} IN ('queued', 'processing')`),
    index('provider_payouts_vendor_idx').on(t.VendorID, t.TransferID),
    index('provider_payouts_marketer_idx').on(t.MarketerID, t.TransferID),
    index('provider_payouts_open_idx').on(t.Status, t.updatedAt).where(sql`${t.Status} IN ('queued', 'processing')`),
  ],
)

// The entries an open provider payout holds: keyed by the entry, so no two hold one, and the
// triggers of migration provider_payout_rules keep a held entry out of any other payout.
export const payoutHolds = sqliteTable(
  'payout_holds',
  {
    EntryID: integer('EntryID')
      .primaryKey()
      .references(() => commissionEntries.EntryID, { onDelete: 'cascade' }),
    TransferID: integer('TransferID')
      .notNull()
      .references(() => providerPayouts.TransferID, { onDelete: 'cascade' }),
  },
  (t) => [index('payout_holds_transfer_idx').on(t.TransferID)],
)

// Each (payout, status) a provider told us, once: a repeated webhook changes nothing.
export const providerPayoutEvents = sqliteTable(
  'provider_payout_events',
  {
    TransferID: integer('TransferID').notNull(),
    Status: text('Status').notNull(),
    at: text('at').notNull().$defaultFn(nowIso),
  },
  (t) => [primaryKey({ columns: [t.TransferID, t.Status] })],
)

// The fund account (RazorpayX) or beneficiary (Cashfree) made for an influencer's payout details,
// per vendor: made again when the details change.
export const payoutBeneficiaries = sqliteTable(
  'payout_beneficiaries',
  {
    VendorID: integer('VendorID').notNull(),
    MarketerID: integer('MarketerID').notNull(),
    Provider: text('Provider', { enum: PAYOUT_PROVIDERS }).notNull(),
    FundAccountID: text('FundAccountID').notNull(),
    DetailsAt: text('DetailsAt').notNull(),
    RegisteredName: text('RegisteredName'),
  },
  (t) => [primaryKey({ columns: [t.VendorID, t.MarketerID, t.Provider] })],
)

export const PAYOUT_DETAIL_METHODS = ['UPI', 'Bank'] as const

// Kept apart from the profile, so no public read can pick them up by accident, and so they can be
// erased on their own.
export const payoutDetails = sqliteTable('payout_details', {
  MarketerID: integer('MarketerID')
    .primaryKey()
    .references(() => marketers.MarketerID, { onDelete: 'cascade' }),
  Method: text('Method', { enum: PAYOUT_DETAIL_METHODS }).notNull(),
  UpiID: text('UpiID'),
  AccountHolder: text('AccountHolder'),
  AccountNumber: text('AccountNumber'),
  IFSC: text('IFSC'),
  PAN: text('PAN'),
  // A GST-registered creator's GSTIN (decision 300): its PAN is the PAN above.
  GSTIN: text('GSTIN'),
  updatedAt: text('updatedAt').notNull().$defaultFn(nowIso),
})

// The people who run the marketplace (role `admin`); never created by public sign-up.
export const admins = sqliteTable(
  'admins',
  {
    AdminID: integer('AdminID').primaryKey({ autoIncrement: true }),
    Name: text('Name').notNull(),
    Email: text('Email').notNull(),
    PasswordHash: text('PasswordHash').notNull(),
    tokenVersion: integer('tokenVersion').notNull().default(0),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
  },
  (t) => [uniqueIndex('admins_email_unique').on(t.Email)],
)

// Every admin action, written in the same batch as the action itself. No route updates or deletes it.
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: text('at').notNull().$defaultFn(nowIso),
    AdminID: integer('AdminID').notNull(),
    adminEmail: text('adminEmail').notNull(),
    action: text('action').notNull(),
    targetType: text('targetType').notNull(),
    targetId: text('targetId').notNull(),
    /** One of REASON_CODES (contract/admin.ts); null on entries written before codes existed. */
    reasonCode: text('reasonCode'),
    /** The operator's note: free text, redacted when the person it is about is erased. */
    reason: text('reason'),
    before: text('before', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    after: text('after', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    // Set when a vendor acted on their own account (an API key made or revoked): AdminID is then 0,
    // adminEmail the vendor's, and the entry is also the vendor's activity (docs/decisions/161).
    ActorVendorID: integer('ActorVendorID'),
  },
  (t) => [
    index('audit_action_idx').on(t.action, t.id),
    index('audit_target_idx').on(t.targetType, t.targetId, t.id),
    index('audit_actor_vendor_idx').on(t.ActorVendorID, t.id).where(sql`${t.ActorVendorID} IS NOT NULL`),
  ],
)

export type Vendor = typeof vendors.$inferSelect
export type Marketer = typeof marketers.$inferSelect
export type Product = typeof products.$inferSelect
export type Lead = typeof leads.$inferSelect
export type CommissionEntry = typeof commissionEntries.$inferSelect
export type Payout = typeof payouts.$inferSelect
export type PayoutDetailsRow = typeof payoutDetails.$inferSelect

/**
 * Short links: one random code per influencer + product pair, created on first use and
 * kept forever. The unique pair is what makes two concurrent first uses agree on one code. VendorID
 * is the product's (which never changes), so resolving a code needs no join.
 */
export const shortLinks = sqliteTable(
  'short_links',
  {
    Code: text('Code').primaryKey(),
    ProductID: integer('ProductID')
      .notNull()
      .references(() => products.ProductID, { onDelete: 'cascade' }),
    VendorID: integer('VendorID').notNull(),
    MarketerID: integer('MarketerID')
      .notNull()
      .references(() => marketers.MarketerID, { onDelete: 'cascade' }),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
  },
  (t) => [uniqueIndex('short_links_pair_unique').on(t.MarketerID, t.ProductID)],
)
export type Admin = typeof admins.$inferSelect
export type AuditEntry = typeof auditLog.$inferSelect

// ---------------------------------------------------------------------------------------------
// Mail. Every mail is queued with a key naming the event and its recipient; the unique
// key makes an event mail each person at most once however often it is raised. No body is kept
// here: the queue carries the rendered message, and the log only says what went where and when.
// ---------------------------------------------------------------------------------------------

export const MAIL_STATES = ['queued', 'sent', 'dead'] as const

export const mailLog = sqliteTable(
  'mail_log',
  {
    MailID: integer('MailID').primaryKey({ autoIncrement: true }),
    eventKey: text('eventKey').notNull(),
    // SHA-256 of the address (the key needs the person, not their address) and a masked hint
    // ('a•••@example.com') an operator can read in the dead-letter list.
    recipientHash: text('recipientHash').notNull(),
    recipientHint: text('recipientHint').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    state: text('state', { enum: MAIL_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('lastError'),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
    sentAt: text('sentAt'),
  },
  (t) => [uniqueIndex('mail_log_event_recipient').on(t.eventKey, t.recipientHash), index('mail_log_state_idx').on(t.state, t.MailID)],
)

/**
 * Events no try could follow (the events queue's dead letters, docs/decisions/232): kept whole
 * until an operator sends one back to be followed. The accounts an event names are columns, for the
 * list and for a vendor's erasure, which clears the status-change reasons they typed.
 */
export const deadEvents = sqliteTable(
  'dead_events',
  {
    DeadEventID: integer('DeadEventID').primaryKey({ autoIncrement: true }),
    type: text('type').notNull(),
    /** The event as the queue carried it (JSON): what a replay sends again. */
    payload: text('payload').notNull(),
    /** SHA-256 of the payload as it arrived: the same dead letter delivered twice is kept once. */
    eventHash: text('eventHash').notNull(),
    VendorID: integer('VendorID'),
    MarketerID: integer('MarketerID'),
    attempts: integer('attempts').notNull(),
    /** When the event happened, and when it landed here (ISO). */
    eventAt: text('eventAt').notNull(),
    diedAt: text('diedAt').notNull().$defaultFn(nowIso),
  },
  (t) => [uniqueIndex('dead_events_hash').on(t.eventHash)],
)

export const RESET_ROLES = ['vendor', 'marketer', 'admin'] as const

/** Password reset links (OWASP): only the token's SHA-256 is kept; single use, 30 minutes. */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    ResetID: integer('ResetID').primaryKey({ autoIncrement: true }),
    role: text('role', { enum: RESET_ROLES }).notNull(),
    accountId: integer('accountId').notNull(),
    tokenHash: text('tokenHash').notNull(),
    expiresAt: text('expiresAt').notNull(),
    usedAt: text('usedAt'),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
  },
  (t) => [uniqueIndex('password_resets_token_unique').on(t.tokenHash), index('password_resets_account_idx').on(t.role, t.accountId)],
)

export const VERIFY_ROLES = ['vendor', 'marketer'] as const

/**
 * Email verification links: the password reset's rules (only the token's SHA-256 is
 * kept, single use) for 24 hours. Each link names the address it verifies, so a link mailed
 * before the address changed can never verify the new one.
 */
export const emailVerifications = sqliteTable(
  'email_verifications',
  {
    VerificationID: integer('VerificationID').primaryKey({ autoIncrement: true }),
    role: text('role', { enum: VERIFY_ROLES }).notNull(),
    accountId: integer('accountId').notNull(),
    email: text('email').notNull(),
    tokenHash: text('tokenHash').notNull(),
    expiresAt: text('expiresAt').notNull(),
    usedAt: text('usedAt'),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
  },
  (t) => [uniqueIndex('email_verifications_token_unique').on(t.tokenHash), index('email_verifications_account_idx').on(t.role, t.accountId)],
)

// ---------------------------------------------------------------------------------------------
// Data requests: what people asked of their data and when, so every request is
// answered within 10 working days (legal pages). Notes are free text and are redacted when the
// person they are about is erased; a buyer's phone is masked once the buyer is erased.
// ---------------------------------------------------------------------------------------------

export const dataRequests = sqliteTable(
  'data_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** 'YYYY-MM-DD' in India: the day the request came in. */
    receivedOn: text('receivedOn').notNull(),
    /** receivedOn plus 10 working days (domain/working-days.ts). */
    dueOn: text('dueOn').notNull(),
    kind: text('kind').notNull(),
    subjectType: text('subjectType').notNull(),
    subjectRef: text('subjectRef').notNull(),
    note: text('note'),
    loggedAt: text('loggedAt').notNull().$defaultFn(nowIso),
    loggedBy: integer('loggedBy').notNull(),
    loggedByEmail: text('loggedByEmail').notNull(),
    doneAt: text('doneAt'),
    doneBy: integer('doneBy'),
    doneByEmail: text('doneByEmail'),
    outcome: text('outcome'),
    outcomeNote: text('outcomeNote'),
  },
  (t) => [
    // The open list, by due date: only open requests are in this index.
    index('data_requests_open_idx').on(t.dueOn, t.id).where(sql`${t.doneAt} IS NULL`),
    index('data_requests_done_idx').on(t.doneAt, t.id),
    index('data_requests_subject_idx').on(t.subjectType, t.subjectRef),
  ],
)
export type DataRequest = typeof dataRequests.$inferSelect

// ---------------------------------------------------------------------------------------------
// Notifications: what the marketplace told vendors and influencers, in the bell and by
// mail. An event is recorded once per recipient and kind (the unique key), however often it is
// raised; counts are kept by triggers (migration notification_counts) so the bell reads one row.
// ---------------------------------------------------------------------------------------------

export const NOTIFIED_ROLES = ['vendor', 'marketer'] as const

export const notifications = sqliteTable(
  'notifications',
  {
    NotificationID: integer('NotificationID').primaryKey({ autoIncrement: true }),
    role: text('role', { enum: NOTIFIED_ROLES }).notNull(),
    accountId: integer('accountId').notNull(),
    kind: text('kind').notNull(),
    /** Names the event within the kind, e.g. 'lead:42': the same event is never told twice. */
    eventKey: text('eventKey').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
    readAt: text('readAt'),
    /**
     * The other account the title and body name ('a lead through Meera's link'), as it was named
     * then: an erasure of that account puts 'Deleted user' in its place (docs/decisions/137).
     */
    aboutRole: text('aboutRole', { enum: NOTIFIED_ROLES }),
    aboutId: integer('aboutId'),
    aboutName: text('aboutName'),
  },
  (t) => [
    uniqueIndex('notifications_event_unique').on(t.role, t.accountId, t.kind, t.eventKey),
    // The bell's page, newest first, and its unread filter: each reads only what it shows.
    index('notifications_recipient_idx').on(t.role, t.accountId, t.NotificationID),
    index('notifications_unread_idx').on(t.role, t.accountId, t.NotificationID).where(sql`${t.readAt} IS NULL`),
    // An erasure finds the entries that name the person without reading anyone else's.
    index('notifications_about_idx').on(t.aboutRole, t.aboutId).where(sql`${t.aboutId} IS NOT NULL`),
  ],
)
export type NotificationRow = typeof notifications.$inferSelect

/** Kept by triggers on notifications: the list's total and the bell's count in one row. */
export const notificationCounts = sqliteTable(
  'notification_counts',
  {
    role: text('role', { enum: NOTIFIED_ROLES }).notNull(),
    accountId: integer('accountId').notNull(),
    total: integer('total').notNull().default(0),
    unread: integer('unread').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.role, t.accountId] })],
)

/** A row only where the person chose: no row means the kind mails (always-on kinds ignore rows). */
export const mailPreferences = sqliteTable(
  'mail_preferences',
  {
    role: text('role', { enum: NOTIFIED_ROLES }).notNull(),
    accountId: integer('accountId').notNull(),
    kind: text('kind').notNull(),
    mail: integer('mail', { mode: 'boolean' }).notNull(),
    updatedAt: text('updatedAt').notNull().$defaultFn(nowIso),
  },
  (t) => [primaryKey({ columns: [t.role, t.accountId, t.kind] })],
)

/**
 * A vendor's daily lead digest: the hour (India time, 0-23; null mails each lead at once), the last
 * lead a digest covered, and the India day of the last digest (one a day).
 */
export const vendorDigests = sqliteTable(
  'vendor_digests',
  {
    VendorID: integer('VendorID')
      .primaryKey()
      .references(() => vendors.VendorID, { onDelete: 'cascade' }),
    digestHour: integer('digestHour'),
    coveredLeadId: integer('coveredLeadId').notNull().default(0),
    lastDay: text('lastDay'),
  },
  (t) => [index('vendor_digests_due_idx').on(t.digestHour, t.lastDay)],
)

/**
 * Ledger entries whose 'commission became payable' was told: the ledger is append-only, so the
 * mark lives here. A scan's position (the last clearsAt and EntryID it covered) is kept in
 * notice_cursors, so each run reads only what cleared since.
 */
export const payableNotices = sqliteTable('payable_notices', {
  EntryID: integer('EntryID').primaryKey(),
  MarketerID: integer('MarketerID').notNull(),
  toldAt: text('toldAt').notNull().$defaultFn(nowIso),
})

export const noticeCursors = sqliteTable('notice_cursors', {
  name: text('name').primaryKey(),
  at: text('at').notNull(),
  id: integer('id').notNull().default(0),
})

// ---------------------------------------------------------------------------------------------
// Webhooks out: a vendor's endpoints and what was sent to them. The signing secret is
// kept encrypted (it must be recovered to sign; domain/webhook-secrets.ts, decision 181); during a
// rotation the previous one signs too until previousSecretUntil. Deliveries keep the body as sent,
// so the log shows it and Resend sends the same bytes under the same webhook-id.
// ---------------------------------------------------------------------------------------------

export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    EndpointID: integer('EndpointID').primaryKey({ autoIncrement: true }),
    VendorID: integer('VendorID')
      .notNull()
      .references(() => vendors.VendorID, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** JSON array of the webhook event types it is subscribed to. */
    events: text('events').notNull(),
    secretSealed: text('secretSealed').notNull(),
    previousSecretSealed: text('previousSecretSealed'),
    previousSecretUntil: text('previousSecretUntil'),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    /** Failed attempts in a row, any delivery; a success sets it back to 0 (decision 183). */
    consecutiveFailures: integer('consecutiveFailures').notNull().default(0),
    disabledAt: text('disabledAt'),
    /** Kept by a trigger as deliveries go in: the log's total without counting its rows. */
    deliveryCount: integer('deliveryCount').notNull().default(0),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
  },
  (t) => [index('webhook_endpoints_vendor_idx').on(t.VendorID, t.EndpointID)],
)
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const

export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    DeliveryID: integer('DeliveryID').primaryKey({ autoIncrement: true }),
    EndpointID: integer('EndpointID')
      .notNull()
      .references(() => webhookEndpoints.EndpointID, { onDelete: 'cascade' }),
    /** Names the event (e.g. 'lead.created:42'): one delivery per event and endpoint. */
    eventKey: text('eventKey').notNull(),
    eventType: text('eventType').notNull(),
    /** The webhook-id header: the same on every attempt, so receivers can drop repeats. */
    msgId: text('msgId').notNull(),
    payload: text('payload').notNull(),
    state: text('state', { enum: WEBHOOK_DELIVERY_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('lastStatus'),
    /** The start of the receiver's answer, or why there was none (timeout, refused). */
    lastResponse: text('lastResponse'),
    lastAttemptAt: text('lastAttemptAt'),
    /** When the schedule's next attempt is due (a wait longer than the queue's 12 h is split). */
    nextAttemptAt: text('nextAttemptAt'),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_unique').on(t.EndpointID, t.eventKey),
    index('webhook_deliveries_endpoint_idx').on(t.EndpointID, t.DeliveryID),
    // Also webhook_deliveries_influencer_idx, on json_extract(payload, '$.data.influencer.influencerId'),
    // in a hand-written migration (drizzle-kit splits the expression at its comma): an influencer's
    // erasure scrubs their name from the bodies that name them, read by that index (decision 244).
  ],
)
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect

/**
 * The last sequence number given to one of the vendor's events (decision 250): raised events take
 * the next ones in one UPDATE ... RETURNING, and webhooks carry them so receivers can order events.
 */
export const vendorEventSequences = sqliteTable('vendor_event_sequences', {
  VendorID: integer('VendorID')
    .primaryKey()
    .references(() => vendors.VendorID, { onDelete: 'cascade' }),
  lastSequence: integer('lastSequence').notNull(),
})

// The vendors' API. A key's secret is 32 random bytes, shown once; only its SHA-256 is
// kept (docs/decisions/160). Conversions are keyed by the vendor's order id, which makes the
// conversion API idempotent: the unique index decides which of two identical calls records it.
// ---------------------------------------------------------------------------------------------

export const apiKeys = sqliteTable(
  'api_keys',
  {
    KeyID: integer('KeyID').primaryKey({ autoIncrement: true }),
    VendorID: integer('VendorID')
      .notNull()
      .references(() => vendors.VendorID, { onDelete: 'cascade' }),
    Name: text('Name').notNull(),
    Scopes: text('Scopes', { mode: 'json' }).$type<ApiKeyScope[]>().notNull(),
    /** Hex SHA-256 of the whole secret (`ck_live_...`). */
    SecretHash: text('SecretHash').notNull(),
    /** `ck_live_` and the secret's first characters: what the list shows. */
    Prefix: text('Prefix').notNull(),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
    /** Written at most once a minute per key (middleware/api-key.ts). */
    lastUsedAt: text('lastUsedAt'),
    revokedAt: text('revokedAt'),
  },
  (t) => [
    uniqueIndex('api_keys_secret_unique').on(t.SecretHash),
    index('api_keys_vendor_idx').on(t.VendorID, t.KeyID),
    // The live keys a vendor has, counted by the 10-key rule without reading revoked ones.
    index('api_keys_vendor_live_idx').on(t.VendorID).where(sql`${t.revokedAt} IS NULL`),
  ],
)
export type ApiKeyRow = typeof apiKeys.$inferSelect

/**
 * Each key's token bucket for /api/v1 (decision 251): the tokens left when it was last used and
 * that time (epoch ms); one statement refills, takes a call and answers (db/api-key-limit.ts).
 */
export const apiKeyBuckets = sqliteTable('api_key_buckets', {
  KeyID: integer('KeyID')
    .primaryKey()
    .references(() => apiKeys.KeyID, { onDelete: 'cascade' }),
  tokens: real('tokens').notNull(),
  at: integer('at').notNull(),
  /** Whether the last call took a token (1) or was refused (0): what the statement answers. */
  granted: integer('granted').notNull(),
})

export const conversions = sqliteTable(
  'conversions',
  {
    ConversionID: integer('ConversionID').primaryKey({ autoIncrement: true }),
    VendorID: integer('VendorID')
      .notNull()
      .references(() => vendors.VendorID, { onDelete: 'cascade' }),
    OrderID: text('OrderID').notNull(),
    LeadID: integer('LeadID')
      .notNull()
      .references(() => leads.LeadID, { onDelete: 'cascade' }),
    /** The order's amount as the store sent it (paise), or null. */
    AmountPaise: integer('AmountPaise'),
    /** The commission the conversion gave the lead (its snapshot, or a percentage of AmountPaise). */
    CommissionPaise: integer('CommissionPaise').notNull(),
    occurredAt: text('occurredAt').notNull(),
    source: text('source', { enum: CONVERSION_SOURCES }).notNull(),
    /** What the call said (lead or ref, amount, occurredAt): a replay must say the same. */
    Fingerprint: text('Fingerprint').notNull(),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
    reversedAt: text('reversedAt'),
    reversedReason: text('reversedReason'),
  },
  (t) => [uniqueIndex('conversions_vendor_order_unique').on(t.VendorID, t.OrderID), index('conversions_lead_idx').on(t.LeadID)],
)
export type ConversionRow = typeof conversions.$inferSelect
// Store attribution. A buyer who goes to a vendor's own store from a buy page gets a
// random ref (ck_ref) tied to the product, the influencer and the time; the store reports the sale
// with it (order webhooks, the conversion API). See docs/store-attribution.md.
// ---------------------------------------------------------------------------------------------

export const storeRefs = sqliteTable(
  'store_refs',
  {
    Ref: text('Ref').primaryKey(),
    ProductID: integer('ProductID')
      .notNull()
      .references(() => products.ProductID, { onDelete: 'cascade' }),
    // The product's (which never changes), so resolving a ref for a vendor needs no join.
    VendorID: integer('VendorID').notNull(),
    MarketerID: integer('MarketerID')
      .notNull()
      .references(() => marketers.MarketerID, { onDelete: 'cascade' }),
    // The visitor's keyed hash (domain/impressions.ts visitorId): every click gets its own ref
    // (decision 291), and first-click attribution finds the visitor's earlier clicks by it.
    visitor: text('visitor').notNull(),
    // The creator's sub-ID on the link (`?sub=ig-reel-12`), or null.
    sub: text('sub'),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
  },
  (t) => [
    // The cron deletes refs past the longest attribution window, oldest first.
    index('store_refs_created_idx').on(t.createdAt),
    // First click (decision 292): the visitor's earliest click on the vendor's links in the window.
    index('store_refs_visitor_idx').on(t.VendorID, t.visitor, t.createdAt),
  ],
)
export type StoreRef = typeof storeRefs.$inferSelect

/**
 * Clicks, leads and conversions per creator, link and sub-ID, all time (decision 291), kept by
 * triggers (db/kept-figures.ts) so the Sub-ID breakdown reads what it shows: refs are pruned, these stay.
 */
export const subFigures = sqliteTable(
  'sub_figures',
  {
    MarketerID: integer('MarketerID').notNull(),
    ProductID: integer('ProductID').notNull(),
    sub: text('sub').notNull(),
    clicks: integer('clicks').notNull().default(0),
    leads: integer('leads').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
    commissionPaise: integer('commissionPaise').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.MarketerID, t.ProductID, t.sub] }), index('sub_figures_clicks_idx').on(t.MarketerID, t.clicks)],
)

export const STORE_KINDS = ['shopify', 'woocommerce'] as const

/** A vendor's connected store; the webhook secret is kept sealed with AES-GCM (decision 192). */
export const stores = sqliteTable(
  'stores',
  {
    StoreID: integer('StoreID').primaryKey({ autoIncrement: true }),
    VendorID: integer('VendorID')
      .notNull()
      .references(() => vendors.VendorID, { onDelete: 'cascade' }),
    kind: text('kind', { enum: STORE_KINDS }).notNull(),
    shop: text('shop').notNull(),
    secretSealed: text('secretSealed').notNull(),
    secretHint: text('secretHint').notNull(),
    // Kept by the write that adds an event (same batch), so the events list's total reads one row.
    eventsN: integer('eventsN').notNull().default(0),
    unmatchedN: integer('unmatchedN').notNull().default(0),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
  },
  (t) => [index('stores_vendor_idx').on(t.VendorID, t.StoreID)],
)
export type Store = typeof stores.$inferSelect

/** What became of a store delivery (contract/stores.ts STORE_OUTCOMES has the words for each). */
export const STORE_OUTCOMES = ['converted', 'recorded', 'reversed', 'pending', 'no_ref', 'unknown_ref', 'ignored', 'refused'] as const

/**
 * Every signed delivery a store sent, kept whatever became of it, so nothing unmatched is lost;
 * the unique delivery id per store makes a replay write nothing new.
 */
export const storeEvents = sqliteTable(
  'store_events',
  {
    EventID: integer('EventID').primaryKey({ autoIncrement: true }),
    StoreID: integer('StoreID')
      .notNull()
      .references(() => stores.StoreID, { onDelete: 'cascade' }),
    deliveryId: text('deliveryId').notNull(),
    topic: text('topic').notNull(),
    orderId: text('orderId'),
    ckRef: text('ckRef'),
    outcome: text('outcome', { enum: STORE_OUTCOMES }).notNull(),
    /** Why, in words the vendor can act on (the conversion's refusal, the unknown topic). */
    detail: text('detail'),
    /**
     * The raw body, its first 64 KB (STORE_BODY_KEPT_BYTES), until `rawUntil`; after that, or once
     * the buyer is erased, `facts`: what the order needs, no one's contact details (decision 243).
     */
    body: text('body').notNull(),
    /** The order's facts as JSON (domain/store-webhooks.ts storeOrderFacts); null on events stored before them. */
    facts: text('facts'),
    /** When the cron replaces the raw body with the facts; null once it has (or the buyer was erased). */
    rawUntil: text('rawUntil'),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
  },
  (t) => [
    uniqueIndex('store_events_delivery_unique').on(t.StoreID, t.deliveryId),
    index('store_events_store_idx').on(t.StoreID, t.EventID),
    // The cron's strip reads only the raw bodies whose time is up, oldest first.
    index('store_events_raw_idx').on(t.rawUntil, t.EventID).where(sql`${t.rawUntil} IS NOT NULL`),
  ],
)
export type StoreEvent = typeof storeEvents.$inferSelect

/**
 * The buyer contacts (a ten-digit mobile, a lower-case email) a raw store body holds, so a buyer's
 * erasure finds their orders by index; they go when the raw body goes (decision 243).
 */
export const storeEventContacts = sqliteTable(
  'store_event_contacts',
  {
    contact: text('contact').notNull(),
    EventID: integer('EventID')
      .notNull()
      .references(() => storeEvents.EventID, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.contact, t.EventID] }), index('store_event_contacts_event_idx').on(t.EventID)],
)

/**
 * A store's product the vendor named once as one of theirs (decision 294): a store line with that
 * product id is that Collabkart product, whatever its SKU. One row per store product.
 */
export const storeProducts = sqliteTable(
  'store_products',
  {
    StoreID: integer('StoreID')
      .notNull()
      .references(() => stores.StoreID, { onDelete: 'cascade' }),
    storeProductId: text('storeProductId').notNull(),
    ProductID: integer('ProductID')
      .notNull()
      .references(() => products.ProductID, { onDelete: 'cascade' }),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
  },
  (t) => [primaryKey({ columns: [t.StoreID, t.storeProductId] })],
)

// A creator's storefront. Collections (titled, ordered) hold pinned products (ordered).
// A pinned product that is switched off stays pinned and is left out of the public page while off.
export const storefrontCollections = sqliteTable(
  'storefront_collections',
  {
    CollectionID: integer('CollectionID').primaryKey({ autoIncrement: true }),
    MarketerID: integer('MarketerID')
      .notNull()
      .references(() => marketers.MarketerID, { onDelete: 'cascade' }),
    Title: text('Title').notNull(),
    Position: integer('Position').notNull(),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
  },
  (t) => [index('storefront_collections_marketer_idx').on(t.MarketerID, t.Position, t.CollectionID)],
)

export const storefrontPins = sqliteTable(
  'storefront_pins',
  {
    PinID: integer('PinID').primaryKey({ autoIncrement: true }),
    CollectionID: integer('CollectionID')
      .notNull()
      .references(() => storefrontCollections.CollectionID, { onDelete: 'cascade' }),
    // Repeated from the collection so the creator's pins are counted and read by one index.
    MarketerID: integer('MarketerID').notNull(),
    ProductID: integer('ProductID')
      .notNull()
      .references(() => products.ProductID, { onDelete: 'cascade' }),
    Position: integer('Position').notNull(),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
  },
  (t) => [
    uniqueIndex('storefront_pins_collection_product_unique').on(t.CollectionID, t.ProductID),
    index('storefront_pins_marketer_idx').on(t.MarketerID, t.CollectionID, t.Position, t.PinID),
  ],
)

// Storefront views (not product impressions: those are counted on the buy page), one row per creator and day.
export const storefrontViewsDaily = sqliteTable(
  'storefront_views_daily',
  {
    MarketerID: integer('MarketerID').notNull(),
    day: text('day').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.MarketerID, t.day] })],
)

// Who viewed a storefront on which UTC day (the impressions' keyed visitor hash, never an address):
// the primary key lets each visitor count once a day, and a trigger (migrations, decision 202) adds
// the new ones to storefront_views_daily. The cron deletes days that can no longer repeat.
export const storefrontVisits = sqliteTable(
  'storefront_visits',
  {
    day: text('day').notNull(),
    MarketerID: integer('MarketerID').notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.MarketerID, t.visitor] })],
)

// A storefront handle a creator held and gave up by editing their socials (decision 203): /@{old}
// answers a 301 to their storefront, and until `releasesAt` (90 days on, decision 247) the handle
// stays theirs: no other account holds it or may save it, they may take it back. One row per
// handle key: the latest creator to give it up.
export const storefrontOldHandles = sqliteTable(
  'storefront_old_handles',
  {
    HandleKey: text('HandleKey').primaryKey(),
    MarketerID: integer('MarketerID')
      .notNull()
      .references(() => marketers.MarketerID, { onDelete: 'cascade' }),
    changedAt: text('changedAt').notNull(),
    /** UTC ISO: the reservation's end; rows kept from before it were backfilled as changedAt + 90 days. */
    releasesAt: text('releasesAt').notNull().default(''),
  },
  (t) => [index('storefront_old_handles_marketer_idx').on(t.MarketerID)],
)

// Creator coupon codes. A vendor gives a creator a code for some of its products (or all
// of them); a buyer who types it attributes the lead to the code's creator. Codes are switched off,
// never deleted, so the leads they brought keep naming them.
export const couponCodes = sqliteTable(
  'coupon_codes',
  {
    CodeID: integer('CodeID').primaryKey({ autoIncrement: true }),
    VendorID: integer('VendorID')
      .notNull()
      .references(() => vendors.VendorID, { onDelete: 'cascade' }),
    MarketerID: integer('MarketerID')
      .notNull()
      .references(() => marketers.MarketerID, { onDelete: 'cascade' }),
    // As the vendor typed it ('Ananya10'), and upper-cased: the unique index makes the database
    // itself refuse a clash whatever the case, so two creations at once cannot both succeed.
    Code: text('Code').notNull(),
    CodeNorm: text('CodeNorm').notNull(),
    BuyerText: text('BuyerText').notNull(),
    // 1: every active product of the vendor, now and later; 0: the products in coupon_code_products.
    AllProducts: integer('AllProducts', { mode: 'boolean' }).notNull().default(false),
    startsAt: text('startsAt'),
    endsAt: text('endsAt'),
    UseLimit: integer('UseLimit'),
    // Counted by the trigger on leads (migration coupon_code_triggers), in the inserting statement.
    Uses: integer('Uses').notNull().default(0),
    // Set while the vendor has the code switched off.
    offAt: text('offAt'),
    // A campaign's code (decision 213); no foreign key: this table was made before campaigns.
    CampaignID: integer('CampaignID'),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
  },
  (t) => [
    uniqueIndex('coupon_codes_vendor_code_unique').on(t.VendorID, t.CodeNorm),
    index('coupon_codes_vendor_idx').on(t.VendorID, t.CodeID),
    index('coupon_codes_vendor_marketer_idx').on(t.VendorID, t.MarketerID, t.CodeID),
    index('coupon_codes_marketer_idx').on(t.MarketerID, t.CodeID),
  ],
)
export type CouponCode = typeof couponCodes.$inferSelect

export const couponCodeProducts = sqliteTable(
  'coupon_code_products',
  {
    CodeID: integer('CodeID')
      .notNull()
      .references(() => couponCodes.CodeID, { onDelete: 'cascade' }),
    ProductID: integer('ProductID')
      .notNull()
      .references(() => products.ProductID, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.CodeID, t.ProductID] })],
)

// The number of codes each vendor and creator has, kept by a trigger: the lists' unfiltered totals read one row.
export const couponCodeCounts = sqliteTable(
  'coupon_code_counts',
  {
    role: text('role', { enum: ['vendor', 'marketer'] }).notNull(),
    ownerId: integer('ownerId').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.role, t.ownerId] })],
)

// ---------------------------------------------------------------------------------------------
// Campaigns: a vendor's brief, its products, the creators who applied or were invited,
// and each accepted creator's deliverables. Status Upcoming/Live/Ended is computed from the IST
// dates; only Closed (ClosedAt) is stored.
// ---------------------------------------------------------------------------------------------

export const campaigns = sqliteTable(
  'campaigns',
  {
    CampaignID: integer('CampaignID').primaryKey({ autoIncrement: true }),
    VendorID: integer('VendorID')
      .notNull()
      .references(() => vendors.VendorID, { onDelete: 'cascade' }),
    Title: text('Title').notNull(),
    Brief: text('Brief').notNull(),
    RewardType: text('RewardType', { enum: REWARD_TYPES }).notNull(),
    CommissionType: text('CommissionType', { enum: COMMISSION_TYPES }),
    // Rupees for Fixed, percent for Percentage, as on products.
    CommissionValue: real('CommissionValue'),
    FeePaise: integer('FeePaise'),
    Deliverables: text('Deliverables', { mode: 'json' }).$type<string[]>().notNull(),
    StartsOn: text('StartsOn').notNull(),
    EndsOn: text('EndsOn').notNull(),
    CreatorsWanted: integer('CreatorsWanted').notNull(),
    // Kept by triggers on campaign_members (migration campaigns_rules): the accept that would pass
    // CreatorsWanted fails in the database, so concurrent accepts cannot overfill a campaign.
    AcceptedCount: integer('AcceptedCount').notNull().default(0),
    AppliedCount: integer('AppliedCount').notNull().default(0),
    InvitedCount: integer('InvitedCount').notNull().default(0),
    DeclinedCount: integer('DeclinedCount').notNull().default(0),
    MinFollowers: integer('MinFollowers').notNull().default(0),
    // '|Fashion|Beauty|' ('' = any): instr() matches one value without a join table.
    Categories: text('Categories').notNull().default(''),
    Countries: text('Countries').notNull().default(''),
    VerifiedOnly: integer('VerifiedOnly', { mode: 'boolean' }).notNull().default(false),
    Access: text('Access', { enum: CAMPAIGN_ACCESS }).notNull(),
    // The campaign products' categories, '|Books|Clothing|': the open list's category filter.
    ProductCategories: text('ProductCategories').notNull().default(''),
    ClosedAt: text('ClosedAt'),
    // When the 'deliverable due' reminder went out (once per campaign).
    dueRemindedAt: text('dueRemindedAt'),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
  },
  (t) => [
    index('campaigns_vendor_idx').on(t.VendorID, t.CampaignID),
    // The open list, soonest ending first, from the campaigns still open to applications.
    index('campaigns_open_idx').on(t.EndsOn, t.CampaignID).where(sql`${t.Access} = 'Open' AND ${t.ClosedAt} IS NULL`),
    // The daily reminder finds campaigns ending soon that were not reminded yet.
    index('campaigns_due_idx').on(t.EndsOn).where(sql`${t.ClosedAt} IS NULL AND ${t.dueRemindedAt} IS NULL`),
  ],
)

export const campaignProducts = sqliteTable(
  'campaign_products',
  {
    CampaignID: integer('CampaignID')
      .notNull()
      .references(() => campaigns.CampaignID, { onDelete: 'cascade' }),
    ProductID: integer('ProductID')
      .notNull()
      .references(() => products.ProductID, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.CampaignID, t.ProductID] }), index('campaign_products_product_idx').on(t.ProductID, t.CampaignID)],
)

export const campaignMembers = sqliteTable(
  'campaign_members',
  {
    MemberID: integer('MemberID').primaryKey({ autoIncrement: true }),
    CampaignID: integer('CampaignID')
      .notNull()
      .references(() => campaigns.CampaignID, { onDelete: 'cascade' }),
    MarketerID: integer('MarketerID')
      .notNull()
      .references(() => marketers.MarketerID, { onDelete: 'cascade' }),
    Status: text('Status', { enum: MEMBER_STATUSES }).notNull(),
    DeclinedBy: text('DeclinedBy', { enum: DECLINED_BY }),
    Pitch: text('Pitch'),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
    answeredAt: text('answeredAt'),
    // The last 'applications waiting' nudge that counted this application (IST day).
    nudgedOn: text('nudgedOn'),
  },
  (t) => [
    uniqueIndex('campaign_members_unique').on(t.CampaignID, t.MarketerID),
    index('campaign_members_inbox_idx').on(t.CampaignID, t.Status, t.MemberID),
    index('campaign_members_marketer_idx').on(t.MarketerID, t.MemberID),
    index('campaign_members_marketer_status_idx').on(t.MarketerID, t.Status, t.MemberID),
    index('campaign_members_waiting_idx').on(t.createdAt).where(sql`${t.Status} = 'Applied'`),
  ],
)

export const campaignDeliverables = sqliteTable(
  'campaign_deliverables',
  {
    DeliverableID: integer('DeliverableID').primaryKey({ autoIncrement: true }),
    CampaignID: integer('CampaignID')
      .notNull()
      .references(() => campaigns.CampaignID, { onDelete: 'cascade' }),
    MarketerID: integer('MarketerID')
      .notNull()
      .references(() => marketers.MarketerID, { onDelete: 'cascade' }),
    ItemIndex: integer('ItemIndex').notNull(),
    Item: text('Item').notNull(),
    Status: text('Status', { enum: DELIVERABLE_STATUSES }).notNull().default('Due'),
    PostURL: text('PostURL'),
    Disclosed: integer('Disclosed', { mode: 'boolean' }).notNull().default(false),
    Note: text('Note'),
    submittedAt: text('submittedAt'),
    reviewedAt: text('reviewedAt'),
  },
  (t) => [
    uniqueIndex('campaign_deliverables_unique').on(t.CampaignID, t.MarketerID, t.ItemIndex),
    // The vendor's review list pages every creator's items in the order they were created.
    index('campaign_deliverables_campaign_idx').on(t.CampaignID, t.DeliverableID),
    index('campaign_deliverables_status_idx').on(t.CampaignID, t.Status, t.DeliverableID),
  ],
)

// A campaign's figures per accepted creator, kept by triggers on leads, impressions_daily and fee
// entries (migration campaigns_rules): the stats page reads one row per creator it shows.
export const campaignFigures = sqliteTable(
  'campaign_figures',
  {
    CampaignID: integer('CampaignID')
      .notNull()
      .references(() => campaigns.CampaignID, { onDelete: 'cascade' }),
    MarketerID: integer('MarketerID').notNull(),
    impressions: integer('impressions').notNull().default(0),
    leads: integer('leads').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
    commissionPaise: integer('commissionPaise').notNull().default(0),
    feesPaise: integer('feesPaise').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.CampaignID, t.MarketerID] })],
)

export type Campaign = typeof campaigns.$inferSelect
export type CampaignMember = typeof campaignMembers.$inferSelect
export type CampaignDeliverable = typeof campaignDeliverables.$inferSelect

// ---------------------------------------------------------------------------------------------
// Orders (decision 287): what a commission is earned on. An order of a vendor, by the store's own
// id, with its lines; each line earns its own commission entry, and refunds, returns and RTO
// reverse exactly their lines. order_events keeps every paid, refund, fulfillment and cancellation
// event by its own id, also one that arrived before its order: it is applied when the order comes.
// ---------------------------------------------------------------------------------------------

export const ORDER_SOURCES = ['api', 'shopify', 'woocommerce', 'buy_form'] as const
export const PAYMENT_METHODS = ['prepaid', 'cod'] as const
export const ORDER_STATES = ['placed', 'paid', 'shipped', 'delivered', 'returned', 'rto', 'cancelled'] as const
export const ATTRIBUTIONS = ['ref', 'code', 'lead', 'repeat'] as const

export const orders = sqliteTable(
  'orders',
  {
    OrderNo: integer('OrderNo').primaryKey({ autoIncrement: true }),
    VendorID: integer('VendorID')
      .notNull()
      .references(() => vendors.VendorID, { onDelete: 'cascade' }),
    // The store's order id, unique per vendor.
    OrderID: text('OrderID').notNull(),
    source: text('source', { enum: ORDER_SOURCES }).notNull(),
    currency: text('currency').notNull(),
    paymentMethod: text('paymentMethod', { enum: PAYMENT_METHODS }).notNull(),
    state: text('state', { enum: ORDER_STATES }).notNull(),
    placedAt: text('placedAt').notNull(),
    paidAt: text('paidAt'),
    shippedAt: text('shippedAt'),
    deliveredAt: text('deliveredAt'),
    closedAt: text('closedAt'),
    // The creator the order is attributed to, how, and through which lead (null: nobody's).
    MarketerID: integer('MarketerID'),
    attributedBy: text('attributedBy', { enum: ATTRIBUTIONS }),
    LeadID: integer('LeadID'),
    CodeID: integer('CodeID'),
    // SHA-256 of the store's customer id, else the email, else the phone (decision 287): repeat buyers.
    CustomerKey: text('CustomerKey'),
    AmountPaise: integer('AmountPaise').notNull(),
    CommissionPaise: integer('CommissionPaise').notNull(),
    // What the order said when recorded: the same body again is a replay, another one a 409.
    Fingerprint: text('Fingerprint').notNull(),
    // Raised by one on every change after the order was recorded: a writer that read an older
    // revision is refused whole by orders_one_writer (of two racing writers one wins, the other 409).
    Revision: integer('Revision').notNull().default(0),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
    updatedAt: text('updatedAt').notNull().$defaultFn(nowIso),
  },
  (t) => [
    uniqueIndex('orders_vendor_order_unique').on(t.VendorID, t.OrderID),
    index('orders_vendor_idx').on(t.VendorID, t.OrderNo),
    index('orders_vendor_state_idx').on(t.VendorID, t.state, t.OrderNo),
    index('orders_vendor_placed_idx').on(t.VendorID, t.placedAt, t.OrderNo),
    index('orders_marketer_idx').on(t.MarketerID, t.OrderNo).where(sql`${t.MarketerID} IS NOT NULL`),
    index('orders_customer_idx').on(t.VendorID, t.CustomerKey, t.placedAt).where(sql`${t.CustomerKey} IS NOT NULL`),
  ],
)
export type OrderRow = typeof orders.$inferSelect

export const orderLines = sqliteTable(
  'order_lines',
  {
    OrderLineID: integer('OrderLineID').primaryKey({ autoIncrement: true }),
    OrderNo: integer('OrderNo')
      .notNull()
      .references(() => orders.OrderNo, { onDelete: 'cascade' }),
    // The store's line id.
    LineID: text('LineID').notNull(),
    // Null: a product not on Collabkart (an unlisted line earns nothing).
    ProductID: integer('ProductID'),
    SKU: text('SKU'),
    StoreProductID: text('StoreProductID'),
    Name: text('Name'),
    Quantity: integer('Quantity').notNull(),
    UnitPricePaise: integer('UnitPricePaise').notNull(),
    DiscountPaise: integer('DiscountPaise').notNull(),
    LineAmountPaise: integer('LineAmountPaise').notNull(),
    // The product's terms when the order was recorded (null: unlisted, or not covered by the code).
    CommissionType: text('CommissionType', { enum: COMMISSION_TYPES }),
    CommissionValue: real('CommissionValue'),
    CommissionPaise: integer('CommissionPaise').notNull(),
    RefundedQuantity: integer('RefundedQuantity').notNull().default(0),
    RefundedPaise: integer('RefundedPaise').notNull().default(0),
    ReversedPaise: integer('ReversedPaise').notNull().default(0),
  },
  (t) => [uniqueIndex('order_lines_order_line_unique').on(t.OrderNo, t.LineID)],
)
export type OrderLineRow = typeof orderLines.$inferSelect

export const ORDER_EVENT_KINDS = ['paid', 'refund', 'fulfillment', 'cancel'] as const

export const orderEvents = sqliteTable(
  'order_events',
  {
    EventID: integer('EventID').primaryKey({ autoIncrement: true }),
    VendorID: integer('VendorID')
      .notNull()
      .references(() => vendors.VendorID, { onDelete: 'cascade' }),
    OrderID: text('OrderID').notNull(),
    kind: text('kind', { enum: ORDER_EVENT_KINDS }).notNull(),
    // The event's own id (refundId, fulfillmentId; 'paid' and 'cancel' for those).
    EventKey: text('EventKey').notNull(),
    Body: text('Body').notNull(),
    receivedAt: text('receivedAt').notNull(),
    appliedAt: text('appliedAt'),
  },
  (t) => [uniqueIndex('order_events_unique').on(t.VendorID, t.OrderID, t.kind, t.EventKey)],
)
export type OrderEventRow = typeof orderEvents.$inferSelect

/**
 * `Idempotency-Key` on /api/v1 POSTs (decision 289): the vendor's key, what the request was (a hash
 * of method, path and body) and, once answered, the answer. The same key with the same request
 * answers the stored answer; with another request, 409 and nothing written. Rows older than a
 * day no longer count (middleware/idempotency.ts).
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    VendorID: integer('VendorID')
      .notNull()
      .references(() => vendors.VendorID, { onDelete: 'cascade' }),
    IdemKey: text('IdemKey').notNull(),
    RequestHash: text('RequestHash').notNull(),
    // Null while the first request is being answered.
    Status: integer('Status'),
    Answer: text('Answer'),
    createdAt: text('createdAt').notNull(),
  },
  (t) => [primaryKey({ columns: [t.VendorID, t.IdemKey] })],
)
