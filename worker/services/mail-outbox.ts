// Raising a mail: handed to the mail queue, which sends it once per (event, recipient). Nothing here
// may fail or slow the request that raised it: callers run it in waitUntil, and a queue that is
// down leaves the mail marked dead for the back office instead of throwing.

import type { NotificationKind } from '../contract/notifications'
import { makeDb } from '../db/client'
import { markMailDead } from '../db/mail-log'
import { maskEmail, sha256Hex } from '../domain/secrets'
import type { Bindings } from '../env'
import type { MailContent, QueuedMail } from '../types'

/** The notification kinds (contract/notifications.ts) and the mails that are not notifications. */
export type MailKind =
  | 'password-reset'
  // The link that verifies a new account's address (services/email-verification.ts).
  | 'email-verification'
  | NotificationKind
  // To a buyer who gave an email on the buy form.
  | 'buyer-request-sent'
  // To the operators (OPS_EMAIL).
  | 'ops-data-request'
  | 'ops-dead-letter'

export type OutgoingMail = {
  /** Names the event, e.g. 'reset:42': the same event never mails the same person twice. */
  eventKey: string
  kind: MailKind
  to: string
  content: MailContent
  headers?: Record<string, string>
  /** The account a notification is for (services/notifications.ts), not given for buyers and operators. */
  account?: QueuedMail['account']
}

/** Cloudflare Queues takes at most 100 messages and 256 KB in one sendBatch; a margin for its framing. */
const BATCH_MESSAGES = 100
const BATCH_BYTES = 240_000

/** The mails a run of work raised, split into sendBatch calls that stay within the queue's limits. */
export function batchesOf(mails: QueuedMail[]): QueuedMail[][] {
  const batches: QueuedMail[][] = []
  let bytes = 0
  for (const mail of mails) {
    const size = new TextEncoder().encode(JSON.stringify(mail)).byteLength
    const last = batches.at(-1)
    if (last && last.length < BATCH_MESSAGES && bytes + size <= BATCH_BYTES) {
      last.push(mail)
      bytes += size
    } else {
      batches.push([mail])
      bytes = size
    }
  }
  return batches
}

/**
 * Holds the mails one run of work raises and hands them to the queue together: a new lead mails
 * the vendor and the buyer in one queue call, not two, so the work after a request spends less
 * time on the queue (docs/performance.md). Nothing is written here, so raising a mail costs the
 * database nothing; the consumer logs it (once per event and recipient: a second raise is not sent).
 */
export class MailOutbox {
  readonly #held: QueuedMail[] = []

  constructor(private readonly env: Bindings) {}

  async add(mail: OutgoingMail): Promise<void> {
    const log = {
      eventKey: mail.eventKey,
      recipientHash: await sha256Hex(mail.to.toLowerCase()),
      recipientHint: maskEmail(mail.to),
      kind: mail.kind,
      subject: mail.content.subject,
    }
    this.#held.push({ log, message: { to: mail.to, ...mail.content, headers: mail.headers }, account: mail.account })
  }

  /** Sends what is held; a batch the queue refuses is marked dead for the back office, never thrown. */
  async flush(): Promise<void> {
    const held = this.#held.splice(0)
    await Promise.all(
      batchesOf(held).map(async (batch) => {
        try {
          await this.env.MAIL_QUEUE.sendBatch(batch.map((body) => ({ body })))
        } catch (err) {
          console.error('Mail queue refused a batch', batch.length, err)
          const db = makeDb(this.env.DB)
          for (const mail of batch) await markMailDead(db, mail.log, 'The mail queue refused the message')
        }
      }),
    )
  }
}

/**
 * Runs `work` with an outbox and sends what it raised when the work ends, also when it throws: a
 * notice whose bell entry was written must not lose its mail (a second raise would not mail it).
 */
export async function withMailOutbox<T>(env: Bindings, work: (outbox: MailOutbox) => Promise<T>): Promise<T> {
  const outbox = new MailOutbox(env)
  try {
    return await work(outbox)
  } finally {
    await outbox.flush()
  }
}

/** One mail on its own (a reset link, a verification link, an operator's alert). */
export async function enqueueMail(env: Bindings, mail: OutgoingMail): Promise<void> {
  await withMailOutbox(env, (outbox) => outbox.add(mail))
}
