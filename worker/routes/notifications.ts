// /api/notifications (contract/notifications.ts): the bell, mail preferences and
// one-click unsubscribe. Everything but unsubscribe is a vendor's or an influencer's own.

import type { Context } from 'hono'
import { Hono } from 'hono'
import { NOTIFICATION_MESSAGES, notificationPreferencesSchema, notificationQuerySchema } from '../contract/notifications'
import { db } from '../db/client'
import type { Recipient } from '../db/notifications'
import { byRole, refuse } from '../domain/roles'
import type { AppEnv } from '../env'
import { callerOf, requireRole } from '../middleware/auth'
import { ok, okPage } from '../middleware/envelope'
import { jsonLimit, parseWith, pathId, queryOf, readJson } from '../middleware/validate'
import { notificationPage, preferencesOf, readAll, readNotification, savePreferences, unreadOf, unsubscribe } from '../services/notification-inbox'

/** The caller as a recipient: a vendor or an influencer; an operator has no notifications here. */
const me = (c: Context<AppEnv>): Recipient =>
  byRole<Recipient>(callerOf(c), {
    vendor: (accountId) => ({ role: 'vendor', accountId }),
    marketer: (accountId) => ({ role: 'marketer', accountId }),
    admin: refuse,
  })

const signedIn = requireRole('vendor', 'marketer')

export const notificationRoutes = new Hono<AppEnv>()
  // RFC 8058: the mail client posts "List-Unsubscribe=One-Click" with no sign-in; the body says nothing the token does not.
  .post('/unsubscribe', async (c) => ok(c, NOTIFICATION_MESSAGES.unsubscribed, await unsubscribe(db(c), c.env.JWT_SECRET, c.req.query('token'))))
  .get('/', signedIn, async (c) => {
    const page = await notificationPage(db(c), me(c), parseWith(notificationQuerySchema, queryOf(c)))
    return okPage(c, NOTIFICATION_MESSAGES.fetched, page.rows, page.paging)
  })
  .get('/unread', signedIn, async (c) => ok(c, NOTIFICATION_MESSAGES.fetched, await unreadOf(db(c), me(c))))
  .post('/read-all', signedIn, async (c) => ok(c, NOTIFICATION_MESSAGES.allMarked, await readAll(db(c), me(c))))
  .post('/:id/read', signedIn, async (c) =>
    ok(c, NOTIFICATION_MESSAGES.marked, await readNotification(db(c), me(c), pathId(c, 'id', NOTIFICATION_MESSAGES.notFound))),
  )
  .get('/preferences', signedIn, async (c) => ok(c, NOTIFICATION_MESSAGES.preferencesFetched, await preferencesOf(db(c), me(c))))
  .put('/preferences', jsonLimit, signedIn, async (c) => {
    const recipient = me(c)
    const input = parseWith(notificationPreferencesSchema, await readJson(c))
    return ok(c, NOTIFICATION_MESSAGES.preferencesSaved, await savePreferences(db(c), recipient, input))
  })
