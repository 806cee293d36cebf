// The mails' words: plain text plus simple HTML that reads well on a phone. No tracking pixels,
// no remote images; dates in India's time.

import type { MailContent } from '../mail/message'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** '26 Nov 2026, 10:45 pm IST' */
export function indiaTime(iso: string): string {
  const text = new Date(iso).toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  })
  return `${text} IST`
}

type Block = { text: string } | { link: string; label: string }

/** One mail from paragraphs and at most a few buttons, in both forms. */
function compose(subject: string, greeting: string, blocks: Block[]): MailContent {
  const text = [greeting, ...blocks.map((b) => ('link' in b ? `${b.label}: ${b.link}` : b.text)), '— Collabkart'].join('\n\n')
  const body = blocks
    .map((b) =>
      'link' in b
        ? `<p><a href="${escapeHtml(b.link)}" style="display:inline-block;background:#4338ca;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(b.label)}</a></p><p style="font-size:13px;color:#64748b;word-break:break-all">${escapeHtml(b.link)}</p>`
        : `<p>${escapeHtml(b.text)}</p>`,
    )
    .join('')
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head><body style="margin:0;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a"><div style="max-width:560px;margin:0 auto;padding:24px 16px"><p style="font-size:18px;font-weight:700;color:#4338ca">Collabkart</p><p>${escapeHtml(greeting)}</p>${body}<p style="font-size:13px;color:#64748b">— Collabkart</p></div></body></html>`
  return { subject, text, html }
}

export function resetPasswordMail(name: string, link: string, minutes: number): MailContent {
  return compose('Reset your Collabkart password', `Hi ${name},`, [
    { text: `Someone asked to reset the password of your Collabkart account. The link below works once, for ${minutes} minutes.` },
    { link, label: 'Choose a new password' },
    { text: 'If it was not you, ignore this mail: your password stays as it is.' },
  ])
}

export function passwordChangedMail(name: string, whenIso: string, forgotLink: string): MailContent {
  return compose('Your Collabkart password was changed', `Hi ${name},`, [
    { text: `The password of your Collabkart account was changed on ${indiaTime(whenIso)}. Every device that was signed in has been signed out.` },
    { text: 'If you did not do this, set a new password now and write to support@collabkart.in.' },
    { link: forgotLink, label: 'Reset my password' },
  ])
}
