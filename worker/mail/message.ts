// What a mail is once rendered, and what the mail queue carries. The queue holds the rendered
// message so the consumer needs no database read to send it; mail_log keeps only metadata.

export type MailContent = { subject: string; text: string; html: string }

export type MailMessage = MailContent & {
  to: string
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on mails a person may turn off. */
  headers?: Record<string, string>
}

export type QueuedMail = { mailId: number; message: MailMessage }
