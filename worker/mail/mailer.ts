// The one module that touches the send_email binding. The message is built as MIME and sent as an
// EmailMessage: the local runtime then keeps the whole message (headers included) as an .eml file,
// which `npm run mail` and the browser tests read; the builder form keeps only the bodies.

import { EmailMessage } from 'cloudflare:email'
import { createMimeMessage } from 'mimetext/browser'
import type { MailMessage } from '../types'

export type Mailer = { send(message: MailMessage, from: string): Promise<void> }

/** The message as RFC 5322 text, with a Message-ID on the sender's domain. */
export function toMime(message: MailMessage, from: string): string {
  const mime = createMimeMessage()
  mime.setSender({ name: 'Collabkart', addr: from })
  mime.setRecipient(message.to)
  mime.setSubject(message.subject)
  mime.setHeader('Message-ID', `<${crypto.randomUUID()}@${from.split('@')[1] ?? 'collabkart.in'}>`)
  for (const [name, value] of Object.entries(message.headers ?? {})) mime.setHeader(name, value)
  // The bodies hold ₹ and dashes: base64 in lines of 76 keeps them intact through any relay.
  const encode = (text: string) => mime.toBase64(text).replace(/.{76}/g, '$&\r\n')
  mime.addMessage({ contentType: 'text/plain', data: encode(message.text), encoding: 'base64' })
  mime.addMessage({ contentType: 'text/html', data: encode(message.html), encoding: 'base64' })
  return mime.asRaw()
}

export const cloudflareMailer = (binding: SendEmail): Mailer => ({
  async send(message, from) {
    await binding.send(new EmailMessage(from, message.to, toMime(message, from)))
  },
})
