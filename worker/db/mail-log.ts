// The mail log: one row per (event, recipient), which is what makes a mail go out at most once.

import { and, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm'
import type { Db } from './client'
import { cappedQuery, readCapped } from './capped-counts'
import type { ListTotal } from '../contract/paging'
import { mailLog, marketers, vendors } from './schema'

export type NewMail = { eventKey: string; recipientHash: string; recipientHint: string; kind: string; subject: string }

/**
 * What the consumer claims for a queued mail: its log entry, the try, and for a notification the
 * account it is for, with whether that account's suspension holds it back (decision 136).
 */
export type MailClaim = NewMail & {
  attempts: number
  account: { role: 'vendor' | 'marketer'; accountId: number; heldIfSuspended: boolean } | null
}

/** A list as one bound parameter (read with json_each): a batch of any size fits D1's 100. */
const asJson = (items: unknown[]) => JSON.stringify(items)

/**
 * Claims the mails of a queue batch in one statement, answering the rows claimed. A first try
 * claims only a mail this event has not logged for this person, so a duplicate raise (a second
 * message with the same key, even in the same batch) is never sent; a retry claims its own entry
 * again while it is still queued, or makes it if its first try failed before claiming. (A duplicate
 * whose whole first batch failed could then claim a queued original: each is rare, both rarer.)
 * A notification for an account suspended since it was raised is not claimed, so not logged: an
 * erased account's never, a suspended one's unless the kind still reaches it (decision 136).
 */
export async function claimMails(db: Db, claims: MailClaim[], now = new Date().toISOString()) {
  if (claims.length === 0) return []
  const field = (path: string) => sql.raw(`json_extract(value, '$.${path}')`)
  const silenced = (table: typeof vendors | typeof marketers, id: typeof vendors.VendorID | typeof marketers.MarketerID, role: string) => sql`
    EXISTS (SELECT 1 FROM ${table} WHERE ${field('account.role')} = ${role} AND ${id} = ${field('account.accountId')}
      AND ${table.suspendedAt} IS NOT NULL AND (${table.erasedAt} IS NOT NULL OR ${field('account.heldIfSuspended')}))`
  return db.all<{ MailID: number; eventKey: string; recipientHash: string }>(sql`
    INSERT INTO ${mailLog} (eventKey, recipientHash, recipientHint, kind, subject, attempts, createdAt)
      SELECT ${field('eventKey')}, ${field('recipientHash')}, ${field('recipientHint')}, ${field('kind')}, ${field('subject')}, ${field('attempts')}, ${now}
      FROM json_each(${asJson(claims)})
      WHERE NOT ${silenced(vendors, vendors.VendorID, 'vendor')} AND NOT ${silenced(marketers, marketers.MarketerID, 'marketer')}
    ON CONFLICT (eventKey, recipientHash) DO UPDATE SET attempts = excluded.attempts
      WHERE excluded.attempts > 1 AND ${mailLog.state} = 'queued'
    RETURNING MailID, eventKey, recipientHash`)
}

export type Delivery = { mailId: number; attempts: number; error: string | null }

/**
 * What a queue batch's sends came to, in one batch of writes: the mails sent (one statement per
 * distinct try count, which is nearly always one) and each failure with its error. A sent mail's
 * subject (which may name someone) and masked address are forgotten: only the dead-mail list
 * shows them, and the key, kind and times are all the log needs afterwards.
 */
export async function recordDeliveries(db: Db, deliveries: Delivery[], now: string): Promise<void> {
  const sentByAttempts = new Map<number, number[]>()
  for (const d of deliveries) if (d.error === null) sentByAttempts.set(d.attempts, [...(sentByAttempts.get(d.attempts) ?? []), d.mailId])
  const writes = [
    ...[...sentByAttempts].map(([attempts, ids]) =>
      db
        .update(mailLog)
        .set({ state: 'sent', attempts, sentAt: now, lastError: null, subject: '', recipientHint: '' })
        .where(sql`${mailLog.MailID} IN (SELECT value FROM json_each(${asJson(ids)}))`),
    ),
    ...deliveries.flatMap((d) =>
      d.error === null
        ? []
        : [
            db
              .update(mailLog)
              .set({ attempts: d.attempts, lastError: d.error })
              .where(and(eq(mailLog.MailID, d.mailId), ne(mailLog.state, 'sent'))),
          ],
    ),
  ]
  const [first, ...rest] = writes
  if (first) await db.batch([first, ...rest])
}

/**
 * Logs a mail as dead (the queue refused it, or it ran out of tries): its kind, or null when it
 * had been sent after all (a late redelivery).
 */
export async function markMailDead(db: Db, mail: NewMail, error?: string): Promise<string | null> {
  const rows = await db
    .insert(mailLog)
    .values({ ...mail, state: 'dead', lastError: error ?? null })
    .onConflictDoUpdate({
      target: [mailLog.eventKey, mailLog.recipientHash],
      set: { state: 'dead', ...(error ? { lastError: error } : {}) },
      setWhere: ne(mailLog.state, 'sent'),
    })
    .returning({ kind: mailLog.kind })
  return rows[0]?.kind ?? null
}

/** Dead mails, newest first, for the back office (keyset by MailID). */
export async function pageDeadMails(db: Db, afterId: number | null, take: number) {
  return db
    .select({
      MailID: mailLog.MailID,
      kind: mailLog.kind,
      subject: mailLog.subject,
      recipientHint: mailLog.recipientHint,
      attempts: mailLog.attempts,
      lastError: mailLog.lastError,
      createdAt: mailLog.createdAt,
    })
    .from(mailLog)
    .where(and(eq(mailLog.state, 'dead'), afterId !== null ? lt(mailLog.MailID, afterId) : undefined))
    .orderBy(desc(mailLog.MailID))
    .limit(take)
}

export async function countDeadMails(db: Db): Promise<ListTotal> {
  // At most 1,001 counted (decision 295): an operator's badge reads '1,000+' past that.
  return readCapped(await cappedQuery(db, db.select({ one: sql`1` }).from(mailLog).where(eq(mailLog.state, 'dead'))))
}

/** What an unsent mail's subject becomes when it may name an erased account. */
export const ERASED_SUBJECT = 'Subject removed: it named an erased account'

/**
 * An erasure's part in the log: the mails not sent (queued or dead, the only ones that keep a
 * subject and an address) lose every subject holding the person's name, whole (a name can be an
 * ordinary word, so it is not cut out of the text), and their own address hint. Read through the
 * state index, so it costs the unsent mails, not the whole log.
 */
export function scrubMailLogOf(db: Db, name: string, emailHash: string) {
  const named = name.trim() === '' ? sql`0` : sql`instr(${mailLog.subject}, ${name}) > 0`
  return db
    .update(mailLog)
    .set({
      subject: sql`CASE WHEN ${named} THEN ${ERASED_SUBJECT} ELSE ${mailLog.subject} END`,
      recipientHint: sql`CASE WHEN ${mailLog.recipientHash} = ${emailHash} THEN '' ELSE ${mailLog.recipientHint} END`,
    })
    .where(and(inArray(mailLog.state, ['queued', 'dead']), or(named, eq(mailLog.recipientHash, emailHash))))
}
