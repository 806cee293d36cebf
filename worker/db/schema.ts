import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { LEAD_STATUSES } from '../contract/lead'
import { COMMISSION_TYPES } from '../contract/product'

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
    // Raised by every password change; tokens carry the value they were issued with (claim `ver`),
    // so every token issued before the change stops working (services/session.ts).
    tokenVersion: integer('tokenVersion').notNull().default(0),
    // Back office (issue 13): set while an admin has suspended the account (with the reason), and
    // when its personal data was erased; either keeps it out of sign-in, tokens and public pages.
    suspendedAt: text('suspendedAt'),
    suspendedReason: text('suspendedReason'),
    erasedAt: text('erasedAt'),
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
  },
  (t) => [uniqueIndex('vendors_email_unique').on(t.Email)],
)

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
    // The deterministic rate of domain/engagement.ts, stored so the directory can sort and page by it;
    // written with totalReachRaw on every save (0 without reach, as for a new account).
    engagementRate: real('engagementRate').notNull().default(0),
    // Back office (issue 13): set while an admin has suspended the account (with the reason), and
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
    createdAt: text('createdAt').notNull().$defaultFn(nowIso),
    updatedAt: text('updatedAt').notNull().$defaultFn(nowIso),
  },
  (t) => [
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
    // The lead lists' filters and sorts (issue 11): each pages on its own index, newest first.
    // (The creation-day indexes above also serve the date filters.)
    index('leads_vendor_status_list_idx').on(t.VendorID, t.Status, t.LeadID),
    index('leads_vendor_marketer_idx').on(t.VendorID, t.MarketerID, t.LeadID),
    index('leads_vendor_price_idx').on(t.VendorID, t.PricePaise, t.LeadID),
    index('leads_product_idx').on(t.ProductID, t.LeadID),
    index('leads_marketer_status_list_idx').on(t.MarketerID, t.Status, t.LeadID),
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
    reason: text('reason'),
    before: text('before', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    after: text('after', { mode: 'json' }).$type<Record<string, unknown> | null>(),
  },
  (t) => [
    index('audit_action_idx').on(t.action, t.id),
    index('audit_target_idx').on(t.targetType, t.targetId, t.id),
  ],
)

export type Vendor = typeof vendors.$inferSelect
export type Marketer = typeof marketers.$inferSelect
export type Product = typeof products.$inferSelect
export type Lead = typeof leads.$inferSelect
export type Admin = typeof admins.$inferSelect
export type AuditEntry = typeof auditLog.$inferSelect
