// Raising a mail: recorded once per (event, recipient), then handed to the mail queue. Nothing here
// may fail or slow the request that raised it: callers run it in waitUntil, and a queue that is
// down leaves the mail marked dead for the back office instead of throwing.

import type { NotificationKind } from '../contract/notifications'
import { makeDb } from '../db/client'
import { insertMailOnce, markMailDead } from '../db/mail-log'
import { maskEmail, sha256Hex } from '../domain/secrets'
import type { Bindings } from '../env'
import type { MailContent } from '../mail/message'

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
}

/** True when the mail was queued now, false when this event had already mailed this person. */
export async function enqueueMail(env: Bindings, mail: OutgoingMail): Promise<boolean> {
  const db = makeDb(env.DB)
  const mailId = await insertMailOnce(db, {
    eventKey: mail.eventKey,
    recipientHash: await sha256Hex(mail.to.toLowerCase()),
    recipientHint: maskEmail(mail.to),
    kind: mail.kind,
    subject: mail.content.subject,
  })
  if (mailId === null) return false
  try {
    await env.MAIL_QUEUE.send({ mailId, message: { to: mail.to, ...mail.content, headers: mail.headers } })
  } catch (err) {
    console.error('Mail queue refused a message', mail.kind, err)
    await markMailDead(db, mailId, 'The mail queue refused the message')
  }
  return true
}
