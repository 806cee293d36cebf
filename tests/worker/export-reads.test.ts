// A data export reads each of the owner's tables once: an influencer's links come from one pass over
// their impression days and one over their leads, never a walk of every impression day per product.

import { describe, expect, it } from 'vitest'
import { call } from '../helpers/api'
import { makeLead, makeMarketer, makeProduct, makeVendor } from '../helpers/factories'
import { insertRows } from '../helpers/marketplace'
import { d1Figures } from '../helpers/server-timing'

type LinkRow = { ProductID: number; impressions: number; leads: number }

const DAYS = 300
const dayOf = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)

describe("an influencer's data export", () => {
  it('reads their impression days and leads once, whatever the number of products', async () => {
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const products = [await makeProduct(vendor), await makeProduct(vendor), await makeProduct(vendor), await makeProduct(vendor)]
    await makeLead(products[0], marketer)
    await makeLead(products[0], marketer)
    await makeLead(products[3], marketer)
    // 300 days of impressions on each of the first three products: 900 rows, n = 1, 2 or 3.
    const rows = products.slice(0, 3).flatMap((p, k) => Array.from({ length: DAYS }, (_, i) => [dayOf(i), p.ProductID, vendor.id, marketer.id, k + 1]))
    await insertRows('impressions_daily', ['day', 'ProductID', 'VendorID', 'MarketerID', 'n'], rows)

    const res = await call<{ links: LinkRow[] }>('GET', `/api/marketers/${marketer.id}/export`, { token: marketer.token })
    expect(res.status).toBe(200)
    const links = Object.fromEntries(res.body.data.links.map((l) => [l.ProductID, { impressions: l.impressions, leads: l.leads }]))
    expect(links).toEqual({
      [products[0].ProductID]: { impressions: DAYS, leads: 2 },
      [products[1].ProductID]: { impressions: 2 * DAYS, leads: 0 },
      [products[2].ProductID]: { impressions: 3 * DAYS, leads: 0 },
      [products[3].ProductID]: { impressions: 0, leads: 1 },
    })
    // One pass over the 900 impression rows (the link list and its sums), the few leads, products
    // and the account: a walk per product would read at least 4 x 900.
    expect(d1Figures(res.headers).rowsRead).toBeLessThan(2 * rows.length + 300)
  })
})
