import * as z from 'zod/mini'
import { NOTIFICATION_MESSAGES, notificationPreferencesSchema, notificationQuerySchema } from '../../contract/notifications'
import { routes } from '../registry'

const signedIn = ['vendor', 'marketer'] as const
const NOTIFICATION = '`NotificationDTO`: NotificationID, kind, title, body, link, createdAt, readAt.'
const PREFERENCES =
  '`{ mail, digestHour }`: every kind the role receives (always-on kinds `true`), and the vendor’s daily digest hour in India time (0-23) or null for instant lead mails.'
// The route reads the token itself (it never fails validation: a bad one is the refusal below).
const unsubscribeQuery = z.object({ token: z.optional(z.string()) })

export const notificationRoutes = routes(
  {
    method: 'get',
    path: '/api/notifications',
    summary: "The caller's notifications",
    description: '`unread=1` for the unread ones only. Newest first.',
    access: signedIn,
    query: notificationQuerySchema,
    answer: { message: NOTIFICATION_MESSAGES.fetched, data: NOTIFICATION, paged: true },
  },
  {
    method: 'get',
    path: '/api/notifications/unread',
    summary: 'How many notifications are unread',
    access: signedIn,
    answer: { message: NOTIFICATION_MESSAGES.fetched, data: '`{ unread }`: the exact count (the bell shows 99+ past 99).' },
  },
  {
    method: 'post',
    path: '/api/notifications/read-all',
    summary: 'Mark every notification read',
    access: signedIn,
    answer: { message: NOTIFICATION_MESSAGES.allMarked, data: '`{ marked }`: how many were unread.' },
  },
  {
    method: 'post',
    path: '/api/notifications/{id}/read',
    summary: 'Mark one notification read',
    description: 'The first read time stays. Another person’s notification is not found.',
    access: signedIn,
    answer: { message: NOTIFICATION_MESSAGES.marked, data: NOTIFICATION },
    errors: { 404: [NOTIFICATION_MESSAGES.notFound] },
  },
  {
    method: 'get',
    path: '/api/notifications/preferences',
    summary: "The caller's mail preferences",
    access: signedIn,
    answer: { message: NOTIFICATION_MESSAGES.preferencesFetched, data: PREFERENCES },
  },
  {
    method: 'put',
    path: '/api/notifications/preferences',
    summary: "Save the caller's mail preferences",
    description: 'Only the kinds sent change. Influencers have no digest (`digestHour` null).',
    access: signedIn,
    body: { json: notificationPreferencesSchema },
    answer: { message: NOTIFICATION_MESSAGES.preferencesSaved, data: PREFERENCES },
    errors: { 400: [NOTIFICATION_MESSAGES.kindInvalid, NOTIFICATION_MESSAGES.digestHourInvalid] },
  },
  {
    method: 'post',
    path: '/api/notifications/unsubscribe',
    summary: 'One-click unsubscribe from a mail (RFC 8058)',
    description: 'No sign-in; the body is not read. Turns off the one kind the signed token names; tokens never expire and can only turn a kind off.',
    access: 'public',
    query: unsubscribeQuery,
    answer: { message: NOTIFICATION_MESSAGES.unsubscribed, data: '`{ kind, role }`.' },
    errors: { 400: [NOTIFICATION_MESSAGES.unsubscribeInvalid] },
  },
)
