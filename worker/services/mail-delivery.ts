// The mail queue's consumers. Each message is sent once: a message whose mail is already marked
// sent (a redelivery) is acknowledged without sending. A failure is retried with growing delays;
// after the last retry the queue moves it to the dead-letter queue, whose consumer marks it dead.

import { makeDb } from '../db/client'
import { mailStateOf, markMailDead, markMailFailed, markMailSent } from '../db/mail-log'
import type { Bindings } from '../env'
import type { Mailer } from '../mail/mailer'
import type { QueuedMail } from '../mail/message'
import { alertOpsOfDeadMail } from './operator-mail'

/** Seconds before try `attempts + 1`: 30 s, 2 min, 8 min, 32 min, about 2 h, then 6 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 4 ** Math.max(0, attempts - 1), 6 * 60 * 60)
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300)

export async function deliverMail(batch: MessageBatch<QueuedMail>, env: Bindings, mailer: Mailer): Promise<void> {
  const db = makeDb(env.DB)
  for (const msg of batch.messages) {
    const { mailId, message } = msg.body
    if ((await mailStateOf(db, mailId)) === 'sent') {
      msg.ack()
      continue
    }
    try {
      await mailer.send(message, env.MAIL_FROM)
      await markMailSent(db, mailId, msg.attempts, new Date().toISOString())
      msg.ack()
    } catch (err) {
      await markMailFailed(db, mailId, msg.attempts, errorText(err))
      msg.retry({ delaySeconds: retryDelaySeconds(msg.attempts) })
    }
  }
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
    const kind = await markMailDead(db, msg.body.mailId)
    if (kind !== null) died.push(kind)
    msg.ack()
  }
  await alertOpsOfDeadMail(env, died, now)
}
