// The mail queue's consumers. Each message is sent once: a message whose mail is already claimed
// (a redelivery of a sent mail, a second raise of the same event) is acknowledged without sending. A failure is retried with growing delays;
// after the last retry the queue moves it to the dead-letter queue, whose consumer marks it dead.

import { makeDb } from '../db/client'
import { claimMails, type Delivery, type MailClaim, markMailDead, recordDeliveries } from '../db/mail-log'
import { isKind, reachesSuspended } from '../domain/notifications'
import type { Bindings } from '../env'
import type { Mailer } from '../mail/mailer'
import type { QueuedMail } from '../types'
import { alertOpsOfDeadMail } from './operator-mail'

/** Seconds before try `attempts + 1`: 30 s, 2 min, 8 min, 32 min, about 2 h, then 6 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 4 ** Math.max(0, attempts - 1), 6 * 60 * 60)
}

/** The claim of a queued mail: a notification names its account, and whether a suspension holds it. */
function claimOf(mail: QueuedMail, attempts: number): MailClaim {
  const heldIfSuspended = !(isKind(mail.log.kind) && reachesSuspended(mail.log.kind))
  return { ...mail.log, attempts, account: mail.account ? { ...mail.account, heldIfSuspended } : null }
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300)

/**
 * Sends a batch: one statement claims the batch's mails (db/mail-log.ts: each event mails each
 * person once), the sends run side by side, one batch of writes records the outcome. Two D1 calls
 * per batch rather than a few per mail: the consumer shares the database with the requests that
 * raise the mails, so its statements are what notifications cost them.
 */
export async function deliverMail(batch: MessageBatch<QueuedMail>, env: Bindings, mailer: Mailer): Promise<void> {
  const db = makeDb(env.DB)
  const claimed = await claimMails(
    db,
    batch.messages.map((msg) => claimOf(msg.body, msg.attempts)),
  )
  const mailIdOf = new Map(claimed.map((row) => [`${row.eventKey} ${row.recipientHash}`, row.MailID]))
  const due: Array<{ msg: Message<QueuedMail>; mailId: number }> = []
  for (const msg of batch.messages) {
    const key = `${msg.body.log.eventKey} ${msg.body.log.recipientHash}`
    const mailId = mailIdOf.get(key)
    // Sent already, this event's mail to this person is another message's (a duplicate raise), or
    // its account was suspended since (decision 136).
    if (mailId === undefined) msg.ack()
    else {
      mailIdOf.delete(key)
      due.push({ msg, mailId })
    }
  }
  const outcomes = await Promise.allSettled(due.map(({ msg }) => mailer.send(msg.body.message, env.MAIL_FROM)))
  const deliveries = due.map(({ msg, mailId }, i): Delivery => {
    const outcome = outcomes[i]
    const error = outcome?.status === 'rejected' ? errorText(outcome.reason) : null
    if (error === null) msg.ack()
    else msg.retry({ delaySeconds: retryDelaySeconds(msg.attempts) })
    return { mailId, attempts: msg.attempts, error }
  })
  // Acknowledged before the outcome is written: if the write fails, a sent mail stays 'queued' in
  // the log rather than going out twice.
  await recordDeliveries(db, deliveries, new Date().toISOString()).catch((err) => console.error('Mail outcomes were not recorded', err))
}

/**
 * The dead-letter queue's consumer: what never went out becomes visible in the back office, and
 * the operators hear of it (at most once an hour). The message itself is dropped here: it holds
 * an address and perhaps a live link, and the back office does not resend (docs/decisions/135).
 */
export async function recordDeadMail(batch: MessageBatch<QueuedMail>, env: Bindings, now = new Date()): Promise<void> {
  const db = makeDb(env.DB)
  const died: string[] = []
  for (const msg of batch.messages) {
    const kind = await markMailDead(db, msg.body.log)
    if (kind !== null) died.push(kind)
    msg.ack()
  }
  await alertOpsOfDeadMail(env, died, now)
}
