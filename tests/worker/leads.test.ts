import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { LeadCreated, LeadDTO } from '../../worker/contract/lead'
import { makeDb } from '../../worker/db/client'
import { insertLeadOnce } from '../../worker/db/leads'
import { leads } from '../../worker/db/schema'
import { maskContact } from '../../worker/domain/leads'
import { call } from '../helpers/api'
import { freshIp, leadForm, makeLead, makeMarketer, makeProduct, makeVendor, productForm } from '../helpers/factories'

const submit = (json: Record<string, unknown>, ip = freshIp()) => call<LeadCreated>('POST', '/api/leads/create', { json, headers: { 'cf-connecting-ip': ip } })

const buyForm = leadForm

const vendorLeads = (vendorId: number, token?: string) => call<LeadDTO[]>('GET', `/api/leads/leadsbyvendorid/${vendorId}`, { token })

async function scene() {
  const vendor = await makeVendor({ VendorName: 'Chai & Co.' })
  const marketer = await makeMarketer({ MarketerName: 'Meera Nair' })
  const product = await makeProduct(vendor, {
    ProductName: 'Assam Masala Chai',
    Price: '349',
    CommissionType: 'Percentage',
    CommissionValue: '10',
  })
  return { vendor, marketer, product }
}

describe('POST /api/leads/create', () => {
  it('stores the enquiry for the vendor, with the price and commission of the moment', async () => {
    const { vendor, marketer, product } = await scene()
    const res = await submit(buyForm(product, marketer, { ClientPhone: '9876500001', ClientEmail: ' Kiran@Example.IN ' }))
    expect(res.status).toBe(201)
    expect(res.body.statusCode).toBe(1)
    expect(res.body.data).toEqual({ LeadID: expect.any(Number), CodeNotice: null })

    // A later price change must not rewrite what the lead was worth.
    const edit = productForm({ SKU: product.SKU, Price: '500', CommissionType: 'Fixed', CommissionValue: '80', ProductName: 'Masala Chai 250 g' }, [])
    expect((await call('PUT', `/api/products/update/${product.ProductID}`, { token: vendor.token, form: edit })).status).toBe(200)

    const list = await vendorLeads(vendor.id, vendor.token)
    expect(list.body.data).toEqual([
      {
        LeadID: res.body.data?.LeadID,
        Status: 'Pending',
        ClientName: 'Kiran Rao',
        ClientEmail: 'kiran@example.in',
        ClientPhone: '9876500001',
        createdAt: expect.any(String),
        ProductID: product.ProductID,
        VendorID: vendor.id,
        MarketerID: marketer.id,
        Price: '349.00',
        CommissionAmount: 34.9,
        Product: { ProductID: product.ProductID, ProductName: 'Masala Chai 250 g', Price: '349.00', ImageURL: product.ImageURL },
        Marketer: { MarketerID: marketer.id, MarketerName: 'Meera Nair' },
        Vendor: { VendorID: vendor.id, VendorName: 'Chai & Co.' },
      },
    ])
  })

  it('accepts a blank email and ids sent as text (straight from the link)', async () => {
    const { marketer, product } = await scene()
    const res = await submit(
      buyForm(product, marketer, {
        ProductID: String(product.ProductID),
        VendorID: String(product.VendorID),
        MarketerID: String(marketer.id),
        ClientEmail: '',
      }),
    )
    expect(res.status).toBe(201)
  })

  it.each([
    [{ ClientName: '' }, 'Please Enter Your Name'],
    [{ ClientName: '   ' }, 'Please Enter Your Name'],
    [{ ClientName: undefined }, 'Please Enter Your Name'],
    [{ ClientName: 'x'.repeat(51) }, 'Name should be less than 50 characters.'],
    [{ ClientName: 'K' }, 'Name should be at least 2 characters.'],
    [{ ClientName: ' K ' }, 'Name should be at least 2 characters.'],
    [{ ClientEmail: 'not-an-email' }, 'Invalid email format'],
    [{ ClientPhone: '' }, 'Please Enter Your Mobile Number'],
    [{ ClientPhone: '987654321' }, 'Mobile number should be exactly 10 digits'],
    [{ ClientPhone: '98765432101' }, 'Mobile number should be exactly 10 digits'],
    [{ ClientPhone: '98765abcde' }, 'Mobile number should be exactly 10 digits'],
    [{ ClientPhone: '1234567890' }, 'Mobile number should start with 6, 7, 8 or 9'],
    [{ ClientPhone: '+91 52345 67890' }, 'Mobile number should start with 6, 7, 8 or 9'],
    [{ ClientPhone: '+1 415 555 2671' }, 'Mobile number should be exactly 10 digits'],
    [{ ClientEmail: 'kiran@' }, 'Invalid email format'],
    [{ ClientName: '', ClientPhone: '' }, 'Please Enter Your Name'],
    [{ ClientPhone: '1', ClientEmail: 'bad' }, 'Mobile number should be exactly 10 digits'],
    [{ ProductID: 'abc' }, 'This product link is not valid'],
    [{ VendorID: undefined }, 'This product link is not valid'],
    [{ MarketerID: '0' }, 'This product link is not valid'],
    [{ MarketerID: -4, ClientName: '' }, 'This product link is not valid'],
  ])('refuses %j with the buy form message', async (overrides, message) => {
    const { vendor, marketer, product } = await scene()
    const res = await submit(buyForm(product, marketer, overrides))
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ statusCode: 0, message, data: null })
    expect((await vendorLeads(vendor.id, vendor.token)).body.data).toEqual([])
  })

  it('stores a phone pasted as +91 98765 43210 as its ten digits', async () => {
    const { vendor, marketer, product } = await scene()
    const res = await submit(buyForm(product, marketer, { ClientPhone: '+91 98765 43210' }))
    expect(res.status).toBe(201)
    expect((await vendorLeads(vendor.id, vendor.token)).body.data).toEqual([expect.objectContaining({ ClientPhone: '9876543210' })])
  })

  it('refuses a product that is missing, inactive or not the named vendor’s, and an unknown influencer', async () => {
    const { vendor, marketer, product } = await scene()
    const other = await makeVendor()
    const inactive = await makeProduct(vendor)
    await call('PUT', `/api/products/status/${inactive.ProductID}`, { token: vendor.token })

    const cases = [
      buyForm(product, marketer, { ProductID: 999_999 }),
      buyForm(inactive, marketer),
      buyForm(product, marketer, { VendorID: other.id }),
      buyForm(product, marketer, { MarketerID: 999_999 }),
    ]
    for (const form of cases) {
      const res = await submit(form)
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ statusCode: 0, message: 'This product is no longer available', data: null })
    }
    expect((await vendorLeads(vendor.id, vendor.token)).body.data).toEqual([])
  })

  it('stores the same phone for the same product and influencer only once a day', async () => {
    const { vendor, marketer, product } = await scene()
    const otherMarketer = await makeMarketer()
    const form = buyForm(product, marketer, { ClientPhone: '9000000001' })

    expect((await submit(form)).body.data).not.toBeNull()
    const again = await submit({ ...form, ClientName: 'Kiran R.' })
    expect(again.status).toBe(201)
    expect(again.body).toMatchObject({ statusCode: 1, data: null })
    const sameTime = await Promise.all([submit(form), submit(form)])
    expect(sameTime.map((r) => r.status)).toEqual([201, 201])

    // Another influencer's link is another lead.
    expect((await submit(buyForm(product, otherMarketer, { ClientPhone: '9000000001' }))).body.data).not.toBeNull()
    const list = (await vendorLeads(vendor.id, vendor.token)).body.data
    expect(list.filter((l) => l.ClientPhone === '9000000001')).toHaveLength(2)
  })

  it('takes the same phone again once 24 hours have passed', async () => {
    const { vendor, marketer, product } = await scene()
    const d = makeDb(env.DB)
    const input = { ...buyForm(product, marketer, { ClientPhone: '9000000002' }), ClientEmail: null } as const
    const snapshot = { ProductName: product.ProductName, PricePaise: 34900, CommissionAmountPaise: 3490 }
    const dayAndAMinuteAgo = Date.now() - (24 * 60 + 1) * 60_000
    expect(await insertLeadOnce(d, input, snapshot, dayAndAMinuteAgo)).not.toBeNull()

    expect((await submit(buyForm(product, marketer, { ClientPhone: '9000000002' }))).body.data).not.toBeNull()
    expect((await vendorLeads(vendor.id, vendor.token)).body.data).toHaveLength(2)
  })

  it('lets one network submit 20 enquiries an hour, then answers 429', async () => {
    const { vendor, marketer, product } = await scene()
    const ip = '198.51.100.7'
    for (let i = 0; i < 20; i++) {
      expect((await submit(buyForm(product, marketer), ip)).status).toBe(201)
    }
    const blocked = await submit(buyForm(product, marketer), ip)
    expect(blocked.status).toBe(429)
    expect(blocked.body).toEqual({
      statusCode: 0,
      message: 'Too many requests from your network. Please try again in an hour.',
      data: null,
    })
    expect((await vendorLeads(vendor.id, vendor.token)).body.data).toHaveLength(20)
    expect((await submit(buyForm(product, marketer), '198.51.100.8')).status).toBe(201)
  })

  it('keeps the lead with its snapshot when the product is deleted', async () => {
    const { vendor, marketer, product } = await scene()
    await makeLead(product, marketer)
    expect((await call('DELETE', `/api/products/${product.ProductID}`, { token: vendor.token })).status).toBe(200)
    const [lead] = (await vendorLeads(vendor.id, vendor.token)).body.data
    expect(lead).toMatchObject({
      ProductID: null,
      Price: '349.00',
      Product: { ProductID: null, ProductName: 'Assam Masala Chai', Price: '349.00', ImageURL: '' },
    })
  })
})

describe('reading leads', () => {
  it("lists a vendor's leads newest first, to that vendor only", async () => {
    const { vendor, marketer, product } = await scene()
    const intruder = await makeVendor()
    const first = await makeLead(product, marketer)
    const second = await makeLead(product, marketer)

    const res = await vendorLeads(vendor.id, vendor.token)
    expect(res.status).toBe(200)
    expect(res.body.data.map((l) => l.LeadID)).toEqual([second.LeadID, first.LeadID])

    expect((await vendorLeads(vendor.id, intruder.token)).status).toBe(403)
    expect((await vendorLeads(vendor.id, marketer.token)).status).toBe(403)
    expect((await vendorLeads(vendor.id)).status).toBe(401)
  })

  it("lists an influencer's leads to that influencer, with the buyer's contact masked", async () => {
    const { marketer, product } = await scene()
    const other = await makeMarketer()
    await makeLead(product, marketer, { ClientPhone: '9812345678', ClientEmail: 'kiran@example.in' })

    const res = await call<LeadDTO[]>('GET', `/api/leads/leadsbymarketerid/${marketer.id}`, { token: marketer.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toHaveLength(1)
    expect(res.body.data[0]).toMatchObject({
      ClientPhone: '98******78',
      ClientEmail: 'ki************in',
      Vendor: { VendorName: 'Chai & Co.' },
      Product: { ProductName: 'Assam Masala Chai', Price: '349.00' },
    })
    expect((await call('GET', `/api/leads/leadsbymarketerid/${marketer.id}`, { token: other.token })).status).toBe(403)
    expect((await call('GET', `/api/leads/leadsbymarketerid/${marketer.id}`)).status).toBe(401)
  })

  it("answers the caller's own leads from leadsdata, whichever the role", async () => {
    const { vendor, marketer, product } = await scene()
    const otherVendor = await makeVendor()
    const otherProduct = await makeProduct(otherVendor)
    const mine = await makeLead(product, marketer)
    const theirs = await makeLead(otherProduct, marketer)

    const asVendor = await call<LeadDTO[]>('GET', '/api/leads/leadsdata', { token: vendor.token })
    expect(asVendor.body.data.map((l) => l.LeadID)).toEqual([mine.LeadID])
    const asMarketer = await call<LeadDTO[]>('GET', '/api/leads/leadsdata', { token: marketer.token })
    expect(asMarketer.body.data.map((l) => l.LeadID)).toEqual([theirs.LeadID, mine.LeadID])
    expect(asMarketer.body.data[0].ClientPhone).toMatch(/^\d{2}\*{6}\d{2}$/)
    expect((await call('GET', '/api/leads/leadsdata')).status).toBe(401)
  })

  it('masks short values completely', () => {
    expect(maskContact('abcd')).toBe('****')
    expect(maskContact('abcde')).toBe('ab*de')
  })
})

describe('PUT /api/leads/status/{id}', () => {
  const setStatus = (id: number, Status: unknown, token?: string, Reason?: string) =>
    call<{ LeadID: number; Status: string }>('PUT', `/api/leads/status/${id}`, { token, json: { Status, Reason } })

  it('lets the vendor set any status, stamping the conversion time', async () => {
    const { vendor, marketer, product } = await scene()
    const { LeadID } = await makeLead(product, marketer)
    const d = makeDb(env.DB)
    const convertedAt = async () => (await d.query.leads.findFirst({ where: eq(leads.LeadID, LeadID) }))?.convertedAt

    const res = await setStatus(LeadID, 'Converted', vendor.token)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ statusCode: 1, data: { LeadID, Status: 'Converted' } })
    expect(await convertedAt()).toEqual(expect.any(String))

    expect((await setStatus(LeadID, 'Lost', vendor.token, 'Buyer cancelled')).status).toBe(200)
    expect(await convertedAt()).toBeNull()
    expect((await setStatus(LeadID, 'Pending', vendor.token)).status).toBe(200)
    expect((await vendorLeads(vendor.id, vendor.token)).body.data[0].Status).toBe('Pending')
  })

  it.each([['Won'], ['pending'], [''], [null], [3]])('refuses the status %j', async (status) => {
    const { vendor, marketer, product } = await scene()
    const { LeadID } = await makeLead(product, marketer)
    const res = await setStatus(LeadID, status, vendor.token)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ statusCode: 0, message: 'Status should be Pending, Lost or Converted', data: null })
  })

  it('refuses another vendor, the influencer and a visitor, and the status stays', async () => {
    const { vendor, marketer, product } = await scene()
    const intruder = await makeVendor()
    const { LeadID } = await makeLead(product, marketer)
    expect((await setStatus(LeadID, 'Converted', intruder.token)).status).toBe(403)
    expect((await setStatus(LeadID, 'Converted', marketer.token)).status).toBe(403)
    expect((await setStatus(LeadID, 'Converted')).status).toBe(401)
    expect((await vendorLeads(vendor.id, vendor.token)).body.data[0].Status).toBe('Pending')
  })

  it('answers 404 for a lead that does not exist', async () => {
    const vendor = await makeVendor()
    const res = await setStatus(999_999, 'Lost', vendor.token)
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Lead not found')
  })
})
