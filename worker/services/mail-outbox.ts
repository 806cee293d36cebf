// Raising a mail: handed to the mail queue, which sends it once per (event, recipient). Nothing here
// may fail or slow the request that raised it: callers run it in waitUntil, and a queue that is
// down leaves the mail marked dead for the back office instead of throwing.

import type { NotificationKind } from '../contract/notifications'
import { makeDb } from '../db/client'
import { markMailDead } from '../db/mail-log'
import { maskEmail, sha256Hex } from '../domain/secrets'
import type { Bindings } from '../env'
import type { MailContent, QueuedMail } from '../mail/message'

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

/**
 * Hands the mail to the queue; nothing is written here, so raising a mail costs the request's
 * database nothing. The consumer logs it (once per event and recipient: a second raise is not sent).
 */
export async function enqueueMail(env: Bindings, mail: OutgoingMail): Promise<void> {
  const log = {
    eventKey: mail.eventKey,
    recipientHash: await sha256Hex(mail.to.toLowerCase()),
    recipientHint: maskEmail(mail.to),
    kind: mail.kind,
    subject: mail.content.subject,
  }
  try {
    await env.MAIL_QUEUE.send({ log, message: { to: mail.to, ...mail.content, headers: mail.headers }, account: mail.account })
  } catch (err) {
    console.error('Mail queue refused a message', mail.kind, err)
    await markMailDead(makeDb(env.DB), log, 'The mail queue refused the message')
  }
}
