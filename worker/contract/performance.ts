// Which links perform (decision 017): the influencer's 'My Links' and the vendor's 'Performance' tables.
// Each row aggregates one period: impressions (rolled up in D1 plus those still in KV), the leads
// created in the period, how many of those are converted, and their money.

import * as z from 'zod/mini'
import { pageQueryShape } from './paging'

export const PERIODS = ['7', '30', '90', 'all'] as const
export type Period = (typeof PERIODS)[number]
export const PERIOD_LABELS: Record<Period, string> = { '7': '7 days', '30': '30 days', '90': '90 days', all: 'All time' }

export const LINK_SORTS = ['name', 'impressions', 'leads', 'conversions', 'conversionRate', 'commission'] as const
export const VENDOR_SORTS = ['name', 'impressions', 'leads', 'conversions', 'conversionRate', 'revenue', 'commission'] as const
export type LinkSort = (typeof LINK_SORTS)[number]
export type VendorSort = (typeof VENDOR_SORTS)[number]
export type SortOrder = 'asc' | 'desc'

export const PERFORMANCE_MESSAGES = {
  period: 'period should be 7, 30, 90 or all',
  sort: 'sort should be one of the table’s columns',
  order: 'order should be asc or desc',
} as const

/** One of `values`; blank or absent is `fallback`. */
const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string, fallback: T[number]) =>
  z.pipe(
    z.pipe(
      z.optional(z.string({ error: message }).check(z.maxLength(32, message))),
      z.transform((v: string | undefined) => (v === undefined || v.trim() === '' ? fallback : v.trim())),
    ),
    z.enum(values, { error: message }),
  )

const queryShape = <const S extends readonly [string, ...string[]]>(sorts: S) => ({
  ...pageQueryShape,
  period: choice(PERIODS, PERFORMANCE_MESSAGES.period, '30'),
  sort: choice(sorts, PERFORMANCE_MESSAGES.sort, 'impressions'),
  order: choice(['asc', 'desc'], PERFORMANCE_MESSAGES.order, 'desc'),
})

export const linkPerformanceQuerySchema = z.object(queryShape(LINK_SORTS))
export const vendorPerformanceQuerySchema = z.object(queryShape(VENDOR_SORTS))
export type PerformanceQuery<S extends string> = { limit?: number; cursor?: string; period: Period; sort: S; order: SortOrder }

/** The figures every row has. Money in rupees; conversionRate is converted ÷ leads, in percent with one decimal. */
export type PerformanceFigures = {
  impressions: number
  leads: number
  conversions: number
  conversionRate: number
  revenue: number
  commission: number
}

/** A row of 'My Links': one product the influencer can share. */
export const linkPerformanceRowSchema = z.object({
  ProductID: z.number(),
  ProductName: z.string(),
  Price: z.string(),
  Link: z.string(),
  ShortLink: z.string(),
  impressions: z.number(),
  leads: z.number(),
  conversions: z.number(),
  conversionRate: z.number(),
  revenue: z.number(),
  commission: z.number(),
})
export type LinkPerformanceRow = z.output<typeof linkPerformanceRowSchema>

/** The Sub-ID breakdown shows this many rows, most clicks first (decision 291). */
export const SUB_ROWS_SHOWN = 50

/**
 * A row of 'My Links' Sub-ID breakdown: one link (product) and sub-ID, all time. Clicks are the
 * store button's clicks through a link with that sub-ID; leads and conversions the store orders they brought.
 */
export const subPerformanceRowSchema = z.object({
  ProductID: z.number(),
  ProductName: z.string(),
  sub: z.string(),
  clicks: z.number(),
  leads: z.number(),
  conversions: z.number(),
  commission: z.number(),
})
export type SubPerformanceRow = z.output<typeof subPerformanceRowSchema>

/** A row of the vendor's 'Performance' by product or by influencer. */
export const vendorPerformanceRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  impressions: z.number(),
  leads: z.number(),
  conversions: z.number(),
  conversionRate: z.number(),
  revenue: z.number(),
  commission: z.number(),
})
export type VendorPerformanceRow = z.output<typeof vendorPerformanceRowSchema>

export const VENDOR_PERFORMANCE_VIEWS = ['products', 'influencers'] as const
export type VendorPerformanceView = (typeof VENDOR_PERFORMANCE_VIEWS)[number]
