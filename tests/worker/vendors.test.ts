import { env, exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { VendorAnalytics, VendorPublic, VendorSelf } from '../../worker/contract/vendor'
import { makeDb } from '../../worker/db/client'
import { impressionsDaily } from '../../worker/db/schema'
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE } from '../../worker/domain/images'
import { call, ORIGIN } from '../helpers/api'
import { makeLead, makeMarketer, makeProduct, makeVendor, productForm, type SignedInVendor } from '../helpers/factories'
import { FAKE_PNG, imageFile, JPEG, oversizedPng, PNG } from '../helpers/images'

const getVendor = (id: number, token?: string) => call<VendorSelf | VendorPublic>('GET', `/api/vendors/${id}`, { token })

describe('GET /api/vendors/{id}', () => {
  it('gives the vendor their full record, without any password material', async () => {
    const vendor = await makeVendor({ VendorName: 'Handloom Haus', MobileNumber: '9820011223' })
    const res = await getVendor(vendor.id, vendor.token)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      VendorID: vendor.id,
      VendorName: 'Handloom Haus',
      Email: vendor.email,
      MobileNumber: '9820011223',
      VendorProfilePic: null,
      createdAt: expect.any(String),
      // A new account has not opened its verification link yet.
      emailVerified: false,
    })
    expect(JSON.stringify(res.body)).not.toMatch(/Password|pbkdf2/i)
  })

  it('shows everyone else only the name and picture', async () => {
    const vendor = await makeVendor({ VendorName: 'Chai & Co.' })
    const other = await makeVendor()
    const marketer = await makeMarketer()
    for (const token of [undefined, other.token, marketer.token]) {
      const res = await getVendor(vendor.id, token)
      expect(res.status).toBe(200)
      expect(res.body.data).toEqual({ VendorID: vendor.id, VendorName: 'Chai & Co.', VendorProfilePic: null })
    }
  })

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await getVendor(999_999)).body).toEqual({ statusCode: 0, message: 'Vendor not found', data: null })
    expect((await call('GET', '/api/vendors/abc')).status).toBe(404)
  })
})

describe('PUT /api/vendors/{id}', () => {
  const profile = (vendor: SignedInVendor, overrides: Record<string, unknown> = {}) => ({
    VendorName: 'Handloom Haus Jaipur',
    Email: vendor.email,
    Mobile: '9000011111',
    VendorID: vendor.id,
    ...overrides,
  })
  const put = (id: number, json: unknown, token?: string) => call<VendorSelf>('PUT', `/api/vendors/${id}`, { json, token })

  it('saves name, mobile and email', async () => {
    const vendor = await makeVendor()
    const res = await put(vendor.id, profile(vendor, { Email: ' New.Owner@Handloom.IN ' }), vendor.token)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      statusCode: 1,
      data: { VendorName: 'Handloom Haus Jaipur', MobileNumber: '9000011111', Email: 'new.owner@handloom.in' },
    })
    expect((await getVendor(vendor.id, vendor.token)).body.data).toMatchObject({ Email: 'new.owner@handloom.in' })
    // The new email signs in.
    const login = await call('POST', '/api/vendors/login', { json: { Email: 'new.owner@handloom.in', Password: 'secret-pass-1' } })
    expect(login.status).toBe(200)
  })

  it.each([
    [{ VendorName: 'x'.repeat(51) }, 'Name should be less than 50 characters.'],
    [{ VendorName: '' }, 'Please enter your name.'],
    [{ Mobile: '98765' }, 'Mobile number should be exactly 10 digits.'],
    [{ Mobile: '98765abcde' }, 'Mobile number should be exactly 10 digits.'],
    [{ Mobile: '' }, 'Mobile number should be exactly 10 digits.'],
    [{ Mobile: '1234567890' }, 'Mobile number should start with 6, 7, 8 or 9'],
    [{ Email: 'owner@' }, 'Invalid email format.'],
    [{ Email: '' }, 'Invalid email format.'],
    [{ VendorName: 'x'.repeat(51), Mobile: '1', Email: 'bad' }, 'Name should be less than 50 characters.'],
    [{ Mobile: '1', Email: 'bad' }, 'Mobile number should be exactly 10 digits.'],
  ])('refuses %j with the spec message and changes nothing', async (overrides, message) => {
    const vendor = await makeVendor()
    const before = (await getVendor(vendor.id, vendor.token)).body.data
    const res = await put(vendor.id, profile(vendor, overrides), vendor.token)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ statusCode: 0, message, data: null })
    expect((await getVendor(vendor.id, vendor.token)).body.data).toEqual(before)
  })

  it("refuses an email another vendor uses with 409, and keeps the vendor's own", async () => {
    const vendor = await makeVendor()
    const other = await makeVendor()
    const res = await put(vendor.id, profile(vendor, { Email: other.email.toUpperCase() }), vendor.token)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('An account with this email already exists')
    expect((await put(vendor.id, profile(vendor), vendor.token)).status).toBe(200)
  })

  it("refuses someone else's profile, and changes nothing", async () => {
    const vendor = await makeVendor({ VendorName: 'Original' })
    const intruder = await makeVendor()
    const marketer = await makeMarketer()
    expect((await put(vendor.id, profile(vendor), intruder.token)).status).toBe(403)
    expect((await put(vendor.id, profile(vendor), marketer.token)).status).toBe(403)
    expect((await put(vendor.id, profile(vendor))).status).toBe(401)
    // Own token, but the body names another vendor.
    expect((await put(vendor.id, profile(vendor, { VendorID: intruder.id }), vendor.token)).status).toBe(403)
    expect((await getVendor(vendor.id)).body.data).toMatchObject({ VendorName: 'Original' })
  })
})

describe('POST /api/vendors/upload/vendor-profile/{id}', () => {
  // `token: null` sends no token at all.
  const upload = (vendor: SignedInVendor, file?: File, token: string | null = vendor.token, id = vendor.id) => {
    const form = new FormData()
    form.append('VendorID', String(id))
    if (file) form.append('VendorProfilePic', file)
    return call<VendorSelf>('POST', `/api/vendors/upload/vendor-profile/${id}`, { form, token: token ?? undefined })
  }

  it('stores the picture in R2, serves it, and removes the old one on change', async () => {
    const vendor = await makeVendor()
    const first = await upload(vendor, imageFile(PNG, 'logo.png'))
    expect(first.status).toBe(200)
    const firstPath = first.body.data.VendorProfilePic ?? ''
    expect(firstPath).toMatch(/^vendors\/[0-9a-f-]{36}_\d+x\d+\.png$/)
    const served = await exports.default.fetch(new Request(`${ORIGIN}/media/${firstPath}`))
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')

    const second = await upload(vendor, imageFile(JPEG, 'logo.jpg'))
    const secondPath = second.body.data.VendorProfilePic ?? ''
    expect(secondPath).toMatch(/\.jpg$/)
    expect(await env.MEDIA.head(firstPath)).toBeNull()
    expect(await env.MEDIA.head(secondPath)).not.toBeNull()
    expect((await getVendor(vendor.id)).body.data.VendorProfilePic).toBe(secondPath)
  })

  it('asks for an image when none is chosen', async () => {
    const vendor = await makeVendor()
    const res = await upload(vendor)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ statusCode: 0, message: 'Please select an image', data: null })
  })

  it('refuses a non-image and a file over 5 MB, keeping the old picture', async () => {
    const vendor = await makeVendor()
    const kept = (await upload(vendor, imageFile(PNG))).body.data.VendorProfilePic
    const before = (await env.MEDIA.list({ prefix: 'vendors/' })).objects.length

    const fake = await upload(vendor, imageFile(FAKE_PNG, 'logo.png'))
    expect(fake.status).toBe(400)
    expect(fake.body.message).toBe(NOT_AN_IMAGE)
    const big = await upload(vendor, imageFile(oversizedPng()))
    expect(big.status).toBe(400)
    expect(big.body.message).toBe(IMAGE_TOO_LARGE)

    expect((await getVendor(vendor.id)).body.data.VendorProfilePic).toBe(kept)
    expect((await env.MEDIA.list({ prefix: 'vendors/' })).objects.length).toBe(before)
  })

  it("refuses someone else's picture change", async () => {
    const vendor = await makeVendor()
    const intruder = await makeVendor()
    const before = (await env.MEDIA.list({ prefix: 'vendors/' })).objects.length
    expect((await upload(vendor, imageFile(PNG), intruder.token)).status).toBe(403)
    expect((await upload(vendor, imageFile(PNG), null)).status).toBe(401)
    expect((await getVendor(vendor.id)).body.data.VendorProfilePic).toBeNull()
    expect((await env.MEDIA.list({ prefix: 'vendors/' })).objects.length).toBe(before)
  })
})

describe('GET /api/vendors/analytics/{id}', () => {
  const analytics = (id: number, token?: string) => call<VendorAnalytics>('GET', `/api/vendors/analytics/${id}`, { token })
  // A reason every time: taking a conversion back needs one, and it is allowed on any change.
  const setStatus = (vendor: SignedInVendor, id: number, Status: string) =>
    call('PUT', `/api/leads/status/${id}`, { token: vendor.token, json: { Status, Reason: 'Checked with the buyer' } })

  it('starts at zero', async () => {
    const vendor = await makeVendor()
    const res = await analytics(vendor.id, vendor.token)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      totalProducts: 0,
      totalLeads: 0,
      totalConvertedLead: 0,
      totalPendingLead: 0,
      totalRevenue: 0,
      totalImpressions: 0,
    })
  })

  it('counts products, leads by status, revenue from price snapshots and impressions', async () => {
    const vendor = await makeVendor()
    const other = await makeVendor()
    const marketer = await makeMarketer()
    const kurta = await makeProduct(vendor, { Price: '1499.50' })
    const tote = await makeProduct(vendor, { Price: '799', CommissionValue: '80' })
    await call('PUT', `/api/products/status/${tote.ProductID}`, { token: vendor.token })
    const elsewhere = await makeProduct(other)

    const a = await makeLead(kurta, marketer)
    const b = await makeLead(kurta, marketer)
    const c = await makeLead(kurta, marketer)
    await makeLead(elsewhere, marketer)
    await setStatus(vendor, a.LeadID, 'Converted')
    await setStatus(vendor, b.LeadID, 'Lost')

    // A later price change does not change what converted leads earned.
    const edit = productForm({ SKU: kurta.SKU, Price: '9999' }, [])
    await call('PUT', `/api/products/update/${kurta.ProductID}`, { token: vendor.token, form: edit })
    await setStatus(vendor, c.LeadID, 'Converted')

    const d = makeDb(env.DB)
    await d.insert(impressionsDaily).values([
      { day: '2026-11-01', ProductID: kurta.ProductID, VendorID: vendor.id, MarketerID: marketer.id, n: 40 },
      { day: '2026-11-02', ProductID: kurta.ProductID, VendorID: vendor.id, MarketerID: marketer.id, n: 2 },
      { day: '2026-11-02', ProductID: elsewhere.ProductID, VendorID: other.id, MarketerID: marketer.id, n: 500 },
    ])

    const res = await analytics(vendor.id, vendor.token)
    expect(res.body.data).toEqual({
      totalProducts: 2,
      totalLeads: 3,
      totalConvertedLead: 2,
      totalPendingLead: 0,
      totalRevenue: 2999,
      totalImpressions: 42,
    })

    await setStatus(vendor, a.LeadID, 'Pending')
    expect((await analytics(vendor.id, vendor.token)).body.data).toMatchObject({
      totalConvertedLead: 1,
      totalPendingLead: 1,
      totalRevenue: 1499.5,
    })
  })

  it("refuses another vendor's analytics, an influencer and a visitor", async () => {
    const vendor = await makeVendor()
    const other = await makeVendor()
    const marketer = await makeMarketer()
    expect((await analytics(vendor.id, other.token)).status).toBe(403)
    expect((await analytics(vendor.id, marketer.token)).status).toBe(403)
    expect((await analytics(vendor.id)).status).toBe(401)
  })
})
