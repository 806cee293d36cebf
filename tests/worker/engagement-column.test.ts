// The stored engagement rate (marketers.engagementRate), which the directory sorts and pages by:
// the same number as domain/engagement.ts on every save, and for rows older than the column, as
// the list_search migration's SQL backfill computes it.

import { env } from 'cloudflare:workers'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { MarketerListItem, MarketerSelf } from '../../worker/contract/marketer'
import { makeDb } from '../../worker/db/client'
import { marketers } from '../../worker/db/schema'
import { engagementRate } from '../../worker/domain/engagement'
import { call } from '../helpers/api'
import { makeMarketer } from '../helpers/factories'
import { getPage } from '../helpers/lists'

/** The backfill statement as the migration holds it (the one UPDATE of the list_search migration). */
function backfillStatement(): string {
  const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes('list_search'))
  const statement = migration?.queries.find((q) => /UPDATE `marketers` SET `engagementRate`/.test(q))
  if (!statement) throw new Error('the list_search migration has no engagement backfill')
  return statement
}

const REACHES = [0, 1, 9_999, 10_000, 99_999, 100_000, 999_999, 1_000_000, 9_999_999, 10_000_000, 987_654_321]

describe('the engagement rate column', () => {
  it('is backfilled by the migration exactly as the domain function computes it, for every tier and id length', async () => {
    const d = makeDb(env.DB)
    const ids = [...Array.from({ length: 300 }, (_, i) => 50_000 + i * 37), 7, 99, 1_234_567, 123_456_789_012_345, 899_999_999_999_999]
    const rows = ids.map((id, i) => ({
      MarketerID: id,
      MarketerName: `Backfill ${i}`,
      Email: `backfill-${id}@example.in`,
      MobileNumber: '9123456780',
      PasswordHash: 'not-a-login',
      totalReachRaw: REACHES[i % REACHES.length],
      engagementRate: -1,
    }))
    // Bound parameters per statement are limited: insert in small groups.
    for (let i = 0; i < rows.length; i += 4) await d.insert(marketers).values(rows.slice(i, i + 4))
    await env.DB.prepare(backfillStatement()).run()
    const stored = await d
      .select({ id: marketers.MarketerID, reach: marketers.totalReachRaw, rate: marketers.engagementRate })
      .from(marketers)
      .where(sql`${marketers.MarketerID} >= 7`)
    const wrong = stored.filter((row) => row.rate !== engagementRate(row.id, row.reach))
    expect(wrong).toEqual([])
    expect(stored.length).toBeGreaterThanOrEqual(rows.length)
  })

  it('follows the reach on every save of the setup or the profile, and the directory shows it', async () => {
    const me = await makeMarketer()
    const stored = async () => (await makeDb(env.DB).select({ rate: marketers.engagementRate }).from(marketers).where(eq(marketers.MarketerID, me.id)))[0].rate
    expect(await stored()).toBe(0)

    const setup = await call<MarketerSelf>('PUT', `/api/marketers/social-media/${me.id}`, { token: me.token, json: { InstagramFollowers: 250_000 } })
    expect(setup.body.message).toBe('Social media profiles updated successfully!')
    expect(await stored()).toBe(engagementRate(me.id, 250_000))

    const profile = { MarketerName: 'Riya Sharma', MobileNumber: '9123456780', Email: me.email, InstagramFollowers: 20_000_000 }
    expect((await call('PUT', `/api/marketers/${me.id}`, { token: me.token, json: profile })).status).toBe(200)
    expect(await stored()).toBe(engagementRate(me.id, 20_000_000))

    const listed = (await getPage<MarketerListItem>('/api/marketers/social-media', { q: String(me.id), limit: '100' })).data.find((i) => i.MarketerID === me.id)
    expect(listed?.engagementRate).toBe(engagementRate(me.id, 20_000_000))
    const profileView = await call<{ engagementRate: number }>('GET', `/api/marketers/social-media/${me.id}`)
    expect(profileView.body.data.engagementRate).toBe(engagementRate(me.id, 20_000_000))
  })
})
