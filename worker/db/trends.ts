import { and, eq, gte, sql } from 'drizzle-orm'
import type { Role } from '../domain/tokens'
import type { DayCount } from '../domain/trends'
import type { Db } from './client'
import { impressionsDaily, leads } from './schema'

/**
 * Per-day counts for one vendor or influencer since `fromDay` (YYYY-MM-DD): impressions from the
 * rolled-up daily table, leads by creation day, conversions by the day they were converted.
 */
export async function dailyCounts(d: Db, role: Role, id: number, fromDay: string) {
  const leadOwner = role === 'vendor' ? eq(leads.VendorID, id) : eq(leads.MarketerID, id)
  const impressionOwner = role === 'vendor' ? eq(impressionsDaily.VendorID, id) : eq(impressionsDaily.MarketerID, id)
  const leadDay = sql<string>`substr(${leads.createdAt}, 1, 10)`
  const convertedDay = sql<string>`substr(${leads.convertedAt}, 1, 10)`
  const [impressions, created, converted] = await d.batch([
    d
      .select({ day: impressionsDaily.day, n: sql<number>`sum(${impressionsDaily.n})` })
      .from(impressionsDaily)
      .where(and(impressionOwner, gte(impressionsDaily.day, fromDay)))
      .groupBy(impressionsDaily.day),
    d
      .select({ day: leadDay, n: sql<number>`count(*)` })
      .from(leads)
      .where(and(leadOwner, gte(leads.createdAt, fromDay)))
      .groupBy(leadDay),
    d
      .select({ day: convertedDay, n: sql<number>`count(*)` })
      .from(leads)
      .where(and(leadOwner, eq(leads.Status, 'Converted'), gte(leads.convertedAt, fromDay)))
      .groupBy(convertedDay),
  ])
  return { impressions: impressions as DayCount[], leads: created as DayCount[], conversions: converted as DayCount[] }
}
