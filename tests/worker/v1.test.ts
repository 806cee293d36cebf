// The v1 API's leads and products: the dashboard's lists, filters, status rules and
// messages, seen from an API key of the vendor; another vendor's lead is not found.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { LEAD_REASON_MESSAGES, type LeadDTO } from '../../worker/contract/lead'
import { LEAD_LIST_MESSAGES } from '../../worker/contract/lead-list'
import type { ProductDTO } from '../../worker/contract/product'
import type { Paging } from '../../worker/contract/paging'
import { call } from '../helpers/api'
import { makeApiKey } from '../helpers/api-keys'
import { makeLead, makeMarketer, makeProduct, makeVendor } from '../helpers/factories'

type Page<T> = { data: T[]; paging: Paging }

async function scene() {
  const vendor = await makeVendor()
  const marketer = await makeMarketer()
  const kurta = await makeProduct(vendor, { ProductName: 'Kurta', Price: '1000' })
  const saree = await makeProduct(vendor, { ProductName: 'Saree', Price: '5000' })
  const leads = [await makeLead(kurta, marketer), await makeLead(saree, marketer), await makeLead(kurta, marketer, { ClientName: 'Anil Kapoor' })]
  const key = await makeApiKey(vendor)
  return { vendor, marketer, kurta, saree, leads, key }
}

const get = <T>(key: { Secret: string }, path: string) => call<T>('GET', path, { token: key.Secret })

describe('v1 leads', () => {
  it("pages the vendor's leads with the dashboard's filters and sorts", async () => {
    const { key, leads, saree } = await scene()
    const first = await get<LeadDTO[]>(key, '/api/v1/leads?limit=2')
    const body = first.body as unknown as Page<LeadDTO>
    expect(first.status).toBe(200)
    expect(body.data.map((l) => l.LeadID)).toEqual([leads[2].LeadID, leads[1].LeadID])
    expect(body.paging).toMatchObject({ limit: 2, total: 3 })
    const second = (await get<LeadDTO[]>(key, `/api/v1/leads?limit=2&cursor=${encodeURIComponent(body.paging.nextCursor ?? '')}`))
      .body as unknown as Page<LeadDTO>
    expect(second.data.map((l) => l.LeadID)).toEqual([leads[0].LeadID])
    expect(second.paging.nextCursor).toBeNull()
    expect((await get<LeadDTO[]>(key, `/api/v1/leads?productId=${saree.ProductID}`)).body.data.map((l) => l.LeadID)).toEqual([leads[1].LeadID])
    expect((await get<LeadDTO[]>(key, '/api/v1/leads?q=Anil')).body.data.map((l) => l.LeadID)).toEqual([leads[2].LeadID])
    expect((await get<LeadDTO[]>(key, '/api/v1/leads?sort=price-high')).body.data[0].LeadID).toBe(leads[1].LeadID)
    const bad = await get(key, '/api/v1/leads?sort=cheapest')
    expect([bad.status, bad.body.message]).toEqual([400, LEAD_LIST_MESSAGES.sortInvalid])
  })

  it("shows one lead in full, and answers another vendor's lead as not found", async () => {
    const { key, leads } = await scene()
    const one = await get<LeadDTO>(key, `/api/v1/leads/${leads[0].LeadID}`)
    expect(one.status).toBe(200)
    expect(one.body.data).toMatchObject({ LeadID: leads[0].LeadID, ClientEmail: 'kiran@example.in', Status: 'Pending' })
    const stranger = await makeApiKey(await makeVendor(), ['leads:read', 'leads:write'])
    const res = await get(stranger, `/api/v1/leads/${leads[0].LeadID}`)
    expect([res.status, res.body.message]).toEqual([404, 'Lead not found'])
    expect((await get(stranger, '/api/v1/leads/abc')).status).toBe(404)
  })

  it("changes a lead's status under the dashboard's ledger and reason rules", async () => {
    const { key, leads, marketer } = await scene()
    const put = (json: unknown, k = key, id = leads[0].LeadID) => call('PUT', `/api/v1/leads/${id}/status`, { token: k.Secret, json })
    expect((await put({ Status: 'Converted' })).status).toBe(200)
    const noReason = await put({ Status: 'Lost' })
    expect([noReason.status, noReason.body.message]).toEqual([400, LEAD_REASON_MESSAGES.required])
    expect((await put({ Status: 'Lost', Reason: 'Buyer cancelled the order' })).status).toBe(200)
    const entries = await call<Array<{ status: string }>>('GET', '/api/money/entries', { token: marketer.token })
    expect(entries.body.data.map((e) => e.status)).toEqual(['reversed'])
    const stranger = await makeApiKey(await makeVendor(), ['leads:write'])
    const res = await put({ Status: 'Converted' }, stranger, leads[1].LeadID)
    expect([res.status, res.body.message]).toEqual([404, 'Lead not found'])
    const row = await env.DB.prepare('SELECT Status FROM leads WHERE LeadID = ?').bind(leads[1].LeadID).first<{ Status: string }>()
    expect(row?.Status).toBe('Pending')
  })
})

describe('v1 products', () => {
  it("pages the vendor's own products, inactive ones included, and no one else's", async () => {
    const { key, vendor, kurta, saree } = await scene()
    await makeProduct(await makeVendor(), { ProductName: 'Not mine' })
    expect((await call('PUT', `/api/products/status/${kurta.ProductID}`, { token: vendor.token })).status).toBe(200)
    const first = (await get<ProductDTO[]>(key, '/api/v1/products?limit=1')).body as unknown as Page<ProductDTO>
    expect(first.data.map((p) => p.ProductName)).toEqual(['Saree'])
    expect(first.paging.total).toBe(2)
    const second = (await get<ProductDTO[]>(key, `/api/v1/products?limit=1&cursor=${encodeURIComponent(first.paging.nextCursor ?? '')}`))
      .body as unknown as Page<ProductDTO>
    expect(second.data.map((p) => [p.ProductID, p.IsActive])).toEqual([[kurta.ProductID, false]])
    expect(saree.VendorID).toBe(vendor.id)
  })
})
