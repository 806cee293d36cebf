// /api/notifications (contract/notifications.ts): the bell, mail preferences and
// one-click unsubscribe. Everything but unsubscribe is a vendor's or an influencer's own.

import type { Context } from 'hono'
import { NOTIFICATION_MESSAGES, NOTIFICATION_ROUTES as R } from '../contract/notifications'
import { db } from '../db/client'
import type { Recipient } from '../db/notifications'
import { byRole, refuse } from '../domain/roles'
import type { AppEnv } from '../env'
import { callerOf } from '../middleware/auth'
import { pathId } from '../middleware/validate'
import { notificationPage, preferencesOf, readAll, readNotification, savePreferences, unreadOf, unsubscribe } from '../services/notification-inbox'
import { handle, mountAll } from './define'

/** The caller as a recipient: a vendor or an influencer; an operator has no notifications here. */
const me = (c: Context<AppEnv>): Recipient =>
  byRole<Recipient>(callerOf(c), {
    vendor: (accountId) => ({ role: 'vendor', accountId }),
    marketer: (accountId) => ({ role: 'marketer', accountId }),
    admin: refuse,
  })

export const notificationRoutes = mountAll(
  // RFC 8058: the mail client posts "List-Unsubscribe=One-Click" with no sign-in; the body says nothing the token does not.
  handle(R.unsubscribe, async (c, r) => r.ok(await unsubscribe(db(c), c.env.JWT_SECRET, c.req.query('token')))),
  handle(R.list, async (c, r) => r.pageOf(notificationPage(db(c), me(c), r.query()))),
  handle(R.unread, async (c, r) => r.ok(await unreadOf(db(c), me(c)))),
  handle(R.readAll, async (c, r) => r.ok(await readAll(db(c), me(c)))),
  handle(R.read, async (c, r) => r.ok(await readNotification(db(c), me(c), pathId(c, 'id', NOTIFICATION_MESSAGES.notFound)))),
  handle(R.preferences, async (c, r) => r.ok(await preferencesOf(db(c), me(c)))),
  handle(R.savePreferences, async (c, r) => {
    const recipient = me(c)
    return r.ok(await savePreferences(db(c), recipient, await r.body()))
  }),
)
