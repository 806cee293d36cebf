// What an influencer has received in their account (decision 070): the payouts' net, after TDS, beside
// the gross paid and the TDS the balance already shows.

import { eq, sql } from 'drizzle-orm'
import type { Db } from './client'
import { payouts } from './schema'

export async function netReceivedPaise(db: Db, marketerId: number): Promise<number> {
  const [row] = await db
    .select({ net: sql<number>`COALESCE(SUM(${payouts.NetPaise}), 0)` })
    .from(payouts)
    .where(eq(payouts.MarketerID, marketerId))
  return Number(row?.net ?? 0)
}
