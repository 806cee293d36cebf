// Queries built once per shape (db/shaped.ts): the SQL text is kept under the query's inputs with
// their values turned into slots, so each later call binds its own values to it, and anything left
// in the inputs (not a slot) makes a shape of its own.

import { env } from 'cloudflare:workers'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { type Db, makeDb } from '../../worker/db/client'
import { products } from '../../worker/db/schema'
import { batchShaped, shaped, type Slot, Slots } from '../../worker/db/shaped'
import { type Account, insertVendor } from '../helpers/lists'
import { insertProduct } from '../helpers/rows'

let first: Account
let second: Account

beforeAll(async () => {
  first = await insertVendor('Shaped One')
  second = await insertVendor('Shaped Two')
  await insertProduct(first.id, { ProductName: 'Khadi Kurta' })
  await insertProduct(first.id, { ProductName: 'Jute Bag', IsActive: false })
  await insertProduct(second.id, { ProductName: 'Brass Lamp' })
})

let builds = 0
const build = (b: Db, p: { vendorId: Slot; activeOnly: boolean }) => {
  builds++
  return b
    .select({ name: products.ProductName })
    .from(products)
    .where(and(eq(products.VendorID, p.vendorId), p.activeOnly ? eq(products.IsActive, true) : undefined))
    .orderBy(products.ProductName)
}

/** The names of one vendor's products, through a shaped query of the test's own family. */
async function names(vendorId: number, activeOnly: boolean): Promise<string[]> {
  const slots = new Slots()
  const query = shaped(makeDb(env.DB), 'test-products', { vendorId: slots.of('vendorId', vendorId), activeOnly }, build, slots)
  const [rows] = await batchShaped(makeDb(env.DB), [query] as const)
  return rows.map((r) => r.name)
}

describe('shaped queries', () => {
  it('build a shape once and bind each call’s own values to it', async () => {
    const before = builds
    expect(await names(first.id, false)).toEqual(['Jute Bag', 'Khadi Kurta'])
    expect(await names(second.id, false)).toEqual(['Brass Lamp'])
    expect(await names(first.id, false)).toEqual(['Jute Bag', 'Khadi Kurta'])
    expect(builds - before).toBe(1)
  })

  it('keep a shape apart for what the inputs hold as they are', async () => {
    expect(await names(first.id, true)).toEqual(['Khadi Kurta'])
    expect(await names(first.id, false)).toEqual(['Jute Bag', 'Khadi Kurta'])
  })

  it('refuse to name two values alike', () => {
    const slots = new Slots()
    slots.of('id', 1)
    expect(() => slots.of('id', 2)).toThrow(/taken/)
  })
})
