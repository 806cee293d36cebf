// The bell and the mail preferences (decision 140): a vendor's or an influencer's own notifications,
// paged newest first; marking them read; which kinds mail them; and one-click unsubscribe.

import {
  NOTIFICATION_MESSAGES,
  type NotificationDTO,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesInput,
} from '../contract/notifications'
import type { Db } from '../db/client'
import {
  findDigest,
  mailChoices,
  markAllRead,
  markRead,
  pageNotifications,
  type Recipient,
  setDigestHour,
  setMailChoice,
  unreadCount,
  unsubscribeVersionOf,
} from '../db/notifications'
import { InvalidInput, NotFound } from '../domain/errors'
import { isOptional, kindsOf, readUnsubscribeToken } from '../domain/notifications'
import { pageThrough } from './paging'

type Row = Omit<NotificationDTO, 'kind'> & { kind: string }

const toDto = (row: Row): NotificationDTO => ({ ...row, kind: row.kind as NotificationKind })

export async function notificationPage(db: Db, me: Recipient, query: { limit?: number; cursor?: string; unread?: '1' | '0' }) {
  const unreadOnly = query.unread === '1'
  const page = await pageThrough<Row>({
    cursor: query.cursor,
    limit: query.limit,
    order: unreadOnly ? 'unread' : 'newest',
    kinds: ['number'],
    fetch: (from, take) => pageNotifications(db, me, unreadOnly, from ? Number(from[0]) : null, take),
    keyOf: (row) => [row.NotificationID],
  })
  return { rows: page.rows.map(toDto), paging: page.paging }
}

export const unreadOf = async (db: Db, me: Recipient) => ({ unread: await unreadCount(db, me) })

export async function readNotification(db: Db, me: Recipient, id: number): Promise<NotificationDTO> {
  const row = await markRead(db, me, id, new Date().toISOString())
  // Another person's notification is answered as one that does not exist.
  if (!row) throw new NotFound(NOTIFICATION_MESSAGES.notFound)
  return toDto(row)
}

export const readAll = async (db: Db, me: Recipient) => ({ marked: await markAllRead(db, me, new Date().toISOString()) })

export async function preferencesOf(db: Db, me: Recipient): Promise<NotificationPreferences> {
  const [choices, digest] = await Promise.all([mailChoices(db, me), me.role === 'vendor' ? findDigest(db, me.accountId) : undefined])
  const off = new Set(choices.filter((c) => !c.mail).map((c) => c.kind))
  const mail = Object.fromEntries(kindsOf(me.role).map((kind) => [kind, !(isOptional(me.role, kind) && off.has(kind))]))
  return { mail, digestHour: digest?.digestHour ?? null }
}

/**
 * Saves the kinds sent and the digest hour. Turning off an always-on kind, or naming a kind the
 * role never receives, is refused; an always-on kind sent as on is simply what it already is.
 * The digest is a vendor's: an influencer may only send it empty.
 */
export async function savePreferences(db: Db, me: Recipient, input: NotificationPreferencesInput): Promise<NotificationPreferences> {
  const entries = Object.entries(input.mail) as Array<[NotificationKind, boolean | undefined]>
  for (const [kind, on] of entries) {
    if (!kindsOf(me.role).includes(kind) || (on === false && !isOptional(me.role, kind))) throw new InvalidInput(NOTIFICATION_MESSAGES.kindInvalid)
  }
  if (me.role !== 'vendor' && input.digestHour !== null) throw new InvalidInput(NOTIFICATION_MESSAGES.digestHourInvalid)
  const now = new Date().toISOString()
  const writes = entries.flatMap(([kind, on]) => (on === undefined || !isOptional(me.role, kind) ? [] : [setMailChoice(db, me, kind, on, now)]))
  const digest = me.role === 'vendor' ? [setDigestHour(db, me.accountId, input.digestHour)] : []
  const all = [...writes, ...digest]
  if (all.length > 0) await db.batch(all as [(typeof all)[number], ...typeof all])
  return preferencesOf(db, me)
}

/** RFC 8058 one-click: turns off the one kind the signed token names; the same again changes nothing. */
export async function unsubscribe(db: Db, secret: string, token: string | undefined) {
  const target = token ? await readUnsubscribeToken(secret, token, (role, accountId) => unsubscribeVersionOf(db, { role, accountId })) : null
  if (!target) throw new InvalidInput(NOTIFICATION_MESSAGES.unsubscribeInvalid)
  await setMailChoice(db, target, target.kind, false, new Date().toISOString())
  return { kind: target.kind, role: target.role }
}
