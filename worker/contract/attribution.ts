// Store attribution settings (decision 292) and creators' sub-IDs (decision 291): the vendor's
// window and rule, one definition per route (route.ts, decision 283), and what a sub may be.
// Plain data and zod schemas only: web/ imports this module.

import * as z from 'zod/mini'
import { capped } from './fields'
import { defineRoute } from './route'

export const ATTRIBUTION_RULES = ['last', 'first'] as const
export type AttributionRule = (typeof ATTRIBUTION_RULES)[number]
export const ATTRIBUTION_RULE_LABELS: Record<AttributionRule, string> = { last: 'Last click', first: 'First click' }

export const ATTRIBUTION_DEFAULTS = { AttributionDays: 30, AttributionRule: 'last' } as const
/** The longest window a vendor may choose; the cron keeps refs this long (and a day). */
export const MAX_ATTRIBUTION_DAYS = 90

export const ATTRIBUTION_MESSAGES = {
  daysInvalid: 'Attribution window should be a whole number of days from 1 to 90',
  ruleInvalid: 'Attribution rule should be last click or first click',
  fetched: 'Attribution settings fetched successfully',
  saved: 'Attribution settings saved',
  vendorNotFound: 'Vendor not found',
} as const

const days = z
  .pipe(
    z.union(
      [
        z.number({ error: ATTRIBUTION_MESSAGES.daysInvalid }),
        z
          .string({ error: ATTRIBUTION_MESSAGES.daysInvalid })
          .check(capped(8, ATTRIBUTION_MESSAGES.daysInvalid), z.trim(), z.regex(/^\d{1,3}$/, ATTRIBUTION_MESSAGES.daysInvalid)),
      ],
      { error: ATTRIBUTION_MESSAGES.daysInvalid },
    ),
    z.transform((v: number | string) => Number(v)),
  )
  .check(z.refine((n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_ATTRIBUTION_DAYS, ATTRIBUTION_MESSAGES.daysInvalid))

/** PUT /api/attribution/settings (vendor). */
export const attributionSettingsSchema = z.object(
  {
    AttributionDays: days,
    AttributionRule: z.enum(ATTRIBUTION_RULES, { error: ATTRIBUTION_MESSAGES.ruleInvalid }),
  },
  { error: ATTRIBUTION_MESSAGES.daysInvalid },
)
export const attributionSettingsAnswerSchema = z.object({ AttributionDays: z.number(), AttributionRule: z.enum(ATTRIBUTION_RULES) })
export type AttributionSettings = z.output<typeof attributionSettingsAnswerSchema>

const vendorOnly = ['vendor'] as const

export const ATTRIBUTION_ROUTES = {
  settings: defineRoute({
    method: 'get',
    path: '/api/attribution/settings',
    summary: "The vendor's attribution window and rule for store orders",
    access: vendorOnly,
    answer: { message: ATTRIBUTION_MESSAGES.fetched, schema: attributionSettingsAnswerSchema },
    errors: { 404: [ATTRIBUTION_MESSAGES.vendorNotFound] },
  }),
  saveSettings: defineRoute({
    method: 'put',
    path: '/api/attribution/settings',
    summary: "Save the vendor's attribution window and rule",
    description:
      'The window (1-90 days) is how long after a click a store order still credits its creator; the rule says whether the ' +
      "order's own click (`last`) or the visitor's earliest click on the vendor's links within the window (`first`) wins. " +
      'Orders already attributed keep their creator.',
    access: vendorOnly,
    body: { json: attributionSettingsSchema, example: { AttributionDays: 60, AttributionRule: 'first' } },
    answer: { message: ATTRIBUTION_MESSAGES.saved, schema: attributionSettingsAnswerSchema },
  }),
}

/** A creator's sub-ID on a link: up to 64 of these characters (`ig-reel-12`). */
export const SUB_MAX_LENGTH = 64
const SUB_PATTERN = /^[A-Za-z0-9._-]{1,64}$/
/** The query parameter a creator adds to a link. */
export const SUB_PARAM = 'sub'

/**
 * The sub-ID a public link carries, or null: anything but 1-64 of `[A-Za-z0-9._-]` is dropped,
 * not refused, so a mistyped sub never breaks a buyer's click.
 */
export const cleanSub = (value: string | null | undefined): string | null => {
  const text = value?.trim() ?? ''
  return SUB_PATTERN.test(text) ? text : null
}
