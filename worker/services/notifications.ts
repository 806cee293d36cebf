// Telling people what happened (decision 140): each marketplace event becomes a bell entry for every
// recipient (always, whatever their mail preferences) and a mail where the kind is always on or
// the person left it on. Both are recorded once per event, recipient and kind, so an event raised
// twice tells nobody twice. Runs in the events queue's consumer (services/events.ts): nothing here
// slows a request.

import { isAlwaysOn, type NotificationKind } from '../contract/notifications'
import { makeDb, type Db } from '../db/client'
import {
  addresseeOf,
  commissionWritten,
  findDigest,
  insertNotificationOnce,
  leadFacts,
  mailTurnedOff,
  type NamedAccount,
  payoutDetailsFacts,
  payoutFacts,
  type Recipient,
  vendorsOwing,
} from '../db/notifications'
import { campaignNoticeFacts } from '../db/campaigns'
import { configuredOrigin } from '../domain/affiliate'
import {
  campaignAnsweredNotice,
  campaignInvitedNotice,
  deliverableReviewedNotice,
  deliverableSubmittedNotice,
  emailVerifiedNotice,
  marketerPayoutDetailsNotice,
  leadConvertedNotice,
  leadNewNotice,
  type Notice,
  noticeMail,
  ownPayoutDetailsNotice,
  passwordChangedNotice,
  payoutRecordedNotice,
} from '../domain/mail-templates'
import { maskedPayoutDetails, reachesSuspended, unsubscribeToken } from '../domain/notifications'
import type { Bindings } from '../env'
import type { MailOutbox } from './mail-outbox'
import type { MarketplaceEvent } from '../types'

export type Telling = {
  to: Recipient
  kind: NotificationKind
  /** Names the event within the kind ('lead:42'). */
  eventKey: string
  notice: Notice
  /** False when the bell alone is told now (a vendor's lead that waits for the digest). */
  mail?: boolean
  /** False for a mail that sums up what the bell already shows (the digest). */
  bell?: boolean
  /** The other account the notice names, so erasing it can take the name out of the bell. */
  about?: NamedAccount
}

/** The unsubscribe addresses of an optional kind: RFC 8058's POST target and the page a person reads. */
async function unsubscribeLinks(env: Bindings, origin: string, t: Telling, version: number) {
  const token = encodeURIComponent(await unsubscribeToken(env.JWT_SECRET, { role: t.to.role, accountId: t.to.accountId, kind: t.kind }, version))
  return { post: `${origin}/api/notifications/unsubscribe?token=${token}`, page: `${origin}/unsubscribe?token=${token}` }
}

/**
 * Writes the bell entry, then mails it if the kind and the person's choice say so. An erased
 * account hears nothing; a suspended one only what reaches it (docs/decisions/136).
 */
export async function tell(env: Bindings, db: Db, mails: MailOutbox, t: Telling): Promise<void> {
  const optional = !isAlwaysOn(t.kind)
  // Every read comes before the bell entry: once it is written, a retried event is not mailed
  // again, so nothing that can fail may stand between the two.
  const [person, turnedOff] = await Promise.all([
    addresseeOf(db, t.to),
    optional && t.mail !== false ? mailTurnedOff(db, t.to, t.kind) : Promise.resolve(false),
  ])
  if (!person || person.erased || (person.suspended && !reachesSuspended(t.kind))) return
  if (t.bell !== false) {
    const fresh = await insertNotificationOnce(db, {
      ...t.to,
      ...t.about,
      kind: t.kind,
      eventKey: t.eventKey,
      title: t.notice.title,
      body: t.notice.body,
      link: t.notice.link,
    })
    // The bell entry records that this event told this person: raised again, it is not mailed again.
    if (!fresh) return
  }
  if (t.mail === false || turnedOff) return
  const origin = configuredOrigin(env.PUBLIC_ORIGIN)
  const links = optional && origin ? await unsubscribeLinks(env, origin, t, person.version) : null
  await mails.add({
    eventKey: `${t.kind}:${t.eventKey}:${t.to.role}:${t.to.accountId}`,
    kind: t.kind,
    to: person.email,
    account: t.to,
    content: noticeMail(t.notice, { name: person.name, origin, unsubscribeLink: links?.page ?? null }),
    headers: links ? { 'List-Unsubscribe': `<${links.post}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined,
  })
}

/** What each event tells, and to whom. */
async function tellingsOf(env: Bindings, db: Db, event: MarketplaceEvent): Promise<Telling[]> {
  switch (event.type) {
    case 'lead.created': {
      const facts = await leadFacts(db, event.leadId)
      if (!facts) return []
      // A vendor on the daily digest hears of the lead in the bell now and by mail at the digest hour.
      const digest = await findDigest(db, event.vendorId)
      return [
        {
          to: { role: 'vendor', accountId: event.vendorId },
          kind: 'lead-new',
          eventKey: `lead:${event.leadId}`,
          notice: leadNewNotice({ ...facts, LeadID: event.leadId }),
          mail: digest?.digestHour === null || digest === undefined,
          about: { aboutRole: 'marketer', aboutId: event.marketerId, aboutName: facts.MarketerName },
        },
      ]
    }
    case 'lead.status_changed': {
      if (event.to !== 'Converted') return []
      const [entry, facts] = await Promise.all([commissionWritten(db, event.leadId, event.at), leadFacts(db, event.leadId)])
      if (!entry || !facts) return []
      return [
        {
          to: { role: 'marketer', accountId: event.marketerId },
          kind: 'lead-converted',
          eventKey: `entry:${entry.EntryID}`,
          notice: leadConvertedNotice({
            ProductName: facts.ProductName,
            VendorName: facts.VendorName,
            commissionPaise: entry.AmountPaise,
            clearsAt: entry.clearsAt,
          }),
          about: { aboutRole: 'vendor', aboutId: event.vendorId, aboutName: facts.VendorName },
        },
      ]
    }
    case 'payout.recorded': {
      const payout = await payoutFacts(db, event.payoutId)
      if (!payout) return []
      return [
        {
          to: { role: 'marketer', accountId: payout.MarketerID },
          kind: 'payout-recorded',
          eventKey: `payout:${event.payoutId}`,
          notice: payoutRecordedNotice(payout),
          about: { aboutRole: 'vendor', aboutId: payout.VendorID, aboutName: payout.VendorName },
        },
      ]
    }
    case 'payout_details.changed': {
      const [facts, owing] = await Promise.all([payoutDetailsFacts(db, event.marketerId), vendorsOwing(db, event.marketerId)])
      if (!facts) return []
      const masked = maskedPayoutDetails(facts.Method ? { Method: facts.Method, UpiID: facts.UpiID, AccountNumber: facts.AccountNumber } : undefined)
      const eventKey = `details:${event.marketerId}:${event.at}`
      return [
        {
          to: { role: 'marketer', accountId: event.marketerId },
          kind: 'own-payout-details-changed',
          eventKey,
          notice: ownPayoutDetailsNotice({ at: event.at, masked }),
        },
        ...owing.map(
          (VendorID): Telling => ({
            to: { role: 'vendor', accountId: VendorID },
            kind: 'influencer-payout-details-changed',
            eventKey,
            notice: marketerPayoutDetailsNotice({ MarketerName: facts.MarketerName, at: event.at, masked }),
            about: { aboutRole: 'marketer', aboutId: event.marketerId, aboutName: facts.MarketerName },
          }),
        ),
      ]
    }
    case 'account.email_verified':
      return [
        { to: { role: event.role, accountId: event.accountId }, kind: 'email-verified', eventKey: `verified:${event.at}`, notice: emailVerifiedNotice(event) },
      ]
    case 'campaign.invited': {
      const facts = await campaignNoticeFacts(db, event.campaignId, event.marketerId)
      if (!facts) return []
      return [
        {
          to: { role: 'marketer', accountId: event.marketerId },
          kind: 'campaign-invited',
          eventKey: `invite:${event.campaignId}`,
          notice: campaignInvitedNotice(facts),
        },
      ]
    }
    // The vendor hears of applications in the daily 'waiting' nudge (services/notification-schedule.ts).
    case 'campaign.applied':
      return []
    case 'campaign.member_answered': {
      // An invitation answered by the creator shows in the vendor's inbox; only the vendor's answer is told.
      if (event.by !== 'vendor') return []
      const facts = await campaignNoticeFacts(db, event.campaignId, event.marketerId)
      if (!facts) return []
      return [
        {
          to: { role: 'marketer', accountId: event.marketerId },
          kind: 'campaign-answered',
          eventKey: `answer:${event.campaignId}`,
          notice: campaignAnsweredNotice({ ...facts, accepted: event.status === 'Accepted' }),
        },
      ]
    }
    case 'deliverable.submitted': {
      const facts = await campaignNoticeFacts(db, event.campaignId, event.marketerId, event.deliverableId)
      if (!facts) return []
      return [
        {
          to: { role: 'vendor', accountId: event.vendorId },
          kind: 'deliverable-submitted',
          eventKey: `submitted:${event.deliverableId}:${event.at}`,
          notice: deliverableSubmittedNotice(facts),
        },
      ]
    }
    case 'deliverable.reviewed': {
      const facts = await campaignNoticeFacts(db, event.campaignId, event.marketerId, event.deliverableId)
      if (!facts) return []
      const approved = event.outcome === 'Approved'
      return [
        {
          to: { role: 'marketer', accountId: event.marketerId },
          kind: 'deliverable-reviewed',
          eventKey: `reviewed:${event.deliverableId}:${event.at}`,
          notice: deliverableReviewedNotice({ ...facts, approved, feePaise: approved && facts.RewardType === 'Fee' ? facts.FeePaise : null }),
        },
      ]
    }
    case 'password.changed': {
      const notice = passwordChangedNotice(event)
      const origin = configuredOrigin(env.PUBLIC_ORIGIN)
      const forgot = origin ? [`Reset my password: ${origin}/forgot-password/${event.role === 'marketer' ? 'influencer' : 'vendor'}`] : []
      return [
        {
          to: { role: event.role, accountId: event.accountId },
          kind: 'password-changed',
          eventKey: `password:${event.tokenVersion}`,
          notice: { ...notice, lines: [...(notice.lines ?? []), ...forgot] },
        },
      ]
    }
    // Orders and their commissions reach vendors' systems by webhook; no mail tells of them yet.
    case 'order.created':
    case 'order.updated':
    case 'order.refunded':
    case 'commission.created':
    case 'commission.reversed':
    case 'commission.payable':
      return []
  }
}

/** The follower of every marketplace event (services/events.ts). */
export async function notifyPeople(env: Bindings, event: MarketplaceEvent, mails: MailOutbox): Promise<void> {
  const db = makeDb(env.DB)
  const tellings = await tellingsOf(env, db, event)
  await Promise.all(tellings.map((t) => tell(env, db, mails, t)))
}
