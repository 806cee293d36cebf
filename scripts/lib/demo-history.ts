// The demo's last 30 days: when each seeded lead arrived and was converted, and how many visits
// each shared link brought per day. Pure functions of the seed data and the time of the run, so a
// second run computes the same plan (and the seed only applies what is not applied yet).
import { indiaDay } from '../../worker/contract/india-date.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** The 30-day chart's window (worker/contract/trends.ts): today and the 29 days before it. */
export const HISTORY_DAYS = 30

/** A small deterministic pseudo-random number in [0, 1) from any text. */
function noise(key: string): number {
  let h = 2166136261
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619)
  h = Math.imul(h ^ (h >>> 15), 2246822507)
  h = Math.imul(h ^ (h >>> 13), 3266489909)
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296
}

// Impression days are India's days, as the rollup writes them (decision 280).
const dayOf = (ms: number) => indiaDay(ms)

export type LeadPlan = { phone: string; createdAt: string; convertedAt: string | null }

/**
 * When each lead arrived: `daysAgo` days before `now`, at a daytime hour (IST) that differs per
 * buyer, never later than an hour before the run. A Converted lead is converted `convertedAfter`
 * days later, at the latest ten minutes before the run.
 */
export function leadPlan(leads: readonly { ClientPhone: string; daysAgo: number; Status: string; convertedAfter?: number }[], now: number): LeadPlan[] {
  const startOfToday = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate())
  return leads.map((lead) => {
    // 03:30 to 15:30 UTC is 9 am to 9 pm in India.
    const minutes = 210 + Math.floor(noise(`lead:${lead.ClientPhone}`) * 720)
    const created = Math.min(
      startOfToday - lead.daysAgo * DAY_MS + minutes * 60_000,
      now - 60 * 60_000 - Math.floor(noise(`late:${lead.ClientPhone}`) * 60) * 60_000,
    )
    const converted = lead.Status === 'Converted' ? Math.min(created + (lead.convertedAfter ?? 1) * DAY_MS + 2 * 60 * 60_000, now - 10 * 60_000) : null
    return { phone: lead.ClientPhone, createdAt: new Date(created).toISOString(), convertedAt: converted === null ? null : new Date(converted).toISOString() }
  })
}

export type ImpressionRow = { day: string; ProductID: number; VendorID: number; MarketerID: number; n: number }

/**
 * Visits per link per day for the 29 days before today (today's come through the API as the
 * buy page would send them): the link's weekday figure, a fifth more at weekends, growing from
 * about 75% to 115% over the month, and a day-to-day wobble of up to 45% either way.
 */
export function impressionHistory(
  links: readonly { key: string; ProductID: number; VendorID: number; MarketerID: number; daily: number }[],
  now: number,
): ImpressionRow[] {
  const rows: ImpressionRow[] = []
  for (let ago = HISTORY_DAYS - 1; ago >= 1; ago--) {
    const at = now - ago * DAY_MS
    const weekday = new Date(`${dayOf(at)}T00:00:00Z`).getUTCDay()
    const weekend = weekday === 0 || weekday === 6 ? 1.2 : 1
    const growth = 0.75 + (0.4 * (HISTORY_DAYS - 1 - ago)) / (HISTORY_DAYS - 2)
    for (const link of links) {
      const wobble = 0.55 + noise(`${link.key}:${dayOf(at)}`) * 0.9
      const n = Math.round(link.daily * weekend * growth * wobble)
      if (n > 0) rows.push({ day: dayOf(at), ProductID: link.ProductID, VendorID: link.VendorID, MarketerID: link.MarketerID, n })
    }
  }
  return rows
}

/** Today's visits per link so far: the share of the day that has passed, at least one. */
export function visitsSoFarToday(daily: number, now: number): number {
  const d = new Date(now)
  const elapsed = (d.getUTCHours() * 60 + d.getUTCMinutes()) / (24 * 60)
  return Math.max(1, Math.round(daily * elapsed))
}
