// What a mail is once rendered, and what the mail queue carries. The queue holds the rendered
// message and its log entry, so raising a mail writes nothing to the database and the consumer
// reads nothing to send it; mail_log keeps only metadata.

export type MailContent = { subject: string; text: string; html: string }

export type MailMessage = MailContent & {
  to: string
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on mails a person may turn off. */
  headers?: Record<string, string>
}

export type QueuedMail = {
  /** The mail_log entry the consumer claims (db/mail-log.ts): event key, hashed recipient, kind. */
  log: { eventKey: string; recipientHash: string; recipientHint: string; kind: string; subject: string }
  message: MailMessage
  /** The account a notification mail is for: the consumer does not send it once that account is suspended. */
  account?: { role: 'vendor' | 'marketer'; accountId: number }
}
