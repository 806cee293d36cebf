// The mail log: one row per (event, recipient), which is what makes a mail go out at most once.

import { and, desc, eq, lt, ne, sql } from 'drizzle-orm'
import type { Db } from './client'
import { mailLog } from './schema'

export type NewMail = { eventKey: string; recipientHash: string; recipientHint: string; kind: string; subject: string }

/** The new row's id, or null when this event already mailed this person. */
export async function insertMailOnce(db: Db, mail: NewMail): Promise<number | null> {
  const rows = await db.insert(mailLog).values(mail).onConflictDoNothing().returning({ MailID: mailLog.MailID })
  return rows[0]?.MailID ?? null
}

export async function mailStateOf(db: Db, mailId: number) {
  const row = await db.query.mailLog.findFirst({ columns: { state: true }, where: eq(mailLog.MailID, mailId) })
  return row?.state
}

export async function markMailSent(db: Db, mailId: number, attempts: number, now: string): Promise<void> {
  await db.update(mailLog).set({ state: 'sent', attempts, sentAt: now, lastError: null }).where(eq(mailLog.MailID, mailId))
}

export async function markMailFailed(db: Db, mailId: number, attempts: number, error: string): Promise<void> {
  await db
    .update(mailLog)
    .set({ attempts, lastError: error })
    .where(and(eq(mailLog.MailID, mailId), ne(mailLog.state, 'sent')))
}

/** The dead mail's kind, or null when it had been sent after all (a late redelivery) or is unknown. */
export async function markMailDead(db: Db, mailId: number, error?: string): Promise<string | null> {
  const rows = await db
    .update(mailLog)
    .set({ state: 'dead', ...(error ? { lastError: error } : {}) })
    .where(and(eq(mailLog.MailID, mailId), ne(mailLog.state, 'sent')))
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

export async function countDeadMails(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(mailLog).where(eq(mailLog.state, 'dead'))
  return row?.n ?? 0
}
