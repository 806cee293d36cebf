// Notifications (decision 140): what the marketplace tells vendors and influencers, by mail and in the
// bell. The server helper (worker/) and the web helper (web/) both build on this file.
//
// API (all need a vendor or influencer token, except unsubscribe):
//   GET  /api/notifications?limit=&cursor=&unread=1  paged, newest first      -> NotificationDTO[] + paging
//   GET  /api/notifications/unread                   the bell's count         -> { unread: number }
//   POST /api/notifications/{id}/read                mark one read            -> NotificationDTO
//   POST /api/notifications/read-all                 mark all read            -> { marked: number }
//   GET  /api/notifications/preferences                                       -> NotificationPreferences
//   PUT  /api/notifications/preferences              body: NotificationPreferencesInput -> NotificationPreferences
//   POST /api/notifications/unsubscribe?token=...    RFC 8058 one-click, no sign-in (body
//        "List-Unsubscribe=One-Click" or empty)      -> { kind, role }; the web page /unsubscribe?token=...
//        shows what it turns off and posts the same call.

import * as z from 'zod/mini'
import { pageQueryShape } from './paging'
import { defineRoute } from './route'

/** Every kind of notification. Mail and the bell carry the same kinds. */
export const NOTIFICATION_KINDS = [
  // vendor
  'lead-new',
  'influencer-payout-details-changed',
  // An endpoint turned off after 20 failed deliveries in a row (webhooks out, decision 183).
  'webhook-disabled',
  // Campaigns: a deliverable waits for review; applications waited over 2 days (daily nudge).
  'deliverable-submitted',
  'campaign-applications-waiting',
  // influencer
  'lead-converted',
  'commission-payable',
  'payout-recorded',
  'own-payout-details-changed',
  // Campaigns: invited; an application or invitation answered; a deliverable reviewed; due in 2 days.
  'campaign-invited',
  'campaign-answered',
  'deliverable-reviewed',
  'deliverable-due',
  // both
  'password-changed',
  'email-verified',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** Who may receive a kind. */
export const KINDS_BY_ROLE = {
  vendor: [
    'lead-new',
    'influencer-payout-details-changed',
    'webhook-disabled',
    'deliverable-submitted',
    'campaign-applications-waiting',
    'password-changed',
    'email-verified',
  ],
  marketer: [
    'lead-converted',
    'commission-payable',
    'payout-recorded',
    'own-payout-details-changed',
    'campaign-invited',
    'campaign-answered',
    'deliverable-reviewed',
    'deliverable-due',
    'password-changed',
    'email-verified',
  ],
} as const satisfies Record<'vendor' | 'marketer', readonly NotificationKind[]>

/**
 * Security and money mails cannot be turned off (decision 140); the bell shows every kind
 * whatever the preferences say. A disabled webhook endpoint stops the vendor's store hearing of
 * leads and money, so it gets both mail and bell (decision 183).
 */
export const ALWAYS_ON_KINDS = [
  'influencer-payout-details-changed',
  'webhook-disabled',
  'payout-recorded',
  'own-payout-details-changed',
  'password-changed',
  'email-verified',
] as const satisfies readonly NotificationKind[]

export const isAlwaysOn = (kind: NotificationKind) => (ALWAYS_ON_KINDS as readonly NotificationKind[]).includes(kind)

/** What each kind is called in the profile's Notifications section. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'lead-new': 'New leads',
  'influencer-payout-details-changed': 'An influencer you owe changed their payout details',
  'webhook-disabled': 'A webhook endpoint was disabled after failing',
  'lead-converted': 'A lead of yours converted',
  'commission-payable': 'Commission became payable',
  'payout-recorded': 'Payout recorded',
  'own-payout-details-changed': 'Your payout details changed',
  'password-changed': 'Your password changed',
  'email-verified': 'Your email address verified',
  'deliverable-submitted': 'A creator submitted a campaign deliverable',
  'campaign-applications-waiting': 'Campaign applications waiting for your answer',
  'campaign-invited': 'A brand invited you to a campaign',
  'campaign-answered': 'A brand answered your campaign application',
  'deliverable-reviewed': 'A brand reviewed your deliverable',
  'deliverable-due': 'A campaign deliverable is due soon',
}

export const NOTIFICATION_MESSAGES = {
  fetched: 'Notifications fetched successfully',
  notFound: 'Notification not found',
  marked: 'Notification marked as read',
  allMarked: 'All notifications marked as read',
  preferencesFetched: 'Notification preferences fetched successfully',
  preferencesSaved: 'Notification preferences saved',
  kindInvalid: 'This notification cannot be turned off',
  digestHourInvalid: 'Digest hour should be a whole hour from 0 to 23, or empty for instant mails',
  unsubscribed: 'You will no longer get these emails',
  unsubscribeInvalid: 'This unsubscribe link is not valid. Change your notifications from your profile instead.',
} as const

export const notificationSchema = z.object({
  NotificationID: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** One line, e.g. 'New lead for Cotton Kurta'. */
  title: z.string(),
  /** A sentence or two; never buyer contact details for an influencer. */
  body: z.string(),
  /** An app path to open, e.g. '/vendor/dashboard?tab=leads'; null when there is nothing to open. */
  link: z.nullable(z.string()),
  createdAt: z.string(),
  readAt: z.nullable(z.string()),
})
export type NotificationDTO = z.output<typeof notificationSchema>

export const notificationPreferencesAnswerSchema = z.object({
  /** Every kind the caller's role receives; always-on kinds are always true. */
  mail: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()),
  /** Vendors only: null mails each new lead at once; 0-23 sends one digest a day at that hour, India time. */
  digestHour: z.nullable(z.number()),
})
export type NotificationPreferences = z.output<typeof notificationPreferencesAnswerSchema>

export const notificationQuerySchema = z.object({
  ...pageQueryShape,
  unread: z.optional(z.enum(['1', '0'])),
})

export const notificationPreferencesSchema = z.object({
  mail: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()),
  digestHour: z.nullable(
    z
      .number({ error: NOTIFICATION_MESSAGES.digestHourInvalid })
      .check(
        z.int({ error: NOTIFICATION_MESSAGES.digestHourInvalid }),
        z.gte(0, NOTIFICATION_MESSAGES.digestHourInvalid),
        z.lte(23, NOTIFICATION_MESSAGES.digestHourInvalid),
      ),
  ),
})
export type NotificationPreferencesInput = z.input<typeof notificationPreferencesSchema>

// The route reads the token itself (it never fails validation: a bad one is the refusal below).
const unsubscribeQuery = z.object({ token: z.optional(z.string()) })

const signedIn = ['vendor', 'marketer'] as const
const PREFERENCES =
  'Every kind the role receives (always-on kinds `true`), and the vendor’s daily digest hour in India time (0-23) or null for instant lead mails.'

export const NOTIFICATION_ROUTES = {
  list: defineRoute({
    method: 'get',
    path: '/api/notifications',
    summary: "The caller's notifications",
    description: '`unread=1` for the unread ones only. Newest first.',
    access: signedIn,
    query: notificationQuerySchema,
    answer: { message: NOTIFICATION_MESSAGES.fetched, schema: notificationSchema, paged: true },
  }),
  unread: defineRoute({
    method: 'get',
    path: '/api/notifications/unread',
    summary: 'How many notifications are unread',
    access: signedIn,
    answer: { message: NOTIFICATION_MESSAGES.fetched, schema: z.object({ unread: z.number() }), description: 'The exact count (the bell shows 99+ past 99).' },
  }),
  readAll: defineRoute({
    method: 'post',
    path: '/api/notifications/read-all',
    summary: 'Mark every notification read',
    access: signedIn,
    answer: { message: NOTIFICATION_MESSAGES.allMarked, schema: z.object({ marked: z.number() }), description: '`marked`: how many were unread.' },
  }),
  read: defineRoute({
    method: 'post',
    path: '/api/notifications/{id}/read',
    summary: 'Mark one notification read',
    description: 'The first read time stays. Another person’s notification is not found.',
    access: signedIn,
    params: { id: { description: 'The NotificationID.' } },
    answer: { message: NOTIFICATION_MESSAGES.marked, schema: notificationSchema },
    errors: { 404: [NOTIFICATION_MESSAGES.notFound] },
  }),
  preferences: defineRoute({
    method: 'get',
    path: '/api/notifications/preferences',
    summary: "The caller's mail preferences",
    access: signedIn,
    answer: { message: NOTIFICATION_MESSAGES.preferencesFetched, schema: notificationPreferencesAnswerSchema, description: PREFERENCES },
  }),
  savePreferences: defineRoute({
    method: 'put',
    path: '/api/notifications/preferences',
    summary: "Save the caller's mail preferences",
    description: 'Only the kinds sent change. Influencers have no digest (`digestHour` null).',
    access: signedIn,
    body: { json: notificationPreferencesSchema },
    answer: { message: NOTIFICATION_MESSAGES.preferencesSaved, schema: notificationPreferencesAnswerSchema, description: PREFERENCES },
    errors: { 400: [NOTIFICATION_MESSAGES.kindInvalid, NOTIFICATION_MESSAGES.digestHourInvalid] },
  }),
  unsubscribe: defineRoute({
    method: 'post',
    path: '/api/notifications/unsubscribe',
    summary: 'One-click unsubscribe from a mail (RFC 8058)',
    description: 'No sign-in; the body is not read. Turns off the one kind the signed token names; tokens never expire and can only turn a kind off.',
    access: 'public',
    query: unsubscribeQuery,
    answer: {
      message: NOTIFICATION_MESSAGES.unsubscribed,
      schema: z.object({ kind: z.enum(NOTIFICATION_KINDS), role: z.enum(['vendor', 'marketer']) }),
      description: 'The kind turned off and whose it was.',
    },
    errors: { 400: [NOTIFICATION_MESSAGES.unsubscribeInvalid] },
  }),
}
