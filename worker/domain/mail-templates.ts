// The mails' words: plain text plus simple HTML that reads well on a phone. No tracking pixels,
// no remote images; dates in India's time.

import { DATA_REQUEST_WORKING_DAYS, SUPPORT_EMAIL } from '../contract/admin'
import { INDIA_TIME_ZONE } from '../contract/india-date'
import { rupees } from '../html/heads'
import type { MailContent } from '../types'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

// Built once: toLocaleString with options builds a new formatter on every call (about 60 µs each).
const indiaTimeFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
})
const indiaDateFormat = new Intl.DateTimeFormat('en-IN', { timeZone: INDIA_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' })

/** '26 Nov 2026, 10:45 pm IST' */
export function indiaTime(iso: string): string {
  return `${indiaTimeFormat.format(new Date(iso))} IST`
}

/** '27 Nov 2026' for a YYYY-MM-DD day as India's calendar names it. */
export function indiaDate(day: string): string {
  return indiaDateFormat.format(new Date(`${day}T12:00:00+05:30`))
}

type Block = { text: string } | { link: string; label: string }

/** One mail from paragraphs and at most a few buttons, in both forms; `footer` goes last, small. */
function compose(subject: string, greeting: string, blocks: Block[], footer: Block[] = []): MailContent {
  const text = [
    greeting,
    ...blocks.map((b) => ('link' in b ? `${b.label}: ${b.link}` : b.text)),
    '— Collabkart',
    ...footer.map((b) => ('link' in b ? `${b.label}: ${b.link}` : b.text)),
  ].join('\n\n')
  const small = footer
    .map((b) =>
      'link' in b
        ? `<p style="font-size:12px;color:#64748b">${escapeHtml(b.label)}: <a href="${escapeHtml(b.link)}" style="color:#4338ca">${escapeHtml(b.link)}</a></p>`
        : `<p style="font-size:12px;color:#64748b">${escapeHtml(b.text)}</p>`,
    )
    .join('')
  const body = blocks
    .map((b) =>
      'link' in b
        ? `<p><a href="${escapeHtml(b.link)}" style="display:inline-block;background:#4338ca;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(b.label)}</a></p><p style="font-size:13px;color:#64748b;word-break:break-all">${escapeHtml(b.link)}</p>`
        : `<p>${escapeHtml(b.text)}</p>`,
    )
    .join('')
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head><body style="margin:0;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a"><div style="max-width:560px;margin:0 auto;padding:24px 16px"><p style="font-size:18px;font-weight:700;color:#4338ca">Collabkart</p><p>${escapeHtml(greeting)}</p>${body}<p style="font-size:13px;color:#64748b">— Collabkart</p>${small}</div></body></html>`
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
    { text: `If you did not do this, set a new password now and write to ${SUPPORT_EMAIL}.` },
    { link: forgotLink, label: 'Reset my password' },
  ])
}

// ---- Notifications ------------------------------------------------------------------
// A notice is what the bell shows; its mail says the same words, with the details (`lines`) and a
// button to the place in the app. Influencers' notices never carry a buyer's phone or email: no
// builder below is given them.

export type Notice = {
  title: string
  body: string
  /** An app path ('/vendor?tab=leads'), or null. */
  link: string | null
  /** Details for the mail only, one per line. */
  lines?: string[]
}

export type NoticeMailContext = {
  name: string
  /** PUBLIC_ORIGIN, for the button; null leaves the button out. */
  origin: string | null
  /** The page that turns this kind off, for kinds that may be turned off. */
  unsubscribeLink: string | null
}

export function noticeMail(notice: Notice, ctx: NoticeMailContext): MailContent {
  const blocks: Block[] = [{ text: notice.body }, ...(notice.lines ?? []).map((text) => ({ text }))]
  if (ctx.origin && notice.link) blocks.push({ link: `${ctx.origin}${notice.link}`, label: 'Open Collabkart' })
  const footer: Block[] = ctx.unsubscribeLink
    ? [{ link: ctx.unsubscribeLink, label: 'Stop these emails' }, { text: 'Change every notification from your profile.' }]
    : []
  return compose(notice.title, `Hi ${ctx.name},`, blocks, footer)
}

/** Opens the vendor's Leads on this one lead (the tab's `lead` filter). */
export function leadNewNotice(f: { LeadID: number; ProductName: string; MarketerName: string }): Notice {
  return {
    title: `New lead for ${f.ProductName}`,
    body: `A buyer asked about ${f.ProductName} through ${f.MarketerName}'s link. Their details are in your dashboard's Leads: a lead answered within the hour converts far better.`,
    link: `/vendor?tab=leads&lead=${f.LeadID}`,
  }
}

export function leadDigestNotice(f: {
  day: string
  count: number
  more: boolean
  leads: Array<{ ProductName: string; MarketerName: string; createdAt: string }>
}): Notice {
  const n = `${f.count}${f.more ? '+' : ''}`
  return {
    title: `${n} new ${f.count === 1 && !f.more ? 'lead' : 'leads'} since your last digest`,
    body: `Your daily digest for ${indiaDate(f.day)}: ${n} new ${f.count === 1 && !f.more ? 'lead' : 'leads'}. Their details are in your dashboard's Leads.`,
    link: '/vendor?tab=leads',
    lines: [
      ...f.leads.map((l) => `• ${l.ProductName}, through ${l.MarketerName} (${indiaTime(l.createdAt)})`),
      ...(f.count > f.leads.length || f.more ? ['…and more in your dashboard.'] : []),
    ],
  }
}

export function leadConvertedNotice(f: { ProductName: string; VendorName: string; commissionPaise: number; clearsAt: string | null }): Notice {
  return {
    title: `Your lead for ${f.ProductName} converted: ${rupees(f.commissionPaise)}`,
    body: `${f.VendorName} marked a lead of yours for ${f.ProductName} as converted. Your commission is ${rupees(f.commissionPaise)}.`,
    link: '/marketer?tab=earnings',
    lines: f.clearsAt ? [`It becomes payable after the vendor's holding period, on ${indiaTime(f.clearsAt)}.`] : [],
  }
}

export function commissionPayableNotice(f: { entries: Array<{ ProductName: string; AmountPaise: number; VendorName: string }> }): Notice {
  const total = f.entries.reduce((sum, e) => sum + e.AmountPaise, 0)
  const one = f.entries.length === 1 ? f.entries[0] : null
  return {
    title: `${rupees(total)} of commission became payable`,
    body: one
      ? `Your commission of ${rupees(one.AmountPaise)} for ${one.ProductName} from ${one.VendorName} is past its holding period and can now be paid.`
      : `${f.entries.length} commissions totalling ${rupees(total)} are past their holding period and can now be paid.`,
    link: '/marketer?tab=earnings',
    lines: one ? [] : f.entries.slice(0, 10).map((e) => `• ${rupees(e.AmountPaise)} for ${e.ProductName} from ${e.VendorName}`),
  }
}

export function payoutRecordedNotice(f: {
  VendorName: string
  GrossPaise: number
  TdsPaise: number
  NetPaise: number
  UTR: string
  Method: string
  PaidOn: string
}): Notice {
  return {
    title: `Payout recorded: ${rupees(f.NetPaise)} from ${f.VendorName}`,
    body: `${f.VendorName} recorded a payout of ${rupees(f.NetPaise)} to you by ${f.Method} on ${indiaDate(f.PaidOn)} (UTR ${f.UTR}).`,
    link: '/marketer?tab=earnings',
    lines: [
      `Gross: ${rupees(f.GrossPaise)}`,
      `TDS: ${rupees(f.TdsPaise)}`,
      `Net paid: ${rupees(f.NetPaise)}`,
      `UTR: ${f.UTR}`,
      `Method: ${f.Method}`,
      `Date: ${indiaDate(f.PaidOn)}`,
    ],
  }
}

export function ownPayoutDetailsNotice(f: { at: string; masked: string }): Notice {
  return {
    title: 'Your payout details were changed',
    body: `The payout details of your Collabkart account were changed on ${indiaTime(f.at)} (now: ${f.masked}). Vendors you work with have been told to check them before paying.`,
    link: '/marketer?tab=earnings',
    lines: [`If you did not do this, write to ${SUPPORT_EMAIL} at once and change your password.`],
  }
}

export function marketerPayoutDetailsNotice(f: { MarketerName: string; at: string; masked: string }): Notice {
  return {
    title: `${f.MarketerName} changed their payout details`,
    body: `${f.MarketerName}, whom you owe commission, changed their payout details on ${indiaTime(f.at)} (now: ${f.masked}). Check them in Payouts before you send the next payment, so it does not go to an old account.`,
    link: '/vendor?tab=payouts',
  }
}

/**
 * Where the notices above put another account's name: the text just before and after it. Erasing
 * that account replaces the name only in these spots (db/notifications.ts, docs/decisions/137), so a
 * name that is also an ordinary word ('A', 'Leads') leaves the rest of the text alone. A test
 * renders every naming notice and checks that these spots hold each place the name appears.
 */
export const NAME_SPOTS: ReadonlyArray<readonly [before: string, after: string]> = [
  ['through ', "'s link"],
  ['', ' marked a lead of yours'],
  ['', ' recorded a payout of'],
  ['', ' changed their payout details'],
  ['', ', whom you owe'],
  ['from ', ''],
]

/** The name replaced in its spots: what the erasure's SQL does to each entry, as a plain function. */
export const replaceNameInSpots = (text: string, name: string, neutral: string) =>
  NAME_SPOTS.reduce((t, [before, after]) => t.replaceAll(`${before}${name}${after}`, `${before}${neutral}${after}`), text)

/** `revokedKeys`: the API keys a reset revoked (decision 257), named so the vendor knows which to replace. */
export function passwordChangedNotice(f: { at: string; revokedKeys?: string[] }): Notice {
  const keys = f.revokedKeys ?? []
  const revoked =
    keys.length === 0
      ? ''
      : ` To be safe, your ${keys.length === 1 ? 'API key was' : `${keys.length} API keys were`} revoked: create new ones under Profile > API keys.`
  return {
    title: 'Your Collabkart password was changed',
    body: `The password of your Collabkart account was changed on ${indiaTime(f.at)}. Every device that was signed in has been signed out.${revoked}`,
    link: keys.length === 0 ? null : '/vendor?tab=profile',
    lines: [...keys.map((k) => `Revoked API key: ${k}`), `If you did not do this, set a new password now and write to ${SUPPORT_EMAIL}.`],
  }
}

export function emailVerifiedNotice(f: { at: string }): Notice {
  return {
    title: 'Your email address is verified',
    body: `Your Collabkart email address was verified on ${indiaTime(f.at)}. Mails about your account will come here.`,
    link: null,
  }
}

// ---- Buyers and operators ------------------------------------------------------------

export type BuyerRequestFacts = {
  buyerName: string
  productName: string
  pricePaise: number
  vendorName: string
  /** When the buyer pressed Buy Now (ISO). */
  at: string
  /** The consent notice exactly as the buy form showed it. */
  notice: string
  privacyEmail: string
  /** The last digits of the phone they gave, so an erasure request can name it without us mailing it in full. */
  phoneEnding: string
}

/** To a buyer who gave an email: their request reached the vendor, what they agreed to, how to undo it. */
export function buyerRequestSentMail(f: BuyerRequestFacts): MailContent {
  return compose(`Your request for ${f.productName} went to ${f.vendorName}`, `Hi ${f.buyerName},`, [
    { text: `Your request for ${f.productName} (${rupees(f.pricePaise)}) reached ${f.vendorName} on ${indiaTime(f.at)}. They will contact you about it.` },
    { text: `What you agreed to on the form: "${f.notice}"` },
    {
      text: `To have your details erased, write to ${f.privacyEmail} with the phone number you gave (ending ${f.phoneEnding}). We answer within ${DATA_REQUEST_WORKING_DAYS} working days.`,
    },
    { text: 'If you did not fill in this form, write to the same address and we will erase the details.' },
  ])
}

export type DataRequestFacts = { id: number; kindLabel: string; about: string; receivedOn: string; dueOn: string; loggedBy: string; link: string | null }

/** To the operators: a data request is on the log, with the date the law's clock runs out. */
export function dataRequestLoggedMail(f: DataRequestFacts): MailContent {
  return compose(`Data request #${f.id}: ${f.kindLabel}, due ${indiaDate(f.dueOn)}`, 'Hello,', [
    {
      text: `${f.loggedBy} logged data request #${f.id}: ${f.kindLabel}, about ${f.about}. It came in on ${indiaDate(f.receivedOn)} and must be answered by ${indiaDate(f.dueOn)}.`,
    },
    f.link ? { link: f.link, label: 'Open the data requests' } : { text: 'It is on the Data requests screen of the back office.' },
  ])
}

/** To the operators, at most once an hour: mails that never went out are waiting in the back office. */
export function deadLetterAlertMail(dead: number, link: string | null): MailContent {
  const what = dead === 1 ? '1 mail' : `${dead} mails`
  return compose(`Collabkart: ${what} could not be sent`, 'Hello,', [
    { text: `${what} used up every retry and landed in the dead-letter queue. The back office lists them with the error each one got.` },
    { text: 'This alert is sent at most once an hour, however many mails fail in it.' },
    link ? { link, label: 'Open the dead mail' } : { text: 'They are on the Mail screen of the back office.' },
  ])
}

/** To the operators, at most once an hour: events whose followers failed every try wait to be replayed. */
export function deadEventsAlertMail(dead: number, link: string | null): MailContent {
  const what = dead === 1 ? '1 event' : `${dead} events`
  return compose(`Collabkart: ${what} could not be followed`, 'Hello,', [
    {
      text: `${what} used up every retry: the bell entries, mails or webhook deliveries they should have caused are missing. The back office lists them; replaying one does only what is missing.`,
    },
    { text: 'This alert is sent at most once an hour, however many events fail in it.' },
    link ? { link, label: 'Open the dead letters' } : { text: 'They are on the Mail screen of the back office.' },
  ])
}

/** An endpoint failed too often in a row and was turned off. */
export function webhookDisabledNotice(f: { url: string; failures: number; at: string }): Notice {
  return {
    title: 'A webhook endpoint was disabled',
    body: `Your webhook endpoint ${f.url} failed ${f.failures} times in a row, so Collabkart stopped sending events to it on ${indiaTime(f.at)}.`,
    link: '/vendor?tab=profile',
    lines: [
      'Check that the address answers with a 2xx status within 15 seconds, then enable the endpoint again under Profile > Webhooks. Deliveries that failed can be sent again with Resend.',
    ],
  }
}

export function verifyEmailMail(name: string, link: string, hours: number): MailContent {
  return compose('Verify your Collabkart email address', `Hi ${name},`, [
    { text: `Please confirm that this is your email address. The link below works once, for ${hours} hours.` },
    { link, label: 'Verify my email address' },
    { text: 'Until then you can use Collabkart as usual; saving payout details and recording payouts wait for a verified address.' },
    { text: 'If you did not create a Collabkart account, ignore this mail.' },
  ])
}

// ---- Campaigns -----------------------------------------------------------------------

// The SPA's campaign screens (web/src/pages/*-dashboard): the creator's own campaigns, the open list,
// and one campaign of the vendor's (its inbox, or its deliverables to review).
const MARKETER_CAMPAIGNS = '/marketer?tab=campaigns&view=mine'
const OPEN_CAMPAIGNS = '/marketer?tab=campaigns'
const VENDOR_CAMPAIGNS = '/vendor?tab=campaigns'
const vendorCampaign = (id: number, view?: 'deliverables') => `${VENDOR_CAMPAIGNS}&campaign=${id}${view ? `&view=${view}` : ''}`

export function campaignInvitedNotice(f: { Title: string; VendorName: string; EndsOn: string }): Notice {
  return {
    title: `${f.VendorName} invited you to '${f.Title}'`,
    body: `${f.VendorName} would like you in their campaign '${f.Title}'. Read the brief and accept or decline the invitation under Campaigns.`,
    link: MARKETER_CAMPAIGNS,
    lines: [`The campaign runs until ${indiaDate(f.EndsOn)}.`],
  }
}

export function campaignAnsweredNotice(f: { Title: string; VendorName: string; accepted: boolean }): Notice {
  return f.accepted
    ? {
        title: `You are in '${f.Title}'`,
        body: `${f.VendorName} accepted your application to '${f.Title}'. Your campaign links and deliverables are under Campaigns.`,
        link: MARKETER_CAMPAIGNS,
      }
    : {
        title: `'${f.Title}' went to other creators`,
        body: `${f.VendorName} declined your application to '${f.Title}' this time. Other campaigns open to you are under Campaigns.`,
        link: OPEN_CAMPAIGNS,
      }
}

export function deliverableSubmittedNotice(f: { CampaignID: number; Title: string; MarketerName: string; Item: string }): Notice {
  return {
    title: `${f.MarketerName} submitted a ${f.Item} for '${f.Title}'`,
    body: `${f.MarketerName} submitted their ${f.Item} for '${f.Title}'. Approve it or ask for changes under Campaigns.`,
    link: vendorCampaign(f.CampaignID, 'deliverables'),
  }
}

export function deliverableReviewedNotice(f: {
  Title: string
  VendorName: string
  Item: string
  approved: boolean
  Note: string | null
  feePaise: number | null
}): Notice {
  if (f.approved) {
    return {
      title: `Your ${f.Item} for '${f.Title}' was approved`,
      body: `${f.VendorName} approved your ${f.Item} for '${f.Title}'.${f.feePaise ? ` Your fee of ${rupees(f.feePaise)} is in your earnings.` : ''}`,
      link: f.feePaise ? '/marketer?tab=earnings' : MARKETER_CAMPAIGNS,
    }
  }
  return {
    title: `Changes asked for your ${f.Item} for '${f.Title}'`,
    body: `${f.VendorName} asked for changes to your ${f.Item} for '${f.Title}'. Update the post and submit it again under Campaigns.`,
    link: MARKETER_CAMPAIGNS,
    lines: f.Note ? [`Their note: ${f.Note}`] : [],
  }
}

export function deliverableDueNotice(f: { Title: string; EndsOn: string; open: number }): Notice {
  return {
    title: `'${f.Title}' ends on ${indiaDate(f.EndsOn)}`,
    body: `${f.open === 1 ? 'One deliverable' : `${f.open} deliverables`} of yours for '${f.Title}' ${f.open === 1 ? 'is' : 'are'} not approved yet. Submit ${f.open === 1 ? 'it' : 'them'} before the campaign ends on ${indiaDate(f.EndsOn)}.`,
    link: MARKETER_CAMPAIGNS,
  }
}

export function applicationsWaitingNotice(f: { count: number; titles: string[]; campaignIds: number[] }): Notice {
  return {
    title: `${f.count === 1 ? 'An application waits' : `${f.count} applications wait`} for your answer`,
    body: `Creators applied to your campaigns more than 2 days ago and are still waiting. Accept or decline them under Campaigns.`,
    link: f.campaignIds.length === 1 ? vendorCampaign(f.campaignIds[0]) : VENDOR_CAMPAIGNS,
    lines: f.titles.slice(0, 5).map((t) => `• ${t}`),
  }
}
