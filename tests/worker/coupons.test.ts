// Creator coupon codes (decision 210): a vendor gives a creator a code; a buyer who types it on the
// buy page, or a store order that used it, is that creator's; the code's rules hold under load.

import { createHmac } from 'node:crypto'
import { env, exports } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type CodeDTO, type CodeUseDTO, COUPON_MESSAGES, type PublicCodeDTO } from '../../worker/contract/coupons'
import type { LeadCreated, LeadDTO } from '../../worker/contract/lead'
import type { ProductDTO } from '../../worker/contract/product'
import type { StoreDTO } from '../../worker/contract/stores'
import type { ConversionDTO } from '../../worker/contract/v1'
import { makeDb } from '../../worker/db/client'
import { couponCodeProducts, couponCodes, leads, marketers, products } from '../../worker/db/schema'
import { activeCodesOf, CODE_LOOKUP_MISSES } from '../../worker/services/coupons'
import { call, ORIGIN } from '../helpers/api'
import { getPage } from '../helpers/lists'
import { insertLead } from '../helpers/rows'
import { d1Figures } from '../helpers/server-timing'
import { makeApiKey } from '../helpers/api-keys'
import { freshIp, leadForm, makeMarketer, makeProduct, makeVendor, makeVerifiedVendor, type SignedInMarketer, type SignedInVendor } from '../helpers/factories'

const DAY = 24 * 60 * 60_000
const iso = (ms: number) => new Date(ms).toISOString()

let seq = 0
/** A code no other test of this file uses (they share one database). */
const freshCode = (base = 'RIYA') => `${base}${(++seq).toString().padStart(2, '0')}`

type CodeBody = Partial<{
  MarketerID: number
  Code: string
  BuyerText: string
  AllProducts: boolean
  ProductIDs: number[]
  startsAt: string | null
  endsAt: string | null
  UseLimit: number | null
}>

const paged = <T>(path: string, token: string) => getPage<T>(path, {}, token)

const create = (vendor: SignedInVendor, json: CodeBody) => call<CodeDTO>('POST', '/api/coupons', { token: vendor.token, json })

async function giveCode(vendor: SignedInVendor, marketer: SignedInMarketer, products: ProductDTO[] | 'all', over: CodeBody = {}): Promise<CodeDTO> {
  const res = await create(vendor, {
    MarketerID: marketer.id,
    Code: freshCode(),
    BuyerText: '10% off at checkout',
    ...(products === 'all' ? { AllProducts: true } : { ProductIDs: products.map((p) => p.ProductID) }),
    ...over,
  })
  expect([res.status, res.body.message]).toEqual([201, COUPON_MESSAGES.created])
  return res.body.data
}

/** The buy page's public check of a typed code, from one network (a fresh one unless given). */
const lookup = <T = unknown>(product: ProductDTO, code: string, ip = freshIp()) =>
  call<T>('GET', `/api/coupons/lookup?productId=${product.ProductID}&code=${encodeURIComponent(code)}`, { headers: { 'cf-connecting-ip': ip } })

/** The buy form through a link of `linkCreator`, with what the buyer typed as creator code. */
const buy = (product: ProductDTO, linkMarketer: SignedInMarketer, MarketerCode?: string | null) =>
  call<LeadCreated>('POST', '/api/leads/create', {
    json: { ...leadForm(product, linkMarketer), CreatorCode: MarketerCode },
    headers: { 'cf-connecting-ip': freshIp() },
  })

async function leadRow(id: number) {
  const [row] = await makeDb(env.DB).select().from(leads).where(eq(leads.LeadID, id))
  return row
}

async function uses(codeId: number) {
  const [row] = await makeDb(env.DB).select({ Uses: couponCodes.Uses }).from(couponCodes).where(eq(couponCodes.CodeID, codeId))
  return row.Uses
}

async function scene() {
  const vendor = await makeVendor({ VendorName: 'Kurta House' })
  const [ananya, riya] = [await makeMarketer({ MarketerName: 'Ananya Iyer' }), await makeMarketer({ MarketerName: 'Riya Sharma' })]
  const kurta = await makeProduct(vendor, { ProductName: 'Indigo Kurta', CommissionType: 'Fixed', CommissionValue: '150' })
  const saree = await makeProduct(vendor, { ProductName: 'Silk Saree', CommissionType: 'Fixed', CommissionValue: '400' })
  return { vendor, ananya, riya, kurta, saree }
}

describe('creating a creator code', () => {
  it('stores the code as typed, covering the chosen products, with no uses', async () => {
    const { vendor, ananya, kurta } = await scene()
    const code = await giveCode(vendor, ananya, [kurta], { Code: 'Ananya10', UseLimit: 50 })
    expect(code).toMatchObject({
      Code: 'Ananya10',
      BuyerText: '10% off at checkout',
      MarketerID: ananya.id,
      MarketerName: 'Ananya Iyer',
      AllProducts: false,
      Products: [{ ProductID: kurta.ProductID, ProductName: 'Indigo Kurta' }],
      UseLimit: 50,
      Uses: 0,
      Active: true,
    })
  })

  it('refuses a code that differs only in case (409), and lets another vendor use the same code', async () => {
    const { vendor, ananya, riya, kurta } = await scene()
    await giveCode(vendor, ananya, [kurta], { Code: 'DIWALI24' })
    const clash = await create(vendor, { MarketerID: riya.id, Code: 'diwali24', BuyerText: 'Free gift', ProductIDs: [kurta.ProductID] })
    expect([clash.status, clash.body.message]).toEqual([409, COUPON_MESSAGES.clash])
    const other = await makeVendor()
    const theirs = await makeProduct(other)
    expect((await create(other, { MarketerID: riya.id, Code: 'Diwali24', BuyerText: 'Free gift', ProductIDs: [theirs.ProductID] })).status).toBe(201)
  })

  it('gives one 201 and 409s when the same code is created ten times at once, never a 500', async () => {
    const { vendor, ananya, kurta } = await scene()
    const codes = ['FESTIVE', 'festive', 'Festive', 'FeStIvE', 'FESTIVE', 'festivE', 'fESTIVE', 'FESTive', 'festIVE', 'FESTIVE']
    const answers = await Promise.all(
      codes.map((Code) => create(vendor, { MarketerID: ananya.id, Code, BuyerText: 'Rs 100 off', ProductIDs: [kurta.ProductID] })),
    )
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409])
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === COUPON_MESSAGES.clash)).toBe(true)
    const list = await call<CodeDTO[]>('GET', '/api/coupons?q=festive', { token: vendor.token })
    expect(list.body.data).toHaveLength(1)
  })

  it('refuses bad input with the message for each rule, and stores nothing', async () => {
    const { vendor, ananya, kurta } = await scene()
    const other = await makeVendor()
    const theirs = await makeProduct(other)
    const base = { MarketerID: ananya.id, Code: 'GOODCODE', BuyerText: '10% off', ProductIDs: [kurta.ProductID] }
    const now = Date.now()
    const cases: Array<[CodeBody & Record<string, unknown>, string]> = [
      [{ ...base, Code: 'AB1' }, COUPON_MESSAGES.codeInvalid],
      [{ ...base, Code: 'A'.repeat(21) }, COUPON_MESSAGES.codeInvalid],
      [{ ...base, Code: 'TEN OFF' }, COUPON_MESSAGES.codeInvalid],
      [{ ...base, Code: 'TEN-OFF' }, COUPON_MESSAGES.codeInvalid],
      [{ ...base, Code: '' }, COUPON_MESSAGES.codeRequired],
      [{ ...base, BuyerText: ' ' }, COUPON_MESSAGES.buyerTextRequired],
      [{ ...base, BuyerText: 'x'.repeat(81) }, COUPON_MESSAGES.buyerTextTooLong],
      [{ ...base, ProductIDs: [] }, COUPON_MESSAGES.productsRequired],
      [{ ...base, ProductIDs: [theirs.ProductID] }, COUPON_MESSAGES.productNotYours],
      [{ ...base, startsAt: iso(now + 2 * DAY), endsAt: iso(now + DAY) }, COUPON_MESSAGES.endBeforeStart],
      [{ ...base, endsAt: iso(now - DAY) }, COUPON_MESSAGES.endPassed],
      [{ ...base, endsAt: 'next week' }, COUPON_MESSAGES.dateInvalid],
      [{ ...base, UseLimit: 0 }, COUPON_MESSAGES.useLimitInvalid],
      [{ ...base, UseLimit: 2.5 }, COUPON_MESSAGES.useLimitInvalid],
      [{ ...base, UseLimit: -3 }, COUPON_MESSAGES.useLimitInvalid],
      [{ ...base, MarketerID: 99_999_999 }, COUPON_MESSAGES.marketerNotFound],
    ]
    for (const [json, message] of cases) {
      const res = await create(vendor, json)
      expect([res.status, res.body.message], JSON.stringify(json)).toEqual([400, message])
    }
    expect((await call<CodeDTO[]>('GET', '/api/coupons', { token: vendor.token })).body.data).toEqual([])
  })

  it('refuses a suspended creator (decision 210: any creator who is not suspended)', async () => {
    const { vendor, ananya, kurta } = await scene()
    await makeDb(env.DB)
      .update(marketers)
      .set({ suspendedAt: iso(Date.now()) })
      .where(eq(marketers.MarketerID, ananya.id))
    const res = await create(vendor, { MarketerID: ananya.id, Code: freshCode(), BuyerText: '10% off', ProductIDs: [kurta.ProductID] })
    expect([res.status, res.body.message]).toEqual([400, COUPON_MESSAGES.marketerNotFound])
  })
})

describe('who may manage codes', () => {
  it('answers 401 without a session, and 403 to the other role', async () => {
    const { vendor, ananya, kurta } = await scene()
    const code = await giveCode(vendor, ananya, [kurta])
    expect((await call('GET', '/api/coupons')).status).toBe(401)
    expect((await call('POST', '/api/coupons', { json: {} })).status).toBe(401)
    expect((await call('GET', '/api/coupons/mine')).status).toBe(401)
    expect((await call('GET', '/api/coupons', { token: ananya.token })).status).toBe(403)
    expect((await call('PUT', `/api/coupons/${code.CodeID}/status`, { token: ananya.token, json: { Active: false } })).status).toBe(403)
    expect((await call('GET', '/api/coupons/mine', { token: vendor.token })).status).toBe(403)
  })

  it("answers another vendor's code as one that does not exist (404) and changes nothing", async () => {
    const { vendor, ananya, kurta } = await scene()
    const code = await giveCode(vendor, ananya, [kurta])
    const other = await makeVendor()
    const notFound = { statusCode: 0, message: COUPON_MESSAGES.notFound, data: null }
    for (const id of [code.CodeID, 99999999]) {
      const status = await call('PUT', `/api/coupons/${id}/status`, { token: other.token, json: { Active: false } })
      const edit = await call('PUT', `/api/coupons/${id}`, { token: other.token, json: { BuyerText: 'Mine now' } })
      const uses = await call('GET', `/api/coupons/${id}/uses`, { token: other.token })
      for (const res of [status, edit, uses]) expect([res.status, res.body], String(id)).toEqual([404, notFound])
      // Without a session every id is 401, whether a code has it or not.
      expect((await call('PUT', `/api/coupons/${id}`, { json: { BuyerText: 'x' } })).status).toBe(401)
    }
    const list = (await call<CodeDTO[]>('GET', '/api/coupons', { token: vendor.token })).body.data
    expect(list[0]).toMatchObject({ Active: true, BuyerText: '10% off at checkout' })
    expect((await call<CodeDTO[]>('GET', '/api/coupons', { token: other.token })).body.data).toEqual([])
  })
})

describe('the vendor and creator lists', () => {
  it('pages the vendor codes newest first, with search by code start, creator and state filters', async () => {
    const { vendor, ananya, riya, kurta } = await scene()
    const a = await giveCode(vendor, ananya, [kurta], { Code: 'ANANYA10' })
    const b = await giveCode(vendor, ananya, [kurta], { Code: 'ANANYA20' })
    const r = await giveCode(vendor, riya, 'all', { Code: 'RIYASALE' })
    await call('PUT', `/api/coupons/${a.CodeID}/status`, { token: vendor.token, json: { Active: false } })
    const page1 = await paged<CodeDTO>('/api/coupons?limit=2', vendor.token)
    expect(page1.data.map((c) => c.Code)).toEqual(['RIYASALE', 'ANANYA20'])
    expect(page1.paging).toMatchObject({ limit: 2, total: 3 })
    const next = await paged<CodeDTO>(`/api/coupons?limit=2&cursor=${page1.paging.nextCursor}`, vendor.token)
    expect(next.data.map((c) => c.Code)).toEqual(['ANANYA10'])
    expect(next.paging.nextCursor).toBeNull()
    const searched = await paged<CodeDTO>('/api/coupons?q=ananya', vendor.token)
    expect([searched.data.map((c) => c.Code), searched.paging.total]).toEqual([['ANANYA20', 'ANANYA10'], 2])
    const byMarketer = await call<CodeDTO[]>(`GET`, `/api/coupons?marketerId=${riya.id}`, { token: vendor.token })
    expect(byMarketer.body.data.map((c) => c.CodeID)).toEqual([r.CodeID])
    const off = await call<CodeDTO[]>('GET', '/api/coupons?state=off', { token: vendor.token })
    expect(off.body.data.map((c) => c.CodeID)).toEqual([a.CodeID])
    const on = await call<CodeDTO[]>('GET', '/api/coupons?state=active', { token: vendor.token })
    expect(on.body.data.map((c) => c.CodeID)).toEqual([r.CodeID, b.CodeID])
  })

  it("lists a creator's own codes with their uses, and no one else's", async () => {
    const { vendor, ananya, riya, kurta } = await scene()
    const code = await giveCode(vendor, ananya, [kurta], { Code: freshCode('MINE') })
    await giveCode(vendor, riya, [kurta])
    expect((await buy(kurta, riya, code.Code)).status).toBe(201)
    const mine = await paged<CodeDTO>('/api/coupons/mine', ananya.token)
    expect(mine.data).toEqual([expect.objectContaining({ CodeID: code.CodeID, Uses: 1, BuyerText: '10% off at checkout', VendorName: 'Kurta House' })])
    expect(mine.paging.total).toBe(1)
  })

  it('lists the leads a code brought to its vendor, newest first, its total the use count; 404 to another vendor', async () => {
    const { vendor, ananya, riya, kurta } = await scene()
    const code = await giveCode(vendor, ananya, [kurta])
    const first = await buy(kurta, riya, code.Code)
    await buy(kurta, riya, 'NOTACODE1')
    const second = await buy(kurta, riya, code.Code)
    const uses = await paged<CodeUseDTO>(`/api/coupons/${code.CodeID}/uses?limit=1`, vendor.token)
    expect([uses.data.map((u) => u.LeadID), uses.paging.total]).toEqual([[second.body.data?.LeadID], 2])
    expect(uses.data[0]).toMatchObject({ ClientName: 'Kiran Rao', ProductName: 'Indigo Kurta', Status: 'Pending' })
    const next = await paged<CodeUseDTO>(`/api/coupons/${code.CodeID}/uses?limit=1&cursor=${uses.paging.nextCursor}`, vendor.token)
    expect(next.data.map((u) => u.LeadID)).toEqual([first.body.data?.LeadID])
    const other = await makeVendor()
    expect((await call('GET', `/api/coupons/${code.CodeID}/uses`, { token: other.token })).status).toBe(404)
    expect((await call('GET', `/api/coupons/${code.CodeID}/uses`, { token: ananya.token })).status).toBe(403)
  })

  it('edits the buyer text, end and limit, and switches a code off and on', async () => {
    const { vendor, ananya, kurta } = await scene()
    const code = await giveCode(vendor, ananya, [kurta])
    const end = iso(Date.now() + 10 * DAY)
    const edit = await call('PUT', `/api/coupons/${code.CodeID}`, { token: vendor.token, json: { BuyerText: '15% off', endsAt: end, UseLimit: 3 } })
    expect([edit.status, edit.body.message]).toEqual([200, COUPON_MESSAGES.updated])
    const off = await call('PUT', `/api/coupons/${code.CodeID}/status`, { token: vendor.token, json: { Active: false } })
    expect(off.body.message).toBe(COUPON_MESSAGES.switchedOff)
    let [listed] = (await call<CodeDTO[]>('GET', '/api/coupons', { token: vendor.token })).body.data
    expect(listed).toMatchObject({ BuyerText: '15% off', endsAt: end, UseLimit: 3, Active: false })
    await call('PUT', `/api/coupons/${code.CodeID}/status`, { token: vendor.token, json: { Active: true } })
    await call('PUT', `/api/coupons/${code.CodeID}`, { token: vendor.token, json: { endsAt: null, UseLimit: null } })
    ;[listed] = (await call<CodeDTO[]>('GET', '/api/coupons', { token: vendor.token })).body.data
    expect(listed).toMatchObject({ endsAt: null, UseLimit: null, Active: true })
  })
})

describe('a code typed on the buy form', () => {
  it("gives the lead to the code's creator, not the link's (explicit intent), with the product's commission", async () => {
    const { vendor, ananya, riya, saree } = await scene()
    const code = await giveCode(vendor, ananya, [saree], { Code: freshCode('ANANYA') })
    const res = await buy(saree, riya, code.Code.toLowerCase())
    expect([res.status, res.body.data?.CodeNotice]).toEqual([201, null])
    const row = await leadRow(res.body.data?.LeadID ?? 0)
    expect(row).toMatchObject({ MarketerID: ananya.id, CodeID: code.CodeID, CommissionAmountPaise: 40_000 })
    expect(await uses(code.CodeID)).toBe(1)
    // The creator's lead list shows it; the link's creator does not get it.
    const theirs = await call<LeadDTO[]>('GET', '/api/leads/leadsdata', { token: ananya.token })
    expect(theirs.body.data.map((l) => l.LeadID)).toContain(row.LeadID)
    const linkOwner = await call<LeadDTO[]>('GET', '/api/leads/leadsdata', { token: riya.token })
    expect(linkOwner.body.data.map((l) => l.LeadID)).not.toContain(row.LeadID)
  })

  it("keeps the lead with the link's creator and says why for an unknown, expired, early, used-up, switched-off or other product's code", async () => {
    const { vendor, ananya, riya, kurta, saree } = await scene()
    const now = Date.now()
    const expired = await giveCode(vendor, ananya, [kurta], { startsAt: iso(now - 3 * DAY), endsAt: iso(now + 60_000) })
    await makeDb(env.DB)
      .update(couponCodes)
      .set({ endsAt: iso(now - DAY) })
      .where(eq(couponCodes.CodeID, expired.CodeID))
    const early = await giveCode(vendor, ananya, [kurta], { startsAt: iso(now + DAY) })
    const usedUp = await giveCode(vendor, ananya, [kurta], { UseLimit: 1 })
    expect((await leadRow((await buy(kurta, riya, usedUp.Code)).body.data?.LeadID ?? 0)).MarketerID).toBe(ananya.id)
    const off = await giveCode(vendor, ananya, [kurta])
    await call('PUT', `/api/coupons/${off.CodeID}/status`, { token: vendor.token, json: { Active: false } })
    const sareeOnly = await giveCode(vendor, ananya, [saree])
    const other = await makeVendor()
    const otherProduct = await makeProduct(other)
    const othersCode = await giveCode(other, ananya, [otherProduct])
    const cases: Array<[string, string]> = [
      ['NOSUCHCODE', COUPON_MESSAGES.unknown],
      ['no!', COUPON_MESSAGES.unknown],
      [expired.Code, COUPON_MESSAGES.expired],
      [early.Code, COUPON_MESSAGES.notYetActive],
      [usedUp.Code, COUPON_MESSAGES.usedUp],
      [off.Code, COUPON_MESSAGES.switchedOffForBuyer],
      [sareeOnly.Code, COUPON_MESSAGES.notForProduct],
      [othersCode.Code, COUPON_MESSAGES.unknown],
    ]
    for (const [typed, reason] of cases) {
      const res = await buy(kurta, riya, typed)
      expect([res.status, res.body.data?.CodeNotice], typed).toEqual([201, COUPON_MESSAGES.notApplied(reason)])
      expect(await leadRow(res.body.data?.LeadID ?? 0), typed).toMatchObject({ MarketerID: riya.id, CodeID: null })
    }
    expect(await uses(usedUp.CodeID)).toBe(1)
    expect(await uses(othersCode.CodeID)).toBe(0)
  })

  it("does not let a signed-in creator apply their own code on another creator's link", async () => {
    const { vendor, ananya, riya, kurta } = await scene()
    const code = await giveCode(vendor, ananya, [kurta])
    const res = await call<LeadCreated>('POST', '/api/leads/create', {
      json: { ...leadForm(kurta, riya), CreatorCode: code.Code },
      token: ananya.token,
      headers: { 'cf-connecting-ip': freshIp() },
    })
    expect([res.status, res.body.data?.CodeNotice]).toEqual([201, COUPON_MESSAGES.notApplied(COUPON_MESSAGES.ownCode)])
    expect(await leadRow(res.body.data?.LeadID ?? 0)).toMatchObject({ MarketerID: riya.id, CodeID: null })
    expect(await uses(code.CodeID)).toBe(0)
  })

  it('treats a blank code as none: no notice, the link decides', async () => {
    const { riya, kurta } = await scene()
    for (const typed of [undefined, null, '', '   ']) {
      const res = await buy(kurta, riya, typed)
      expect([res.status, res.body.data?.CodeNotice]).toEqual([201, null])
      expect((await leadRow(res.body.data?.LeadID ?? 0)).MarketerID).toBe(riya.id)
    }
  })

  it('never goes past the use limit when 12 buyers type the code at once', async () => {
    const { vendor, ananya, riya, kurta } = await scene()
    const code = await giveCode(vendor, ananya, 'all', { UseLimit: 5 })
    const answers = await Promise.all(Array.from({ length: 12 }, () => buy(kurta, riya, code.Code)))
    expect(answers.every((a) => a.status === 201)).toBe(true)
    const rows = await Promise.all(answers.map((a) => leadRow(a.body.data?.LeadID ?? 0)))
    expect(rows.filter((r) => r.CodeID === code.CodeID && r.MarketerID === ananya.id)).toHaveLength(5)
    expect(rows.filter((r) => r.CodeID === null && r.MarketerID === riya.id)).toHaveLength(7)
    expect(answers.filter((a) => a.body.data?.CodeNotice === COUPON_MESSAGES.notApplied(COUPON_MESSAGES.usedUp))).toHaveLength(7)
    expect(await uses(code.CodeID)).toBe(5)
  })

  it('answers the code and what it gives from the public lookup, whatever the case', async () => {
    const { vendor, ananya, kurta, saree } = await scene()
    const code = await giveCode(vendor, ananya, [kurta], { Code: freshCode('LOOK') })
    const found = await lookup<PublicCodeDTO>(kurta, code.Code.toLowerCase())
    // What the buyer needs (the code and its discount); never which creator it pays.
    expect(found.body.data).toEqual({ Code: code.Code, BuyerText: '10% off at checkout' })
    expect(JSON.stringify(found.body)).not.toContain('Ananya')
    const wrong = await lookup(saree, code.Code)
    expect([wrong.status, wrong.body.message]).toEqual([400, COUPON_MESSAGES.notForProduct])
    const unknown = await lookup(kurta, 'ZZZZ9999')
    expect([unknown.status, unknown.body.message]).toEqual([400, COUPON_MESSAGES.unknown])
  })

  it('lets one network try 30 codes that do not work in 10 minutes, then answers 429, while good codes and other networks still pass', async () => {
    const { vendor, ananya, kurta } = await scene()
    const code = await giveCode(vendor, ananya, [kurta], { Code: freshCode('GOOD') })
    const ip = '198.51.100.61'
    // Codes that work do not use up the network's tries: a buyer checking a real code is no guesser.
    for (let i = 0; i < 5; i++) expect((await lookup(kurta, code.Code, ip)).status).toBe(200)
    for (let i = 0; i < CODE_LOOKUP_MISSES.max; i++) {
      expect((await lookup(kurta, `GUESS${String(i).padStart(3, '0')}`, ip)).status).toBe(400)
    }
    const blocked = await lookup(kurta, 'GUESS999', ip)
    expect([blocked.status, blocked.body]).toEqual([429, { statusCode: 0, message: COUPON_MESSAGES.tooManyLookups, data: null }])
    // Past the limit even a real code waits: the network cannot tell hits from misses any more.
    expect((await lookup(kurta, code.Code, ip)).status).toBe(429)
    expect((await lookup(kurta, 'GUESS998', '198.51.100.62')).status).toBe(400)
  })

  it('refuses a burst of guesses at once past the limit: exactly 30 are checked', async () => {
    const { kurta } = await scene()
    const ip = '198.51.100.63'
    const answers = await Promise.all(Array.from({ length: 45 }, (_, i) => lookup(kurta, `BURST${String(i).padStart(3, '0')}`, ip)))
    expect(answers.filter((a) => a.status === 400)).toHaveLength(CODE_LOOKUP_MISSES.max)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(45 - CODE_LOOKUP_MISSES.max)
  })
})

describe('the buy page', () => {
  it("shows the link creator's active code for the product and what it gives, in the served HTML", async () => {
    const { vendor, ananya, riya, kurta, saree } = await scene()
    const code = await giveCode(vendor, ananya, [kurta], { Code: freshCode('SHOWN'), BuyerText: 'Free dupatta with every kurta' })
    const page = await exports.default.fetch(
      new Request(`${ORIGIN}/affiliate/track?productId=${kurta.ProductID}&vendorId=${vendor.id}&marketerId=${ananya.id}`),
    )
    const html = await page.text()
    expect(html).toContain('Have a creator code?')
    expect(html).toContain(`value="${code.Code}"`)
    expect(html).toContain('Free dupatta with every kurta')
    // Another creator's link, or a product the code does not cover: the field is there, empty.
    for (const [product, marketer] of [
      [kurta, riya],
      [saree, ananya],
    ] as const) {
      const other = await (
        await exports.default.fetch(new Request(`${ORIGIN}/affiliate/track?productId=${product.ProductID}&vendorId=${vendor.id}&marketerId=${marketer.id}`))
      ).text()
      expect(other).toContain('Have a creator code?')
      expect(other).not.toContain(code.Code)
    }
  })

  it('keeps a form posted without JavaScript open when its creator code cannot be used, and sends it without the code when asked', async () => {
    const { riya, ananya, kurta, vendor } = await scene()
    const code = await giveCode(vendor, ananya, [kurta], { Code: freshCode('NOJS') })
    const ip = freshIp()
    const post = async (fields: Record<string, string>) => {
      const res = await exports.default.fetch(
        new Request(`${ORIGIN}/affiliate/track?productId=${kurta.ProductID}&vendorId=${vendor.id}&marketerId=${riya.id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': ip },
          body: new URLSearchParams({ ClientName: 'Kiran Rao', ClientEmail: '', ClientPhone: '9811122233', ...fields }),
        }),
      )
      return { status: res.status, html: await res.text() }
    }
    const leadsOf = (marketerId: number) => makeDb(env.DB).select().from(leads).where(eq(leads.MarketerID, marketerId))
    const escaped = (text: string) => text.replace(/'/g, '&#x27;')

    const refused = await post({ CreatorCode: 'NOPE1234' })
    expect(refused.status).toBe(400)
    expect(refused.html).not.toContain('Thank You!')
    expect(refused.html).toContain(escaped(COUPON_MESSAGES.unknown))
    expect(refused.html).toContain('aria-invalid="true"')
    expect(refused.html).toContain('Send without the code')
    expect(refused.html).toContain('value="NOPE1234"')
    expect(await leadsOf(riya.id)).toHaveLength(0)

    const sent = await post({ CreatorCode: 'NOPE1234', WithoutCode: '1' })
    expect(sent.html).toContain('Thank You!')
    expect(sent.html).not.toContain(escaped(COUPON_MESSAGES.notApplied(COUPON_MESSAGES.unknown)))
    expect((await leadsOf(riya.id)).map((l) => l.CodeID)).toEqual([null])

    // A code that works goes with the lead to its creator, as with the script.
    const coded = await post({ CreatorCode: code.Code.toLowerCase(), ClientPhone: '9811122244' })
    expect(coded.html).toContain('Thank You!')
    expect((await leadsOf(ananya.id)).map((l) => l.CodeID)).toEqual([code.CodeID])
  })

  it('marks the field a form posted without JavaScript got wrong, with its message below it', async () => {
    const { riya, kurta, vendor } = await scene()
    const res = await exports.default.fetch(
      new Request(`${ORIGIN}/affiliate/track?productId=${kurta.ProductID}&vendorId=${vendor.id}&marketerId=${riya.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': freshIp() },
        body: new URLSearchParams({ ClientName: 'K', ClientEmail: 'not-an-email', ClientPhone: '9811122255' }),
      }),
    )
    const html = await res.text()
    expect(res.status).toBe(400)
    expect(html).toMatch(/<input[^>]*name="ClientName"[^>]*aria-invalid="true"|<input[^>]*aria-invalid="true"[^>]*name="ClientName"/)
    expect(html).toMatch(/<p id="([^"]+)-error" data-field-error="true"[^>]*>Name should be at least 2 characters\.<\/p>/)
  })
})

describe('the storefront helper', () => {
  it('lists only the codes usable now, with their products', async () => {
    const { vendor, ananya, kurta, saree } = await scene()
    const now = Date.now()
    const live = await giveCode(vendor, ananya, [kurta, saree])
    const all = await giveCode(vendor, ananya, 'all')
    await giveCode(vendor, ananya, [kurta], { startsAt: iso(now + DAY) })
    const off = await giveCode(vendor, ananya, [kurta])
    await call('PUT', `/api/coupons/${off.CodeID}/status`, { token: vendor.token, json: { Active: false } })
    const codes = await activeCodesOf(makeDb(env.DB), ananya.id)
    expect(codes.map((c) => [c.CodeID, c.AllProducts, [...c.ProductIDs].sort()])).toEqual([
      [all.CodeID, true, []],
      [live.CodeID, false, [kurta.ProductID, saree.ProductID].sort()],
    ])
  })
})

describe('orders paid with a code', () => {
  async function keyed() {
    const vendor = await makeVerifiedVendor({ VendorName: 'Chai & Co.' })
    const [ananya, riya] = [await makeMarketer({ MarketerName: 'Ananya Iyer' }), await makeMarketer()]
    const tea = await makeProduct(vendor, { Price: '1000', CommissionType: 'Percentage', CommissionValue: '10' })
    const mug = await makeProduct(vendor, { Price: '500', CommissionType: 'Fixed', CommissionValue: '50' })
    const key = await makeApiKey(vendor, ['conversions:write', 'leads:read'])
    return { vendor, ananya, riya, tea, mug, key }
  }
  const convert = (key: { Secret: string }, json: unknown) => call<ConversionDTO>('POST', '/api/v1/conversions', { token: key.Secret, json })

  it("makes a lead for the code's creator from the order, once per orderId, counting one use", async () => {
    const { vendor, ananya, tea, key } = await keyed()
    const code = await giveCode(vendor, ananya, [tea], { Code: freshCode('CHAI') })
    const first = await convert(key, { coupon: code.Code.toLowerCase(), orderId: 'WEB-1', amount: 200_000 })
    expect(first.status).toBe(201)
    expect(first.body.data).toMatchObject({ Commission: 200 })
    const lead = await leadRow(first.body.data.LeadID)
    expect(lead).toMatchObject({ MarketerID: ananya.id, CodeID: code.CodeID, Status: 'Converted', ProductID: tea.ProductID })
    const again = await convert(key, { coupon: code.Code.toLowerCase(), orderId: 'WEB-1', amount: 200_000 })
    expect([again.status, again.body.data.LeadID]).toEqual([200, lead.LeadID])
    expect(await uses(code.CodeID)).toBe(1)
  })

  it('refuses an unknown, expired or used-up code with its message, and needs productId for a code of several products', async () => {
    const { vendor, ananya, tea, mug, key } = await keyed()
    const several = await giveCode(vendor, ananya, [tea, mug])
    const once = await giveCode(vendor, ananya, [tea], { UseLimit: 1 })
    expect((await convert(key, { coupon: once.Code, orderId: 'O-1' })).status).toBe(201)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ coupon: 'UNKNOWN99', orderId: 'O-2' }, COUPON_MESSAGES.unknown],
      [{ coupon: once.Code, orderId: 'O-3' }, COUPON_MESSAGES.usedUp],
      [{ coupon: several.Code, orderId: 'O-4' }, COUPON_MESSAGES.severalProducts],
    ]
    for (const [json, message] of cases) {
      const res = await convert(key, json)
      expect([res.status, res.body.message], JSON.stringify(json)).toEqual([400, message])
    }
    const withProduct = await convert(key, { coupon: several.Code, productId: mug.ProductID, orderId: 'O-5' })
    expect((await leadRow(withProduct.body.data.LeadID)).ProductID).toBe(mug.ProductID)
  })

  it('attributes a Shopify order with a creator discount code and no ck_ref', async () => {
    const { vendor, ananya, tea } = await keyed()
    const code = await giveCode(vendor, ananya, [tea], { Code: freshCode('SHOP') })
    const secret = 'shopify-secret-for-codes'
    const store = (await call<StoreDTO>('POST', '/api/stores', { token: vendor.token, json: { kind: 'shopify', shop: 'chai.myshopify.com', secret } })).body
      .data
    const body = JSON.stringify({
      id: 4401,
      admin_graphql_api_id: 'gid://shopify/Order/4401',
      financial_status: 'paid',
      currency: 'INR',
      subtotal_price: '1000.00',
      note_attributes: [],
      discount_codes: [
        { code: 'WELCOME5', amount: '50.00', type: 'fixed_amount' },
        { code: code.Code.toLowerCase(), amount: '100.00', type: 'percentage' },
      ],
      created_at: '2026-11-26T10:00:00+05:30',
      line_items: [{ id: 1, sku: tea.SKU, quantity: 1, price: '1000.00', discount_allocations: [] }],
    })
    const headers = new Headers({
      'content-type': 'application/json',
      'X-Shopify-Hmac-SHA256': createHmac('sha256', secret).update(body).digest('base64'),
      'X-Shopify-Topic': 'orders/paid',
      'X-Shopify-Webhook-Id': crypto.randomUUID(),
    })
    const res = await exports.default.fetch(new Request(`${ORIGIN}${new URL(store.webhookUrl).pathname}`, { method: 'POST', headers, body }))
    expect(((await res.json()) as { data: { outcome: string } }).data.outcome).toBe('converted')
    const [lead] = await makeDb(env.DB).select().from(leads).where(eq(leads.CodeID, code.CodeID))
    expect(lead).toMatchObject({ MarketerID: ananya.id, Status: 'Converted' })
  })
})

describe('a WooCommerce order with a creator code that cannot be used', () => {
  it('is kept as a refused event with the reason, and makes no lead', async () => {
    const vendor = await makeVendor()
    const ananya = await makeMarketer()
    const tea = await makeProduct(vendor)
    const code = await giveCode(vendor, ananya, [tea], { startsAt: iso(Date.now() + DAY) })
    const secret = 'woo-secret-for-codes-2026'
    const store = (await call<StoreDTO>('POST', '/api/stores', { token: vendor.token, json: { kind: 'woocommerce', shop: 'chai.example.in', secret } })).body
      .data
    const body = JSON.stringify({
      id: 991,
      status: 'processing',
      currency: 'INR',
      date_created_gmt: '2026-11-26T04:30:00',
      coupon_lines: [{ id: 1, code: code.Code.toLowerCase() }],
      line_items: [{ id: 1, sku: tea.SKU, quantity: 1, subtotal: '500.00', total: '500.00' }],
    })
    const headers = new Headers({
      'content-type': 'application/json',
      'X-WC-Webhook-Signature': createHmac('sha256', secret).update(body).digest('base64'),
      'X-WC-Webhook-Topic': 'order.updated',
      'X-WC-Webhook-Delivery-ID': crypto.randomUUID(),
    })
    const res = await exports.default.fetch(new Request(`${ORIGIN}${new URL(store.webhookUrl).pathname}`, { method: 'POST', headers, body }))
    expect(((await res.json()) as { data: { outcome: string } }).data.outcome).toBe('refused')
    const events = await call<Array<{ outcome: string; detail: string | null }>>('GET', `/api/stores/${store.StoreID}/events`, { token: vendor.token })
    expect(events.body.data[0]).toMatchObject({ outcome: 'refused', detail: COUPON_MESSAGES.notYetActive })
    expect(await makeDb(env.DB).select().from(leads).where(eq(leads.CodeID, code.CodeID))).toEqual([])
    expect(await uses(code.CodeID)).toBe(0)
  })
})

describe('rows read by the code routes', () => {
  /** `n` more codes of `vendor` for `marketerId`, each naming two products, straight into D1. */
  async function addCodes(vendorId: number, marketerId: number, productIds: number[], n: number) {
    for (let i = 0; i < n; i++) {
      const Code = freshCode('BULK')
      const [row] = await makeDb(env.DB)
        .insert(couponCodes)
        .values({ VendorID: vendorId, MarketerID: marketerId, Code, CodeNorm: Code, BuyerText: '5% off', createdAt: iso(Date.now()) })
        .returning()
      await makeDb(env.DB)
        .insert(couponCodeProducts)
        .values(productIds.map((ProductID) => ({ CodeID: row.CodeID, ProductID })))
    }
  }
  const rowsRead = async (path: string, token?: string) => {
    const res = await call('GET', path, { token })
    expect(res.status).toBe(200)
    return d1Figures(res.headers).rowsRead
  }

  it('reads about what a page shows, and no more when the vendor has three times the codes', async () => {
    const { vendor, ananya, kurta, saree } = await scene()
    const ids = [kurta.ProductID, saree.ProductID]
    await addCodes(vendor.id, ananya.id, ids, 30)
    const [newest] = (await call<CodeDTO[]>('GET', '/api/coupons?limit=1', { token: vendor.token })).body.data
    const lookupCode = newest.Code
    const product = (await makeDb(env.DB).select().from(products).where(eq(products.ProductID, kurta.ProductID)))[0]
    const addUses = async (n: number) => {
      for (let i = 0; i < n; i++) await insertLead(product, ananya.id, 'Pending', { CodeID: newest.CodeID })
    }
    await addUses(30)
    const paths: Array<[string, string | undefined, number]> = [
      // A page of 20: each code, its creator and vendor by key, and its two products with their names; the kept total.
      ['/api/coupons', vendor.token, 20 * 7 + 30],
      ['/api/coupons/mine', ananya.token, 20 * 7 + 30],
      [`/api/coupons/lookup?productId=${kurta.ProductID}&code=${lookupCode}`, undefined, 15],
      // A page of 20 leads from the code's index range, and the code by key.
      [`/api/coupons/${newest.CodeID}/uses`, vendor.token, 21 + 30],
    ]
    const once = await Promise.all(paths.map(([path, token]) => rowsRead(path, token)))
    await addCodes(vendor.id, ananya.id, ids, 60)
    await addUses(60)
    const thrice = await Promise.all(paths.map(([path, token]) => rowsRead(path, token)))
    paths.forEach(([path, , budget], i) => {
      expect(once[i], path).toBeLessThanOrEqual(budget)
      expect(thrice[i], path).toBeLessThanOrEqual(Math.ceil(1.2 * once[i]))
    })
  })
})
