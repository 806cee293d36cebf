import { and, eq, gte, sql } from 'drizzle-orm'
import type { Role } from '../domain/tokens'
import type { DayCount } from '../domain/trends'
import type { Bindings } from '../env'
import type { Db } from './client'
import { impressionsByDay } from './impressions'
import { leads } from './schema'

/**
 * Per-day counts for one vendor or influencer since `fromDay` (YYYY-MM-DD): impressions rolled up
 * plus those still in KV (as the dashboard totals count them), leads by creation day, conversions
 * by the day they were converted.
 */
export async function dailyCounts(d: Db, stores: Pick<Bindings, 'DB' | 'IMPRESSIONS'>, role: Role, id: number, fromDay: string) {
  const leadOwner = role === 'vendor' ? eq(leads.VendorID, id) : eq(leads.MarketerID, id)
  const leadDay = sql<string>`substr(${leads.createdAt}, 1, 10)`
  const convertedDay = sql<string>`substr(${leads.convertedAt}, 1, 10)`
  const [impressions, [created, converted]] = await Promise.all([
    impressionsByDay(stores, role === 'vendor' ? { VendorID: id } : { MarketerID: id }, fromDay),
    d.batch([
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
    ]),
  ])
  return { impressions: impressions satisfies DayCount[], leads: created as DayCount[], conversions: converted as DayCount[] }
}
