// List totals are counted once per state of what they count (db/stamped-counts.ts): the lead lists'
// under the owner's lead stamp (account_totals.leadsStamp), the public product list's and the
// directory's under their list's stamp (list_stamps). Whatever is written there, the next page's
// total is counted again; while nothing is, the remembered total is what the page shows.

import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LeadDTO } from '../../worker/contract/lead'
import type { MarketerListItem } from '../../worker/contract/marketer'
import type { ProductDTO } from '../../worker/contract/product'
import type { Product } from '../../worker/db/schema'
import { type Account, getPage, insertMarketer, insertVendor } from '../helpers/lists'
import { deleteLead, insertLead, insertProduct } from '../helpers/rows'

let vendor: Account
let marketer: Account
let other: Account
let product: Product

beforeAll(async () => {
  vendor = await insertVendor('Sharma Sarees')
  other = await insertVendor('Another Shop')
  const m = await insertMarketer({ MarketerName: 'Meera Nair' })
  marketer = { id: m.MarketerID, token: m.token }
  product = await insertProduct(vendor.id, { ProductName: 'Banarasi Saree' })
  for (const ClientName of ['Anil Sharma', 'Pooja Sharma', 'Kiran Rao']) await insertLead(product, marketer.id, 'Pending', { ClientName })
  await insertLead(await insertProduct(other.id), marketer.id, 'Pending', { ClientName: 'Elsewhere Sharma' })
})

const vendorTotal = async (query: Record<string, string>) => {
  const page = await getPage<LeadDTO>(`/api/leads/leadsbyvendorid/${vendor.id}`, { limit: '1', ...query }, vendor.token)
  expect(page.status, page.message).toBe(200)
  return page.paging.total
}
const marketerTotal = async (query: Record<string, string>) => {
  const page = await getPage<LeadDTO>(`/api/leads/leadsbymarketerid/${marketer.id}`, { limit: '1', ...query }, marketer.token)
  expect(page.status, page.message).toBe(200)
  return page.paging.total
}
// The vendor's stamp as SQLite holds it (text, so that no double can round it), and put back as such.
const exactStamp = async () =>
  (
    await env.DB.prepare('SELECT CAST(leadsStamp AS TEXT) AS s FROM account_totals WHERE role = ? AND accountId = ?')
      .bind('vendor', vendor.id)
      .first<{ s: string }>()
  )?.s
const setStamp = async (text: string | undefined) =>
  env.DB.prepare('UPDATE account_totals SET leadsStamp = CAST(? AS INTEGER) WHERE role = ? AND accountId = ?')
    .bind(text ?? '0', 'vendor', vendor.id)
    .run()
const stampOf = async (role: 'vendor' | 'marketer', id: number) =>
  (await env.DB.prepare('SELECT leadsStamp FROM account_totals WHERE role = ? AND accountId = ?').bind(role, id).first<{ leadsStamp: number }>())?.leadsStamp

describe('searched and filtered lead totals', () => {
  it('follow every write to the owner’s leads: a new lead, a status change, an erased buyer, a deleted lead', async () => {
    const search = { q: 'sharma' }
    const pendingSearch = { q: 'sharma', status: 'Pending' }
    expect(await vendorTotal(search)).toBe(2)
    expect(await vendorTotal(pendingSearch)).toBe(2)
    expect(await marketerTotal(search)).toBe(3)
    // Asked again with nothing written: the same totals (the second read reuses the first count).
    const first = await getPage<LeadDTO>(`/api/leads/leadsbyvendorid/${vendor.id}`, { limit: '1', ...search }, vendor.token)
    const second = await getPage<LeadDTO>(
      `/api/leads/leadsbyvendorid/${vendor.id}`,
      { limit: '1', ...search, cursor: first.paging.nextCursor ?? '' },
      vendor.token,
    )
    expect(second.paging.total).toBe(2)
    expect(second.data.map((l) => l.ClientName)).not.toEqual(first.data.map((l) => l.ClientName))

    const added = await insertLead(product, marketer.id, 'Pending', { ClientName: 'Ravi Sharma' })
    expect(await vendorTotal(search)).toBe(3)
    expect(await marketerTotal(search)).toBe(4)
    expect(await vendorTotal(pendingSearch)).toBe(3)

    await env.DB.prepare(`UPDATE leads SET Status = 'Lost' WHERE LeadID = ?`).bind(added.LeadID).run()
    expect(await vendorTotal(pendingSearch)).toBe(2)
    expect(await vendorTotal(search)).toBe(3)

    // The back office's erasure rewrites the buyer's text: the match goes.
    await env.DB.prepare(`UPDATE leads SET ClientName = 'Deleted buyer' WHERE LeadID = ?`).bind(added.LeadID).run()
    expect(await vendorTotal(search)).toBe(2)
    expect(await marketerTotal(search)).toBe(3)

    const gone = await insertLead(product, marketer.id, 'Pending', { ClientName: 'Sunita Sharma' })
    expect(await vendorTotal(search)).toBe(3)
    await deleteLead(gone.LeadID)
    expect(await vendorTotal(search)).toBe(2)
    expect(await marketerTotal(search)).toBe(3)
  })

  it('are reused while the owner’s stamp is unchanged, and counted again when it moves', async () => {
    const query = { q: 'rao' }
    await insertLead(product, marketer.id, 'Lost', { ClientName: 'Mohan Das' }) // the stamp leaves 0 for a random value
    expect(await vendorTotal(query)).toBe(1)
    const stamp = await exactStamp()
    // A lead written and the stamp put back by hand, exactly: the remembered total stands (it was
    // not counted again), which is what saves paging through a large search from recounting it.
    await insertLead(product, marketer.id, 'Pending', { ClientName: 'Sita Rao' })
    const moved = await exactStamp()
    expect(moved).not.toBe(stamp)
    await setStamp(stamp)
    expect(await vendorTotal(query)).toBe(1)
    await setStamp(moved)
    expect(await vendorTotal(query)).toBe(2)
  })

  it('take a fresh stamp for both owners of a lead on every insert, update and delete, and for no one else', async () => {
    const before = { v: await stampOf('vendor', vendor.id), m: await stampOf('marketer', marketer.id), other: await stampOf('vendor', other.id) }
    expect(before.other).toBeTypeOf('number')
    const lead = await insertLead(product, marketer.id)
    const inserted = { v: await stampOf('vendor', vendor.id), m: await stampOf('marketer', marketer.id) }
    expect(inserted.v).not.toBe(before.v)
    expect(inserted.m).not.toBe(before.m)
    await env.DB.prepare(`UPDATE leads SET ClientPhone = '9000000000' WHERE LeadID = ?`).bind(lead.LeadID).run()
    const updated = { v: await stampOf('vendor', vendor.id), m: await stampOf('marketer', marketer.id) }
    expect(updated.v).not.toBe(inserted.v)
    expect(updated.m).not.toBe(inserted.m)
    await deleteLead(lead.LeadID)
    expect(await stampOf('vendor', vendor.id)).not.toBe(updated.v)
    expect(await stampOf('marketer', marketer.id)).not.toBe(updated.m)
    expect(await stampOf('vendor', other.id)).toBe(before.other)
    // Every stamp is an integer JavaScript holds exactly, so the one read is the one compared.
    const { results } = await env.DB.prepare('SELECT leadsStamp AS s, typeof(leadsStamp) AS t FROM account_totals WHERE leadsStamp != 0').all<{
      s: number
      t: string
    }>()
    expect(results.length).toBeGreaterThan(2)
    for (const { s, t } of results) {
      expect(t).toBe('integer')
      expect(Number.isSafeInteger(s)).toBe(true)
    }
  })
})

const productTotal = async (query: Record<string, string>) => {
  const page = await getPage<ProductDTO>('/api/products', { limit: '1', ...query })
  expect(page.status, page.message).toBe(200)
  return page.paging.total
}
const directoryTotal = async (query: Record<string, string>) => {
  const page = await getPage<MarketerListItem>('/api/marketers/social-media', { limit: '1', ...query })
  expect(page.status, page.message).toBe(200)
  return page.paging.total
}
const listStamp = async (list: 'products' | 'marketers') =>
  (await env.DB.prepare('SELECT CAST(stamp AS TEXT) AS s FROM list_stamps WHERE list = ?').bind(list).first<{ s: string }>())?.s
const setListStamp = async (list: 'products' | 'marketers', text: string | undefined) =>
  env.DB.prepare('UPDATE list_stamps SET stamp = CAST(? AS INTEGER) WHERE list = ?')
    .bind(text ?? '0', list)
    .run()

describe('the product list’s and the directory’s totals', () => {
  it('follow every write to products: a new one, a deactivation, a rename, a deletion', async () => {
    const search = { q: 'zardozi' }
    const all = await productTotal({})
    const first = await insertProduct(vendor.id, { ProductName: 'Zardozi Clutch' })
    const second = await insertProduct(other.id, { ProductName: 'Zardozi Potli Bag' })
    expect(await productTotal(search)).toBe(2)
    expect(await productTotal({})).toBe(all + 2)
    // Asked again with nothing written: the next page shows the same total.
    const page1 = await getPage<ProductDTO>('/api/products', { limit: '1', ...search })
    const page2 = await getPage<ProductDTO>('/api/products', { limit: '1', ...search, cursor: page1.paging.nextCursor ?? '' })
    expect(page2.paging.total).toBe(2)
    expect(page2.data[0].ProductID).not.toBe(page1.data[0].ProductID)

    await env.DB.prepare('UPDATE products SET IsActive = 0 WHERE ProductID = ?').bind(first.ProductID).run()
    expect(await productTotal(search)).toBe(1)
    expect(await productTotal({})).toBe(all + 1)
    await env.DB.prepare('UPDATE products SET IsActive = 1 WHERE ProductID = ?').bind(first.ProductID).run()
    expect(await productTotal(search)).toBe(2)
    await env.DB.prepare(`UPDATE products SET ProductName = 'Embroidered Potli Bag' WHERE ProductID = ?`).bind(second.ProductID).run()
    expect(await productTotal(search)).toBe(1)
    await env.DB.prepare('DELETE FROM products WHERE ProductID = ?').bind(first.ProductID).run()
    expect(await productTotal(search)).toBe(0)
    expect(await productTotal({})).toBe(all + 1)
  })

  it('follow every write to influencers: a new one, a suspension, a profile edit', async () => {
    const search = { q: 'kathakali' }
    const all = await directoryTotal({})
    const dancer = await insertMarketer({ MarketerName: 'Anjali Menon', Bio: 'Kathakali and Mohiniyattam' })
    await insertMarketer({ MarketerName: 'Vivek Nair', Bio: 'Kathakali make-up artist' })
    expect(await directoryTotal(search)).toBe(2)
    expect(await directoryTotal({})).toBe(all + 2)
    await env.DB.prepare(`UPDATE marketers SET suspendedAt = '2026-11-01T00:00:00.000Z' WHERE MarketerID = ?`).bind(dancer.MarketerID).run()
    expect(await directoryTotal(search)).toBe(1)
    expect(await directoryTotal({})).toBe(all + 1)
    await env.DB.prepare('UPDATE marketers SET suspendedAt = NULL, Bio = ? WHERE MarketerID = ?').bind('Bharatanatyam', dancer.MarketerID).run()
    expect(await directoryTotal(search)).toBe(1)
    expect(await directoryTotal({})).toBe(all + 2)
  })

  it('are reused while the list’s stamp is unchanged, and counted again when it moves', async () => {
    const query = { q: 'ikat' }
    await insertProduct(vendor.id, { ProductName: 'Ikat Dupatta' })
    expect(await productTotal(query)).toBe(1)
    const stamp = await listStamp('products')
    await insertProduct(vendor.id, { ProductName: 'Ikat Table Runner' })
    const moved = await listStamp('products')
    expect(moved).not.toBe(stamp)
    await setListStamp('products', stamp)
    expect(await productTotal(query)).toBe(1)
    await setListStamp('products', moved)
    expect(await productTotal(query)).toBe(2)
  })

  it('move each list’s stamp on every write to its own table only', async () => {
    const before = { products: await listStamp('products'), marketers: await listStamp('marketers') }
    const product = await insertProduct(vendor.id)
    const afterProduct = { products: await listStamp('products'), marketers: await listStamp('marketers') }
    expect(afterProduct.products).not.toBe(before.products)
    expect(afterProduct.marketers).toBe(before.marketers)
    await env.DB.prepare('UPDATE products SET Description = ? WHERE ProductID = ?').bind('Updated.', product.ProductID).run()
    expect(await listStamp('products')).not.toBe(afterProduct.products)
    const influencer = await insertMarketer()
    const afterMarketer = await listStamp('marketers')
    expect(afterMarketer).not.toBe(afterProduct.marketers)
    await env.DB.prepare('DELETE FROM marketers WHERE MarketerID = ?').bind(influencer.MarketerID).run()
    expect(await listStamp('marketers')).not.toBe(afterMarketer)
    const { results } = await env.DB.prepare('SELECT stamp AS s, typeof(stamp) AS t FROM list_stamps').all<{ s: number; t: string }>()
    expect(results.map((r) => r.t)).toEqual(['integer', 'integer'])
    for (const { s } of results) expect(Number.isSafeInteger(s)).toBe(true)
  })
})
