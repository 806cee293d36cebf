// The notifications the clock raises, from the scheduled handler every 5 minutes (decision 140): each
// vendor's daily lead digest at the hour they chose in India's time, and 'commission became
// payable' once per ledger entry. Each run does a bounded amount of work; what is left waits for
// the next run, 5 minutes later.

import { APPLICATION_WAITING_DAYS, DELIVERABLE_DUE_REMINDER_DAYS } from '../contract/campaigns'
import { campaignsEndingSoon, claimDueReminder, itemsNotApproved, takeWaitingApplications } from '../db/campaigns'
import { makeDb } from '../db/client'
import { claimDigest, clearedSince, countLeadsSince, coverDigest, dueDigests, leadsSince, markPayableTold, newestLeadId } from '../db/notifications'
import { daysBefore } from '../domain/campaigns'
import { applicationsWaitingNotice, commissionPayableNotice, deliverableDueNotice, leadDigestNotice } from '../domain/mail-templates'
import { indiaDay, indiaHour } from '../domain/notifications'
import type { Bindings } from '../env'
import { withMailOutbox } from './mail-outbox'
import { tell } from './notifications'

/** Vendors digested per run: 12 runs an hour mail 600 vendors within their hour. */
export const DIGESTS_PER_RUN = 50
/** Leads a digest lists by name; the count goes on to DIGEST_COUNT_CAP ('500+'). */
export const DIGEST_LISTED = 5
export const DIGEST_COUNT_CAP = 500
/** Ledger entries a run looks at for 'became payable'. */
export const PAYABLE_PER_RUN = 100

/** Sends the digests of the vendors whose hour it is in India at `now` and who had none today. */
export async function sendLeadDigests(env: Bindings, now: number): Promise<number> {
  return withMailOutbox(env, async (mails) => {
    const db = makeDb(env.DB)
    const hour = indiaHour(now)
    const day = indiaDay(now)
    let sent = 0
    for (const { VendorID } of await dueDigests(db, hour, day, DIGESTS_PER_RUN)) {
      const claimed = await claimDigest(db, VendorID, hour, day)
      if (!claimed) continue
      // The digest covers the leads up to the newest one now; later ones go into tomorrow's.
      const newest = await newestLeadId(db, VendorID)
      if (newest <= claimed.coveredLeadId) continue
      const [listed, count] = await Promise.all([
        leadsSince(db, VendorID, claimed.coveredLeadId, DIGEST_LISTED),
        countLeadsSince(db, VendorID, claimed.coveredLeadId, DIGEST_COUNT_CAP),
      ])
      await tell(env, db, mails, {
        to: { role: 'vendor', accountId: VendorID },
        kind: 'lead-new',
        eventKey: `digest:${day}`,
        bell: false,
        notice: leadDigestNotice({ day, count, more: count >= DIGEST_COUNT_CAP, leads: listed }),
      })
      await coverDigest(db, VendorID, newest)
      sent++
    }
    return sent
  })
}

/**
 * Tells influencers of the commissions that cleared their holding period since the last run: one
 * notice per influencer per run, listing them; each entry is marked told (payable_notices) so no
 * entry is told twice, even when two runs overlap.
 */
export async function tellPayableCommissions(env: Bindings, now: number): Promise<number> {
  return withMailOutbox(env, async (mails) => {
    const db = makeDb(env.DB)
    const nowIso = new Date(now).toISOString()
    const scanned = await clearedSince(db, nowIso, PAYABLE_PER_RUN)
    if (scanned.length === 0) return 0
    const open = scanned.filter((e) => e.open)
    const last = scanned[scanned.length - 1]
    const marked = await markPayableTold(db, open, { at: last.clearsAt, id: last.EntryID }, nowIso)
    const byMarketer = new Map<number, typeof open>()
    for (const entry of open.filter((e) => marked.has(e.EntryID))) {
      byMarketer.set(entry.MarketerID, [...(byMarketer.get(entry.MarketerID) ?? []), entry])
    }
    for (const [MarketerID, entries] of byMarketer) {
      await tell(env, db, mails, {
        to: { role: 'marketer', accountId: MarketerID },
        kind: 'commission-payable',
        eventKey: `payable:${entries[0].EntryID}`,
        notice: commissionPayableNotice({ entries }),
        // One entry's notice names its vendor; several are counted, not named.
        about: entries.length === 1 ? { aboutRole: 'vendor', aboutId: entries[0].VendorID, aboutName: entries[0].VendorName } : undefined,
      })
    }
    return marked.size
  })
}

/** Campaigns a run reminds, and waiting applications it looks at. */
export const CAMPAIGN_REMINDERS_PER_RUN = 20
export const WAITING_PER_RUN = 200

/**
 * 'Deliverable due': from DELIVERABLE_DUE_REMINDER_DAYS days before a campaign's EndsOn
 * (IST), once per campaign (claimed in the database, so overlapping runs tell nobody twice), to
 * each accepted creator with items not approved yet.
 */
export async function remindDeliverablesDue(env: Bindings, now: number): Promise<number> {
  return withMailOutbox(env, async (mails) => {
    const db = makeDb(env.DB)
    const today = indiaDay(now)
    const lastDay = daysBefore(today, -DELIVERABLE_DUE_REMINDER_DAYS)
    let told = 0
    for (const campaign of await campaignsEndingSoon(db, today, lastDay, CAMPAIGN_REMINDERS_PER_RUN)) {
      if (!(await claimDueReminder(db, campaign.CampaignID, new Date(now).toISOString()))) continue
      for (const { MarketerID, open } of await itemsNotApproved(db, campaign.CampaignID)) {
        await tell(env, db, mails, {
          to: { role: 'marketer', accountId: MarketerID },
          kind: 'deliverable-due',
          eventKey: `due:${campaign.CampaignID}`,
          notice: deliverableDueNotice({ Title: campaign.Title, EndsOn: campaign.EndsOn, open: Number(open) }),
        })
        told++
      }
    }
    return told
  })
}

/**
 * 'Applications waiting': once a day (IST) to each vendor with applications older than
 * APPLICATION_WAITING_DAYS days; each application is counted in one nudge a day, and the day is in
 * the event key, so a second run the same day tells nobody again.
 */
export async function nudgeWaitingApplications(env: Bindings, now: number): Promise<number> {
  return withMailOutbox(env, async (mails) => {
    const db = makeDb(env.DB)
    const today = indiaDay(now)
    const cutoff = new Date(now - APPLICATION_WAITING_DAYS * 86_400_000).toISOString()
    const waiting = await takeWaitingApplications(db, cutoff, today, WAITING_PER_RUN)
    const byVendor = new Map<number, typeof waiting>()
    for (const row of waiting) byVendor.set(row.VendorID, [...(byVendor.get(row.VendorID) ?? []), row])
    for (const [VendorID, rows] of byVendor) {
      const titles = rows.map((r) => r.Title)
      await tell(env, db, mails, {
        to: { role: 'vendor', accountId: VendorID },
        kind: 'campaign-applications-waiting',
        eventKey: `waiting:${today}`,
        notice: applicationsWaitingNotice({ count: rows.length, titles: [...new Set(titles)], campaignIds: [...new Set(rows.map((r) => r.CampaignID))] }),
      })
    }
    return byVendor.size
  })
}
