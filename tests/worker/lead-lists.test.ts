// The lead lists' filters, search and sorts on the server: the vendor's (status, product,
// influencer, date range, buyer search, price sorts) and the influencer's (status, product, dates,
// buyer name), with the role rules and the masking of buyer contact kept.

import { env } from 'cloudflare:workers'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LeadDTO, LeadStatus } from '../../worker/contract/lead'
import { LEAD_STATUS_MESSAGE } from '../../worker/contract/lead'
import { LEAD_LIST_MESSAGES } from '../../worker/contract/lead-list'
import type { Lead, Product } from '../../worker/db/schema'
import { maskContact } from '../../worker/domain/leads'
import { ownerToken } from '../../worker/domain/search'
import { type Account, getPage, insertMarketer, insertVendor, readAll } from '../helpers/lists'
import { insertLead, insertProduct } from '../helpers/rows'
import { PROPERTY_TIMEOUT } from '../helpers/property'

let vendor: Account
let elsewhere: Account
let m1: Account
let m2: Account
const L: Record<string, Lead> = {}
let chai: Product
let kurta: Product
let diya: Product

beforeAll(async () => {
  vendor = await insertVendor('Chai & Co.')
  elsewhere = await insertVendor('Elsewhere')
  const first = await insertMarketer({ MarketerName: 'Meera Nair' })
  const second = await insertMarketer({ MarketerName: 'Dev Patel' })
  m1 = { id: first.MarketerID, token: first.token }
  m2 = { id: second.MarketerID, token: second.token }
  chai = await insertProduct(vendor.id, { ProductName: 'Assam Chai', PricePaise: 34_900 })
  kurta = await insertProduct(vendor.id, { ProductName: 'Kurta', PricePaise: 149_900 })
  diya = await insertProduct(vendor.id, { ProductName: 'Diya Set', PricePaise: 99_900 })
  const other = await insertProduct(elsewhere.id, { ProductName: 'Other Shop Item' })
  const rows: Array<[string, Product, Account, LeadStatus, string, string, string | null, string]> = [
    ['L1', chai, m1, 'Pending', 'Kiran Rao', '9876500001', 'kiran@example.in', '2026-01-05T10:00:00.000Z'],
    ['L2', kurta, m1, 'Converted', 'Neha Gupta', '9876500002', 'neha@mail.in', '2026-01-10T23:59:59.999Z'],
    ['L3', diya, m2, 'Lost', 'Aditya Kumar', '9123400003', null, '2026-01-11T00:00:00.000Z'],
    ['L4', kurta, m2, 'Pending', 'Priya Menon', '9988776655', 'priya.m@example.in', '2026-02-01T08:00:00.000Z'],
    ['L5', chai, m2, 'Converted', 'Kiran Shah', '9000011111', 'kshah@corp.in', '2026-02-15T12:00:00.000Z'],
    ['L6', diya, m1, 'Pending', 'Rahul Jain', '9876512345', 'rahul@example.in', '2026-03-01T09:30:00.000Z'],
    ['W1', other, m1, 'Pending', 'Kiran Other', '9876500009', 'other@example.in', '2026-03-02T09:30:00.000Z'],
  ]
  for (const [key, product, marketer, status, ClientName, ClientPhone, ClientEmail, createdAt] of rows) {
    L[key] = await insertLead(product, marketer.id, status, { ClientName, ClientPhone, ClientEmail, createdAt, updatedAt: createdAt })
  }
})

const byVendor = () => `/api/leads/leadsbyvendorid/${vendor.id}`
const byMarketer = (m: Account) => `/api/leads/leadsbymarketerid/${m.id}`
const leadIds = (rows: LeadDTO[]) => rows.map((r) => r.LeadID)
const keys = (...names: string[]) => names.map((n) => L[n].LeadID)
const vendorIds = async (query: Record<string, string>) => leadIds((await readAll<LeadDTO>(byVendor(), query, vendor.token)).rows)

describe("the vendor's leads", () => {
  it.each<[string, Record<string, string>, string[]]>([
    ['all, newest first', {}, ['L6', 'L5', 'L4', 'L3', 'L2', 'L1']],
    ['by status', { status: 'Pending' }, ['L6', 'L4', 'L1']],
    ['by product', { productId: 'kurta' }, ['L4', 'L2']],
    ['by influencer', { marketerId: 'm2' }, ['L5', 'L4', 'L3']],
    ['from and to, both days included', { from: '2026-01-10', to: '2026-01-11' }, ['L3', 'L2']],
    ['from a day on', { from: '2026-02-01' }, ['L6', 'L5', 'L4']],
    ['up to a day', { to: '2026-01-10' }, ['L2', 'L1']],
    ['buyer name', { q: 'KIRAN' }, ['L5', 'L1']],
    ['buyer phone digits', { q: '98765' }, ['L6', 'L2', 'L1']],
    ['buyer email', { q: 'example.in' }, ['L6', 'L4', 'L1']],
    ['two letters anywhere in the buyer', { q: 'ra' }, ['L6', 'L5', 'L1']],
    ['buyer search and status', { q: 'kiran', status: 'Converted' }, ['L5']],
    ['buyer search and influencer', { q: 'example.in', marketerId: 'm1' }, ['L6', 'L1']],
    ['buyer search, two letters, and status', { q: 'ra', status: 'Pending' }, ['L6', 'L1']],
    ['buyer search oldest first', { q: 'example.in', sort: 'oldest' }, ['L1', 'L4', 'L6']],
    ['buyer search by price', { q: 'example.in', sort: 'price-high' }, ['L4', 'L6', 'L1']],
    ['oldest first', { sort: 'oldest' }, ['L1', 'L2', 'L3', 'L4', 'L5', 'L6']],
    ['highest price first, ties newest first', { sort: 'price-high' }, ['L4', 'L2', 'L6', 'L3', 'L5', 'L1']],
    ['lowest price first (highest reversed)', { sort: 'price-low' }, ['L1', 'L5', 'L3', 'L6', 'L2', 'L4']],
    ['pending by price', { status: 'Pending', sort: 'price-high' }, ['L4', 'L6', 'L1']],
    ['nothing matching', { status: 'Lost', marketerId: 'm1' }, []],
  ])('%s', async (_, query, expected) => {
    const resolved = Object.fromEntries(
      Object.entries(query).map(([k, v]) => [
        k,
        k === 'productId' ? String({ chai, kurta, diya }[v as 'chai']?.ProductID) : k === 'marketerId' ? String({ m1, m2 }[v as 'm1'].id) : v,
      ]),
    )
    expect(await vendorIds(resolved)).toEqual(keys(...expected))
  })

  it('opens one lead of theirs (where a new-lead notice links), and none of another vendor', async () => {
    const one = await readAll<LeadDTO>(byVendor(), { leadId: String(L.L4.LeadID) }, vendor.token)
    expect(leadIds(one.rows)).toEqual(keys('L4'))
    expect(one.total).toBe(1)
    // Another filter still applies: the lead is Pending, not Converted.
    expect(await vendorIds({ leadId: String(L.L4.LeadID), status: 'Converted' })).toEqual([])
    const theirs = await readAll<LeadDTO>(byVendor(), { leadId: String(L.W1.LeadID) }, vendor.token)
    expect(theirs).toMatchObject({ rows: [], total: 0 })
  })

  it('pages through every sort, a page at a time, with the total on each page', async () => {
    for (const sort of ['newest', 'oldest', 'price-high', 'price-low']) {
      const small = await readAll<LeadDTO>(byVendor(), { sort, limit: '2' }, vendor.token)
      expect(small.total).toBe(6)
      expect(leadIds(small.rows)).toEqual(await vendorIds({ sort }))
    }
  })

  it('pages through a search a lead at a time in every sort, with its total on each page', async () => {
    for (const query of [{ q: 'example.in' }, { q: 'ra' }, { q: 'kiran', status: 'Converted' }] as Array<Record<string, string>>) {
      for (const sort of ['newest', 'oldest', 'price-high', 'price-low']) {
        const whole = await vendorIds({ ...query, sort })
        const small = await readAll<LeadDTO>(byVendor(), { ...query, sort, limit: '1' }, vendor.token)
        expect(small.total).toBe(whole.length)
        expect(leadIds(small.rows)).toEqual(whole)
      }
    }
  })

  it('shows the vendor the buyer contact in full', async () => {
    const page = await getPage<LeadDTO>(byVendor(), { q: 'priya' }, vendor.token)
    expect(page.data[0]).toMatchObject({ ClientName: 'Priya Menon', ClientPhone: '9988776655', ClientEmail: 'priya.m@example.in', Price: '1499.00' })
  })

  it('answers the same from leadsdata, filters included', async () => {
    const data = await readAll<LeadDTO>('/api/leads/leadsdata', { status: 'Converted' }, vendor.token)
    expect(leadIds(data.rows)).toEqual(keys('L5', 'L2'))
    expect(data.total).toBe(2)
  })

  it('refuses another vendor and a visitor before it reads the query', async () => {
    expect((await getPage(byVendor(), { status: 'Pending' }, elsewhere.token)).status).toBe(403)
    expect((await getPage(byVendor(), { status: 'Won' }, elsewhere.token)).status).toBe(403)
    expect((await getPage(byVendor(), { status: 'Pending' }, m1.token)).status).toBe(403)
    expect((await getPage(byVendor(), { status: 'Pending' })).status).toBe(401)
  })

  it.each<[Record<string, string | string[]>, string]>([
    [{ status: 'Won' }, LEAD_STATUS_MESSAGE],
    [{ status: ['Pending', 'Lost'] }, LEAD_STATUS_MESSAGE],
    [{ productId: 'abc' }, LEAD_LIST_MESSAGES.productIdInvalid],
    [{ productId: '-1' }, LEAD_LIST_MESSAGES.productIdInvalid],
    [{ marketerId: '1e3' }, LEAD_LIST_MESSAGES.marketerIdInvalid],
    [{ leadId: '0' }, LEAD_LIST_MESSAGES.leadIdInvalid],
    [{ from: '2026-02-30' }, LEAD_LIST_MESSAGES.dateInvalid],
    [{ to: '01/02/2026' }, LEAD_LIST_MESSAGES.dateInvalid],
    [{ from: '2026-03-01', to: '2026-01-01' }, LEAD_LIST_MESSAGES.datesReversed],
    [{ sort: 'cheapest' }, LEAD_LIST_MESSAGES.sortInvalid],
  ])('refuses %j with a message that says what is wrong', async (query, message) => {
    const page = await getPage(byVendor(), query, vendor.token)
    expect(page.status).toBe(400)
    expect(page).toMatchObject({ statusCode: 0, message, data: null })
  })
})

describe("the influencer's leads", () => {
  it('lists only their own leads, across vendors, with the buyer contact masked', async () => {
    const all = await readAll<LeadDTO>(byMarketer(m1), {}, m1.token)
    expect(leadIds(all.rows)).toEqual(keys('W1', 'L6', 'L2', 'L1'))
    const l1 = all.rows.find((r) => r.LeadID === L.L1.LeadID)
    expect(l1).toMatchObject({ ClientName: 'Kiran Rao', ClientPhone: maskContact('9876500001'), ClientEmail: maskContact('kiran@example.in') })
    expect(JSON.stringify(all.rows)).not.toContain('9876500001')
  })

  it.each<[string, Record<string, string>, string[]]>([
    ['by status', { status: 'Pending' }, ['W1', 'L6', 'L1']],
    ['by date range', { from: '2026-01-06', to: '2026-03-01' }, ['L6', 'L2']],
    ['by buyer name', { q: 'kiran' }, ['W1', 'L1']],
    ['oldest first', { sort: 'oldest' }, ['L1', 'L2', 'L6', 'W1']],
  ])('%s', async (_, query, expected) => {
    expect(leadIds((await readAll<LeadDTO>(byMarketer(m1), query, m1.token)).rows)).toEqual(keys(...expected))
  })

  it('searches the buyer name only: the masked phone and email cannot be found by what they hide', async () => {
    for (const q of ['98765', '9876500001', 'kiran@example', 'example.in']) {
      const page = await getPage<LeadDTO>(byMarketer(m1), { q }, m1.token)
      expect(page.status).toBe(200)
      expect(page.data).toEqual([])
      expect(page.paging.total).toBe(0)
    }
  })

  it('answers leadsdata by the same rules for an influencer', async () => {
    const data = await readAll<LeadDTO>('/api/leads/leadsdata', { status: 'Converted' }, m2.token)
    expect(leadIds(data.rows)).toEqual(keys('L5'))
    expect(data.rows[0].ClientPhone).toBe(maskContact('9000011111'))
  })

  it('refuses the price sorts, which only the vendor has', async () => {
    const page = await getPage(byMarketer(m1), { sort: 'price-high' }, m1.token)
    expect(page.status).toBe(400)
    expect(page.message).toBe(LEAD_LIST_MESSAGES.marketerSortInvalid)
  })

  it("refuses another influencer's list, a vendor and a visitor", async () => {
    expect((await getPage(byMarketer(m1), {}, m2.token)).status).toBe(403)
    expect((await getPage(byMarketer(m1), {}, vendor.token)).status).toBe(403)
    expect((await getPage(byMarketer(m1), {})).status).toBe(401)
  })
})

describe("the search index's account tokens", () => {
  it('are written by the migration exactly as the lists look them up, one distinct token per id', { timeout: PROPERTY_TIMEOUT }, async () => {
    const view = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE name = 'lead_search_text'").first<{ sql: string }>()
    const vendorToken = /(char\(.+\)) AS `vendor`/.exec(view?.sql ?? '')?.[1].replaceAll('`VendorID`', '?1')
    const marketerToken = /(char\(.+\)) AS `marketer`/.exec(view?.sql ?? '')?.[1].replaceAll('`MarketerID`', '?1')
    expect(vendorToken).toContain('?1')
    expect(marketerToken).toContain('?1')
    // Ids below 2 x 10^10, the range whose tokens stay inside the CJK block (beyond it the first
    // character would run towards the surrogate code points, which are not text).
    const ids = fc.oneof(fc.integer({ min: 1, max: 2_000_000 }), fc.integer({ min: 1, max: 19_999_999_999 }))
    await fc.assert(
      fc.asyncProperty(ids, async (id) => {
        const row = await env.DB.prepare(`SELECT ${vendorToken} AS v, ${marketerToken} AS m`).bind(id).first<{ v: string; m: string }>()
        expect(row).toEqual({ v: ownerToken(id), m: ownerToken(id) })
        expect([...ownerToken(id)]).toHaveLength(3)
        expect([...ownerToken(id)].every((ch) => ch >= '\u4e00' && ch <= '\u9fff')).toBe(true)
      }),
      { numRuns: 200 },
    )
    const sample = [1, 999, 1000, 1001, 999_999, 1_000_000, 1_000_001, 123_456_789]
    expect(new Set(sample.map(ownerToken)).size).toBe(sample.length)
  })
})
