// The back office (decision 020). Role rules, every admin action and what it does to the public routes,
// token invalidation on suspension, the audit log, the export's completeness and the erasure's reach.

import { env, exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { SESSION_SUSPENDED_MESSAGE, SUPPORT_EMAIL, SUSPENDED_MESSAGE } from '../../worker/contract/admin'
import { addWorkingDays } from '../../worker/domain/working-days'
import { DPDP_NOTICE_VERSION, dpdpNotice } from '../../worker/contract/dpdp'
import type { ProductDTO } from '../../worker/contract/product'
import { VENDOR_NOT_FOUND_MESSAGE } from '../../worker/contract/vendor'
import { call, ORIGIN } from '../helpers/api'
import { runCron, track } from '../helpers/tracking'
import { imageFile, PNG } from '../helpers/images'
import { freshIp, leadForm, makeAdmin, makeLead, makeMarketer, markEmailVerified, makeProduct, makeVendor, PASSWORD } from '../helpers/factories'
import { present } from '../helpers/present'

const post = (path: string, token: string, json: unknown = {}) => call('POST', path, { token, json })
const get = <T = unknown>(path: string, token?: string) => call<T>('GET', path, { token })

const ADMIN_CALLS: Array<[string, string]> = [
  ['GET', '/api/admin/overview'],
  ['GET', '/api/admin/influencers'],
  ['GET', '/api/admin/influencers/1'],
  ['GET', '/api/admin/vendors'],
  ['GET', '/api/admin/products'],
  ['GET', '/api/admin/audit'],
  ['POST', '/api/admin/influencers/1/verify'],
  ['POST', '/api/admin/influencers/1/unverify'],
  ['POST', '/api/admin/vendors/1/suspend'],
  ['POST', '/api/admin/influencers/1/reinstate'],
  ['GET', '/api/admin/vendors/1/export'],
  ['POST', '/api/admin/influencers/1/erase'],
  ['POST', '/api/admin/products/1/take-down'],
  ['POST', '/api/admin/products/1/restore'],
  ['POST', '/api/admin/buyers/erase'],
  ['GET', '/api/admin/events/dead'],
  ['POST', '/api/admin/events/dead/1/replay'],
  ['PUT', '/api/admin/password'],
]

/** The buy form's submission through the link for `product` and `marketerId`. */
function sendLead(product: ProductDTO, marketerId: number) {
  return call('POST', '/api/leads/create', {
    json: { ProductID: product.ProductID, VendorID: product.VendorID, MarketerID: marketerId, ClientName: 'Kiran', ClientPhone: '9000000001' },
    headers: { 'cf-connecting-ip': freshIp() },
  })
}

describe('admin role', () => {
  it('lets an admin sign in with a token of role admin, and refuses a wrong password like any login', async () => {
    const admin = await makeAdmin()
    const [, payload] = admin.token.split('.')
    expect(JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')))).toMatchObject({ role: 'admin' })
    const wrong = await call('POST', '/api/admin/login', { json: { Email: admin.email, Password: 'nope-nope' } })
    expect(wrong.status).toBe(401)
    expect(wrong.body.message).toBe('Invalid email or password')
  })

  it('answers 401 without a token and 403 to vendors and influencers on every admin route, changing nothing', async () => {
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    for (const [method, path] of ADMIN_CALLS) {
      expect((await call(method, path, { json: method === 'GET' ? undefined : {} })).status, `${method} ${path}`).toBe(401)
      for (const token of [vendor.token, marketer.token]) {
        const res = await call(method, path, {
          token,
          json: method === 'GET' ? undefined : { reason: 'x', email: 'x', phone: '9000000000', Password: 'abcdefg', CurrentPassword: PASSWORD },
        })
        expect(res.status, `${method} ${path}`).toBe(403)
      }
    }
    expect((await call('GET', '/api/admin/audit', { token: vendor.token })).body.data).toBeNull()
  })

  it('changes an admin’s own password with the profile forms’ rules: old tokens stop, the answer’s token works', async () => {
    const admin = await makeAdmin()
    const put = (token: string, json: unknown) => call<{ AdminID: number }>('PUT', '/api/admin/password', { token, json })
    expect((await put(admin.token, { Password: 'short', CurrentPassword: PASSWORD })).body.message).toBe('Password should be at least 6 characters.')
    expect((await put(admin.token, { Password: 'x'.repeat(31), CurrentPassword: PASSWORD })).body.message).toBe('Password should be at most 30 characters.')
    expect((await put(admin.token, { Password: 'new-secret-1' })).body.message).toBe('Please enter your current password.')
    const wrong = await put(admin.token, { Password: 'new-secret-1', CurrentPassword: 'not-it-at-all' })
    expect([wrong.status, wrong.body.message]).toEqual([400, 'Current password is incorrect.'])
    // Nothing changed so far: the old password still signs in.
    expect((await call('POST', '/api/admin/login', { json: { Email: admin.email, Password: PASSWORD } })).status).toBe(200)

    const done = await put(admin.token, { Password: 'new-secret-1', CurrentPassword: PASSWORD })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ statusCode: 1, message: 'Password changed successfully', data: { AdminID: admin.id } })
    expect(JSON.stringify(done.body)).not.toMatch(/PasswordHash|\$2[aby]?\$|pbkdf2/i)
    const fresh = (done.body as unknown as { token: string }).token
    expect((await get('/api/admin/me', admin.token)).status).toBe(401)
    expect((await get('/api/admin/me', fresh)).status).toBe(200)
    expect((await call('POST', '/api/admin/login', { json: { Email: admin.email, Password: PASSWORD } })).status).toBe(401)
    expect((await call('POST', '/api/admin/login', { json: { Email: admin.email, Password: 'new-secret-1' } })).status).toBe(200)
  })

  it('of two password changes sent at once, one wins and only its password signs in', async () => {
    const admin = await makeAdmin()
    const [a, b] = await Promise.all(
      ['first-choice', 'second-choice'].map((Password) =>
        call('PUT', '/api/admin/password', { token: admin.token, json: { Password, CurrentPassword: PASSWORD } }),
      ),
    )
    const statuses = [a.status, b.status].sort()
    expect(statuses[0]).toBe(200)
    expect([400, 409]).toContain(statuses[1])
    const winner = a.status === 200 ? 'first-choice' : 'second-choice'
    const loser = a.status === 200 ? 'second-choice' : 'first-choice'
    expect((await call('POST', '/api/admin/login', { json: { Email: admin.email, Password: winner } })).status).toBe(200)
    expect((await call('POST', '/api/admin/login', { json: { Email: admin.email, Password: loser } })).status).toBe(401)
  })

  it('an admin token opens no vendor or influencer route', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    expect((await get(`/api/vendors/analytics/${vendor.id}`, admin.token)).status).toBe(403)
  })
})

describe('suspension', () => {
  it('stops a vendor: sign-in 403 with the message, old tokens 401, products out of lists, links take no leads; reinstate brings all back', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const product = await makeProduct(vendor)
    const off = await makeProduct(vendor)
    await call('PUT', `/api/products/status/${off.ProductID}`, { token: vendor.token })

    expect((await post(`/api/admin/vendors/${vendor.id}/suspend`, admin.token, {})).body.message).toBe('Please give a reason.')
    const res = await post(`/api/admin/vendors/${vendor.id}/suspend`, admin.token, { reason: 'Fake products' })
    expect(res.status).toBe(200)

    const login = await call('POST', '/api/vendors/login', { json: { Email: vendor.email, Password: PASSWORD } })
    expect(login.status).toBe(403)
    expect(login.body).toEqual({ statusCode: 0, message: SUSPENDED_MESSAGE, data: null })
    expect((await get(`/api/vendors/analytics/${vendor.id}`, vendor.token)).status).toBe(401)

    const list = await get<ProductDTO[]>(`/api/products?q=${encodeURIComponent(product.SKU)}`)
    expect(list.body.data).toEqual([])
    expect((await get(`/api/products/${product.ProductID}`)).status).toBe(404)
    const lead = await sendLead(product, marketer.id)
    expect(lead.status).toBe(404)
    // The public vendor record goes with the products (anyone, or another signed-in user).
    for (const token of [undefined, marketer.token]) {
      expect((await get(`/api/vendors/${vendor.id}`, token)).body).toEqual({ statusCode: 0, message: VENDOR_NOT_FOUND_MESSAGE, data: null })
    }

    // Again: 409, and one audit entry only.
    expect((await post(`/api/admin/vendors/${vendor.id}/suspend`, admin.token, { reason: 'again' })).status).toBe(409)

    expect((await post(`/api/admin/vendors/${vendor.id}/reinstate`, admin.token, { reason: 'Appeal accepted' })).status).toBe(200)
    const relogin = await call<{ token: string }>('POST', '/api/vendors/login', { json: { Email: vendor.email, Password: PASSWORD } })
    expect(relogin.status).toBe(200)
    const mine = await get<ProductDTO[]>(`/api/products/getProductByVendor/${vendor.id}`, relogin.body.data.token)
    const states = Object.fromEntries(mine.body.data.map((p) => [p.ProductID, p.IsActive]))
    // The vendor's own switch is kept: the product they had switched off stays off.
    expect(states).toEqual({ [product.ProductID]: true, [off.ProductID]: false })
    expect((await sendLead(product, marketer.id)).status).toBe(201)
    expect((await get(`/api/vendors/${vendor.id}`)).status).toBe(200)

    const audit = await get<Array<{ action: string; reason: string; targetId: string; AdminID: number; before: unknown; after: unknown }>>(
      `/api/admin/audit?targetType=vendor&targetId=${vendor.id}`,
      admin.token,
    )
    expect(audit.body.data.map((e) => [e.action, e.reason, e.AdminID])).toEqual([
      ['reinstate', 'Appeal accepted', admin.id],
      ['suspend', 'Fake products', admin.id],
    ])
    expect(audit.body.data[1]).toMatchObject({ before: { status: 'active' }, after: { status: 'suspended' } })
  })

  it('takes an influencer out of the directory, their profile 404s, their links stop; leads stay visible to the vendor', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const marketer = await makeMarketer({ MarketerName: 'Suspendable Sunita' })
    const product = await makeProduct(vendor)
    await makeLead(product, marketer)

    await post(`/api/admin/influencers/${marketer.id}/suspend`, admin.token, { reason: 'Spam' })
    expect((await call('POST', '/api/marketers/login', { json: { Email: marketer.email, Password: PASSWORD } })).body.message).toBe(SUSPENDED_MESSAGE)
    expect((await get(`/api/marketers/${marketer.id}`, marketer.token)).status).toBe(401)
    const dir = await get<Array<{ MarketerID: number }>>('/api/marketers/social-media?q=Suspendable%20Sunita')
    expect(dir.body.data).toEqual([])
    const profile = await get(`/api/marketers/social-media/${marketer.id}`)
    expect(profile.status).toBe(404)
    expect(profile.body.message).toBe('Influencer not found')
    expect((await sendLead(product, marketer.id)).status).toBe(404)
    const imp = await call('POST', `/api/affiliate/track/impression?productId=${product.ProductID}&vendorId=${vendor.id}&marketerId=${marketer.id}`, {
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile', 'cf-connecting-ip': freshIp() },
    })
    expect(imp.status).toBe(404)
    const leads = await get<unknown[]>(`/api/leads/leadsbyvendorid/${vendor.id}`, vendor.token)
    expect(leads.body.data).toHaveLength(1)

    await post(`/api/admin/influencers/${marketer.id}/reinstate`, admin.token, { reason: 'ok' })
    expect((await get(`/api/marketers/social-media/${marketer.id}`)).status).toBe(200)
  })
})

describe('verification', () => {
  it('verify and remove verification follow at once in the directory filter, and are logged', async () => {
    const admin = await makeAdmin()
    const marketer = await makeMarketer({ MarketerName: 'Verifiable Vani' })
    const verifiedList = () => get<Array<{ MarketerID: number; Verified: boolean }>>('/api/marketers/social-media?verified=true&q=Verifiable%20Vani')
    expect((await verifiedList()).body.data).toEqual([])
    expect((await post(`/api/admin/influencers/${marketer.id}/verify`, admin.token)).status).toBe(200)
    expect((await verifiedList()).body.data.map((m) => m.MarketerID)).toEqual([marketer.id])
    expect((await post(`/api/admin/influencers/${marketer.id}/verify`, admin.token)).status).toBe(409)
    expect((await post(`/api/admin/influencers/${marketer.id}/unverify`, admin.token)).status).toBe(200)
    expect((await verifiedList()).body.data).toEqual([])
    const audit = await get<Array<{ action: string }>>(`/api/admin/audit?targetType=marketer&targetId=${marketer.id}`, admin.token)
    expect(audit.body.data.map((e) => e.action)).toEqual(['unverify', 'verify'])
  })
})

describe('take down', () => {
  it('hides the product, shows the vendor the reason, refuses reactivation; restore brings it back', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const product = await makeProduct(vendor)
    expect((await post(`/api/admin/products/${product.ProductID}/take-down`, admin.token, { reason: 'Counterfeit' })).status).toBe(200)
    expect((await get(`/api/products/${product.ProductID}`)).status).toBe(404)
    const own = await get<ProductDTO>(`/api/products/${product.ProductID}`, vendor.token)
    expect(own.body.data).toMatchObject({ IsActive: false, TakenDownReason: 'Counterfeit' })
    const toggle = await call('PUT', `/api/products/status/${product.ProductID}`, { token: vendor.token })
    expect(toggle.status).toBe(403)
    expect((await get<ProductDTO>(`/api/products/${product.ProductID}`, vendor.token)).body.data.IsActive).toBe(false)

    expect((await post(`/api/admin/products/${product.ProductID}/restore`, admin.token, { reason: 'Invoice shown' })).status).toBe(200)
    expect((await get<ProductDTO>(`/api/products/${product.ProductID}`)).body.data).toMatchObject({ IsActive: true, TakenDownReason: null })
    expect((await call('PUT', `/api/products/status/${product.ProductID}`, { token: vendor.token })).status).toBe(200)
  })

  it('a product restored while its vendor is suspended stays hidden until the vendor is reinstated', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const other = await makeVendor()
    const product = await makeProduct(vendor)
    const bystander = await makeProduct(other)
    await post(`/api/admin/products/${product.ProductID}/take-down`, admin.token, { reason: 'Check' })
    await post(`/api/admin/vendors/${vendor.id}/suspend`, admin.token, { reason: 'Check' })
    await post(`/api/admin/products/${product.ProductID}/restore`, admin.token, { reason: 'Fine' })
    expect((await get(`/api/products/${product.ProductID}`)).status).toBe(404)
    expect((await get(`/api/products/${bystander.ProductID}`)).status).toBe(200)
    await post(`/api/admin/vendors/${vendor.id}/reinstate`, admin.token, { reason: 'Fine' })
    expect((await get(`/api/products/${product.ProductID}`)).status).toBe(200)
  })

  it('lists products across vendors, searchable and paged', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const a = await makeProduct(vendor, { ProductName: 'Zebra Lamp Alpha' })
    const b = await makeProduct(vendor, { ProductName: 'Zebra Lamp Beta' })
    const first = await get<Array<{ ProductID: number }>>('/api/admin/products?q=zebra%20lamp&limit=1', admin.token)
    expect(first.body.data.map((p) => p.ProductID)).toEqual([b.ProductID])
    const paging = (first.body as unknown as { paging: { total: number; nextCursor: string } }).paging
    expect(paging.total).toBe(2)
    const second = await get<Array<{ ProductID: number }>>(`/api/admin/products?q=zebra%20lamp&limit=1&cursor=${paging.nextCursor}`, admin.token)
    expect(second.body.data.map((p) => p.ProductID)).toEqual([a.ProductID])
  })
})

describe('lists and overview', () => {
  it('vendors list carries product and lead counts; influencers list is searchable by email', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor({ VendorName: 'Counted Crafts' })
    const marketer = await makeMarketer()
    const p = await makeProduct(vendor)
    await makeProduct(vendor)
    await makeLead(p, marketer)
    const vendors = await get<Array<{ VendorID: number; products: number; leads: number }>>(`/api/admin/vendors?q=${vendor.email}`, admin.token)
    expect(vendors.body.data).toEqual([expect.objectContaining({ VendorID: vendor.id, products: 2, leads: 1, status: 'active' })])
    const infl = await get<Array<{ MarketerID: number; Email: string }>>(`/api/admin/influencers?q=${marketer.email}`, admin.token)
    expect(infl.body.data).toEqual([expect.objectContaining({ MarketerID: marketer.id, Email: marketer.email })])
    const one = await get<{ marketer: { Email: string }; status: string }>(`/api/admin/influencers/${marketer.id}`, admin.token)
    expect(one.body.data).toMatchObject({ marketer: { Email: marketer.email }, status: 'active' })
  })

  it("overview counts the marketplace and sums the ledger's commission platform-wide", async () => {
    const admin = await makeAdmin()
    type Overview = { vendors: number; days: unknown[]; commission: { pending: number; payable: number; paid: number }; leads: Record<string, number> }
    const before = (await get<Overview>('/api/admin/overview', admin.token)).body.data
    expect(before.vendors).toBeGreaterThan(0)
    expect(before.days).toHaveLength(30)
    // A conversion adds its commission to the pending figure (inside the vendor's holding period).
    const vendor = await makeVendor()
    const product = await makeProduct(vendor, { Price: '2000', CommissionType: 'Fixed', CommissionValue: '150' })
    const lead = await makeLead(product, await makeMarketer())
    expect((await call('PUT', `/api/leads/status/${lead.LeadID}`, { token: vendor.token, json: { Status: 'Converted' } })).status).toBe(200)
    const after = (await get<Overview>('/api/admin/overview', admin.token)).body.data
    expect(after.commission.pending - before.commission.pending).toBeCloseTo(150, 2)
    expect(after.commission.paid).toBe(before.commission.paid)
  })

  it('overview shows an impression still in KV at once, and counts it once after the rollup', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const product = await makeProduct(vendor)
    type Overview = { days: Array<{ day: string; impressions: number }> }
    const todays = async () => (await get<Overview>('/api/admin/overview', admin.token)).body.data.days.at(-1)?.impressions ?? -1
    const before = await todays()
    expect((await track({ productId: product.ProductID, vendorId: vendor.id, marketerId: marketer.id }, { ip: freshIp() })).status).toBe(202)
    expect(await todays()).toBe(before + 1)
    // The cron an hour on rolls the half hour up into D1: the overview reads it from there, not twice.
    await runCron(Date.now() + 60 * 60 * 1000)
    expect(await todays()).toBe(before + 1)
  })

  it('no route edits or deletes an audit entry', async () => {
    const admin = await makeAdmin()
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await call(method, '/api/admin/audit/1', { token: admin.token, json: {} })
      expect(res.status).toBe(404)
    }
  })
})

describe('data requests', () => {
  it('exports everything stored about a vendor, and the vendor can download their own', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const product = await makeProduct(vendor)
    await makeLead(product, marketer, { ClientName: 'Export Esha', ClientPhone: '9811122233', ClientEmail: 'esha@example.in' })
    type Export = {
      account: { Email: string }
      products: Array<{ SKU: string }>
      leads: Array<{ ClientPhone: string; noticeVersion: string; consentAt: string }>
      impressions: { total: number }
      money: unknown
    }
    const res = await get<Export>(`/api/admin/vendors/${vendor.id}/export`, admin.token)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toContain('attachment')
    expect(res.body.data.account.Email).toBe(vendor.email)
    expect(res.body.data.products.map((p) => p.SKU)).toEqual([product.SKU])
    expect(res.body.data.leads).toEqual([
      expect.objectContaining({ ClientName: 'Export Esha', ClientPhone: '9811122233', ClientEmail: 'esha@example.in', noticeVersion: DPDP_NOTICE_VERSION }),
    ])
    expect(res.body.data.leads[0].consentAt).toMatch(/^\d{4}-/)
    expect(res.body.data).toHaveProperty('impressions.total')
    expect(res.body.data).toHaveProperty('money')
    expect(JSON.stringify(res.body)).not.toContain('PasswordHash')
    const own = await get<Export>(`/api/vendors/${vendor.id}/export`, vendor.token)
    expect(own.body.data.leads).toHaveLength(1)
    expect((await get(`/api/vendors/${vendor.id}/export`, (await makeVendor()).token)).status).toBe(403)
    const audit = await get<Array<{ action: string }>>(`/api/admin/audit?action=export&targetId=${vendor.id}`, admin.token)
    expect(audit.body.data.map((e) => e.action)).toContain('export')
  })

  it('exports an influencer with their used links, leads without buyer contacts, and totals', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const used = await makeProduct(vendor)
    await makeProduct(vendor)
    await makeLead(used, marketer, { ClientPhone: '9822233344' })
    type Export = { account: { Email: string }; links: Array<{ ProductID: number; leads: number }>; leads: Array<Record<string, unknown>> }
    const res = await get<Export>(`/api/admin/influencers/${marketer.id}/export`, admin.token)
    expect(res.body.data.account.Email).toBe(marketer.email)
    expect(res.body.data.links).toEqual([expect.objectContaining({ ProductID: used.ProductID, leads: 1, impressions: 0 })])
    expect(res.body.data.leads).toHaveLength(1)
    expect(JSON.stringify(res.body.data.leads)).not.toContain('9822233344')
    const own = await get<Export>(`/api/marketers/${marketer.id}/export`, marketer.token)
    expect(own.body.data.links).toHaveLength(1)
  })

  it('erases an influencer: no personal field left in D1 or R2, cannot sign in, leads keep amounts', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const marketer = await makeMarketer({ MarketerName: 'Erasable Esha' })
    const form = new FormData()
    form.append('MarketerID', String(marketer.id))
    form.append('MarketerProfilePic', imageFile(PNG))
    const pic = await call<{ profilePicUrl: string }>('POST', `/api/marketers/upload/marketer-profile/${marketer.id}`, { form, token: marketer.token })
    expect(pic.status).toBe(200)
    await call('PUT', `/api/marketers/${marketer.id}`, {
      token: marketer.token,
      json: { MarketerName: 'Erasable Esha', MobileNumber: '9123456780', Email: marketer.email, Bio: 'Hello bio', InstagramUsername: 'esha_insta' },
    })
    await markEmailVerified('marketer', marketer.id)
    const details = await call('PUT', '/api/money/details', { token: marketer.token, json: { Method: 'UPI', UpiID: 'esha.pays@okhdfc', PAN: 'abcde1234f' } })
    expect(details.status).toBe(200)
    const product = await makeProduct(vendor)
    await makeLead(product, marketer)
    const picPath = present(
      await env.DB.prepare('SELECT MarketerProfilePic FROM marketers WHERE MarketerID = ?').bind(marketer.id).first<{ MarketerProfilePic: string }>(),
    ).MarketerProfilePic
    expect(await env.MEDIA.head(picPath)).not.toBeNull()

    const mismatch = await post(`/api/admin/influencers/${marketer.id}/erase`, admin.token, { email: 'someone@else.in', reasonCode: 'data-request' })
    expect(mismatch.status).toBe(400)
    const noReason = await post(`/api/admin/influencers/${marketer.id}/erase`, admin.token, { email: marketer.email })
    expect([noReason.status, noReason.body.message]).toEqual([400, 'Please give a reason.'])
    const res = await post(`/api/admin/influencers/${marketer.id}/erase`, admin.token, { email: marketer.email.toUpperCase(), reasonCode: 'data-request' })
    expect(res.status).toBe(200)

    const row = await env.DB.prepare('SELECT * FROM marketers WHERE MarketerID = ?').bind(marketer.id).first<Record<string, unknown>>()
    expect(row).toMatchObject({ MarketerName: 'Deleted user', MobileNumber: '', Bio: null, InstagramUsername: null, MarketerProfilePic: null })
    expect(String(present(row).Email)).not.toContain(marketer.email)
    const text = JSON.stringify(row)
    for (const personal of [marketer.email, 'Erasable Esha', 'Hello bio', 'esha_insta', '9123456780']) expect(text).not.toContain(personal)
    expect(await env.DB.prepare('SELECT * FROM payout_details WHERE MarketerID = ?').bind(marketer.id).first()).toBeNull()
    const search = await env.DB.prepare('SELECT * FROM marketers_search WHERE rowid = ?').bind(marketer.id).first()
    expect(JSON.stringify(search)).not.toContain('Erasable')
    expect(await env.MEDIA.head(picPath)).toBeNull()
    const log = await env.DB.prepare('SELECT * FROM audit_log').all()
    for (const personal of [marketer.email, 'Erasable Esha', 'esha_insta']) expect(JSON.stringify(log.results)).not.toContain(personal)
    expect((await call('POST', '/api/marketers/login', { json: { Email: marketer.email, Password: PASSWORD } })).status).toBe(401)
    expect((await get(`/api/marketers/${marketer.id}`, marketer.token)).status).toBe(401)
    const leads = await get<Array<{ Price: string }>>(`/api/leads/leadsbyvendorid/${vendor.id}`, vendor.token)
    expect(leads.body.data).toHaveLength(1)
    expect(Number(leads.body.data[0].Price)).toBeGreaterThan(0)
    expect((await post(`/api/admin/influencers/${marketer.id}/erase`, admin.token, { email: marketer.email, reasonCode: 'data-request' })).status).toBe(409)
  })

  it('erases a vendor: name, contact, pictures and product images gone from D1 and R2', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor({ VendorName: 'Erasable Emporium' })
    const product = await makeProduct(vendor)
    const image = product.ImageURL.split(',')[0]
    expect(await env.MEDIA.head(image)).not.toBeNull()
    expect((await post(`/api/admin/vendors/${vendor.id}/erase`, admin.token, { email: vendor.email, reasonCode: 'data-request' })).status).toBe(200)
    const row = await env.DB.prepare('SELECT * FROM vendors WHERE VendorID = ?').bind(vendor.id).first<Record<string, unknown>>()
    expect(JSON.stringify(row)).not.toContain('Erasable Emporium')
    expect(JSON.stringify(row)).not.toContain(vendor.email)
    expect(row).toMatchObject({ VendorName: 'Deleted user', MobileNumber: '', VendorProfilePic: null })
    expect(await env.MEDIA.head(image)).toBeNull()
    expect((await get(`/api/products/${product.ProductID}`)).status).toBe(404)
    expect((await call('POST', '/api/vendors/login', { json: { Email: vendor.email, Password: PASSWORD } })).status).toBe(401)
  })

  it('erases a buyer’s contact details from every lead by phone, keeping the amounts', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const product = await makeProduct(vendor)
    await makeLead(product, marketer, { ClientName: 'Buyer Bhavna', ClientPhone: '9700000001', ClientEmail: 'bhavna@example.in' })
    const res = await post('/api/admin/buyers/erase', admin.token, { phone: '9700000001', reasonCode: 'data-request' })
    expect(res.body).toMatchObject({ statusCode: 1, data: { leads: 1 } })
    const rows = await env.DB.prepare('SELECT ClientName, ClientEmail, ClientPhone, PricePaise FROM leads WHERE VendorID = ?').bind(vendor.id).all()
    expect(rows.results).toEqual([{ ClientName: 'Deleted buyer', ClientEmail: null, ClientPhone: '', PricePaise: 149_900 }])
    const audit = await get<Array<{ targetId: string }>>('/api/admin/audit?action=erase-buyer', admin.token)
    expect(JSON.stringify(audit.body.data)).not.toContain('9700000001')
  })

  it('says how many leads it erased in the words of its definition', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const product = await makeProduct(vendor)
    await makeLead(product, marketer, { ClientName: 'Buyer Chitra', ClientPhone: '9700000002' })
    await makeLead(await makeProduct(vendor), marketer, { ClientName: 'Buyer Chitra', ClientPhone: '9700000002' })
    await makeLead(product, marketer, { ClientName: 'Buyer Dev', ClientPhone: '9700000003' })
    const two = await post('/api/admin/buyers/erase', admin.token, { phone: '9700000002', reasonCode: 'data-request' })
    expect([two.status, two.body.message, two.body.data]).toEqual([200, '2 leads erased', { leads: 2 }])
    const one = await post('/api/admin/buyers/erase', admin.token, { phone: '9700000003', reasonCode: 'data-request' })
    expect([one.status, one.body.message, one.body.data]).toEqual([200, '1 lead erased', { leads: 1 }])
  })
})

describe('personal data after erasure', () => {
  const sha256Hex = async (text: string) =>
    [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))].map((b) => b.toString(16).padStart(2, '0')).join('')

  it('keeps no email in the failed-login rows, and still refuses the 11th wrong password', async () => {
    const marketer = await makeMarketer()
    for (let i = 0; i < 10; i++) {
      expect((await call('POST', '/api/marketers/login', { json: { Email: marketer.email, Password: 'wrong-guess' } })).status).toBe(401)
    }
    const limited = await call('POST', '/api/marketers/login', { json: { Email: marketer.email, Password: PASSWORD } })
    expect(limited.status).toBe(429)
    const rows = await env.DB.prepare("SELECT subject FROM rate_events WHERE scope LIKE 'login-fail%'").all<{ subject: string }>()
    expect(rows.results.length).toBeGreaterThanOrEqual(10)
    const text = JSON.stringify(rows.results)
    expect(text).not.toContain(marketer.email)
    expect(text).not.toContain(marketer.email.split('@')[0])
    expect(text).not.toContain(await sha256Hex(marketer.email))
    // The same address always counts under the same subject: the limit above held across requests.
    expect(new Set(rows.results.map((r) => r.subject)).size).toBeLessThan(rows.results.length)
  })

  it('counts leads per network under a keyed hash: no plain hash of the address is stored', async () => {
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const product = await makeProduct(vendor)
    const ip = freshIp()
    const res = await call('POST', '/api/leads/create', { json: leadForm(product, marketer), headers: { 'cf-connecting-ip': ip } })
    expect(res.status).toBe(201)
    const rows = await env.DB.prepare("SELECT subject FROM rate_events WHERE scope = 'lead-ip'").all<{ subject: string }>()
    const unkeyed = (await sha256Hex(`lead-ip:${ip}`)).slice(0, 32)
    expect(rows.results.map((r) => r.subject)).not.toContain(unkeyed)
    expect(JSON.stringify(rows.results)).not.toContain(ip)
  })

  it('takes a reason code and a note, and erasing the vendor removes the notes that named them, keeping the codes', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor({ VendorName: 'Ravi Noted' })
    const product = await makeProduct(vendor)
    const fraud = await post(`/api/admin/products/${product.ProductID}/take-down`, admin.token, { reasonCode: 'fraud', note: 'Ravi Noted sold fakes' })
    expect(fraud.status).toBe(200)
    expect((await post(`/api/admin/vendors/${vendor.id}/suspend`, admin.token, { reasonCode: 'other' })).body.message).toBe(
      'Please add a note to say what the other reason is.',
    )
    expect((await post(`/api/admin/vendors/${vendor.id}/suspend`, admin.token, { reasonCode: 'gossip' })).body.message).toBe(
      'Please choose a reason from the list.',
    )
    expect((await post(`/api/admin/vendors/${vendor.id}/suspend`, admin.token, { reasonCode: 'abuse', note: 'Ravi Noted, 98xxxx' })).status).toBe(200)
    const before = await get<Array<{ action: string; reasonCode: string; reason: string }>>(
      `/api/admin/audit?targetType=vendor&targetId=${vendor.id}`,
      admin.token,
    )
    expect(before.body.data.map((e) => [e.action, e.reasonCode, e.reason])).toEqual([['suspend', 'abuse', 'Ravi Noted, 98xxxx']])

    const erased = await post(`/api/admin/vendors/${vendor.id}/erase`, admin.token, {
      email: vendor.email,
      reasonCode: 'data-request',
      note: 'Ravi asked by email',
    })
    expect(erased.status).toBe(200)
    const log = await env.DB.prepare(
      'SELECT action, reasonCode, reason, before, after FROM audit_log WHERE (targetType = ? AND targetId = ?) OR (targetType = ? AND targetId = ?)',
    )
      .bind('vendor', String(vendor.id), 'product', String(product.ProductID))
      .all<{ action: string; reasonCode: string; reason: string }>()
    expect(JSON.stringify(log.results)).not.toContain('Ravi')
    expect(log.results.map((e) => [e.action, e.reasonCode, e.reason]).sort()).toEqual(
      [
        ['erase', 'data-request', 'Note removed when the person’s data was erased'],
        ['suspend', 'abuse', 'Note removed when the person’s data was erased'],
        ['take-down', 'fraud', 'Note removed when the person’s data was erased'],
      ].sort(),
    )
    const rows = await env.DB.prepare(
      'SELECT v.suspendedReason, p.takenDownReason FROM vendors v JOIN products p ON p.VendorID = v.VendorID WHERE v.VendorID = ?',
    )
      .bind(vendor.id)
      .first()
    expect(JSON.stringify(rows)).not.toContain('Ravi')
  })

  it('erasing a vendor erases the buyers’ names, emails and phones on that vendor’s leads', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const other = await makeVendor()
    const marketer = await makeMarketer()
    const product = await makeProduct(vendor)
    await makeLead(product, marketer, { ClientName: 'Buyer Bharat', ClientPhone: '9711122233', ClientEmail: 'bharat@example.in' })
    const kept = await makeLead(await makeProduct(other), marketer, { ClientName: 'Buyer Kept', ClientPhone: '9711122244' })
    expect((await post(`/api/admin/vendors/${vendor.id}/erase`, admin.token, { email: vendor.email, reasonCode: 'data-request' })).status).toBe(200)
    const rows = await env.DB.prepare('SELECT ClientName, ClientEmail, ClientPhone, PricePaise, Status FROM leads WHERE VendorID = ?').bind(vendor.id).all()
    expect(rows.results).toEqual([{ ClientName: 'Deleted buyer', ClientEmail: null, ClientPhone: '', PricePaise: 149_900, Status: 'Pending' }])
    const search = await env.DB.prepare("SELECT rowid FROM leads_search WHERE leads_search MATCH 'name:Bharat'").all()
    expect(search.results).toEqual([])
    // Another vendor's buyer is untouched.
    const other1 = await env.DB.prepare('SELECT ClientName FROM leads WHERE LeadID = ?').bind(kept.LeadID).first()
    expect(other1).toEqual({ ClientName: 'Buyer Kept' })
  })
})

describe('leads record consent', () => {
  it('stores the consent time and the notice version on each lead', async () => {
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const product = await makeProduct(vendor)
    const res = await call<{ LeadID: number }>('POST', '/api/leads/create', { json: leadForm(product, marketer), headers: { 'cf-connecting-ip': freshIp() } })
    const row = await env.DB.prepare('SELECT consentAt, noticeVersion, createdAt FROM leads WHERE LeadID = ?')
      .bind(res.body.data.LeadID)
      .first<Record<string, string>>()
    expect(row).toMatchObject({ noticeVersion: DPDP_NOTICE_VERSION })
    expect(present(row).consentAt).toBe(present(row).createdAt)
  })
})

describe('the buy page', () => {
  const html = async (path: string) => (await exports.default.fetch(new Request(`${ORIGIN}${path}`))).text()
  const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;')

  it('shows the DPDP notice before Buy Now in its first HTML', async () => {
    const vendor = await makeVendor({ VendorName: 'Notice Naturals' })
    const marketer = await makeMarketer()
    const product = await makeProduct(vendor)
    const page = await html(`/affiliate/track?productId=${product.ProductID}&vendorId=${vendor.id}&marketerId=${marketer.id}`)
    const notice = page.indexOf('id="dpdp-notice"')
    expect(notice).toBeGreaterThan(0)
    expect(notice).toBeLessThan(page.indexOf('>Buy Now</button>'))
    const text = dpdpNotice('Notice Naturals')
    expect(page.includes(text) || page.includes(escaped(text))).toBe(true)
  })

  it('takes no leads and shows no form once the vendor is suspended', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const product = await makeProduct(vendor)
    const path = `/affiliate/track?productId=${product.ProductID}&vendorId=${vendor.id}&marketerId=${marketer.id}`
    expect(await html(path)).toContain('>Buy Now</button>')
    await post(`/api/admin/vendors/${vendor.id}/suspend`, admin.token, { reason: 'Check' })
    const after = await html(path)
    expect(after).not.toContain('>Buy Now</button>')
    expect(after).toContain('This link is not valid')
  })
})

describe('data requests log', () => {
  type Row = {
    id: number
    kind: string
    subjectRef: string
    subjectName: string
    receivedOn: string
    dueOn: string
    overdue: boolean
    note: string | null
    doneAt: string | null
    outcome: string | null
    doneByEmail: string | null
  }
  const list = (token: string, query = '') => get<Row[]>(`/api/admin/data-requests${query}`, token)

  it('due dates count 10 working days, Monday to Friday', () => {
    expect(addWorkingDays('2026-11-20', 10)).toBe('2026-12-04') // a Friday: the second Friday after
    expect(addWorkingDays('2026-11-21', 10)).toBe('2026-12-04') // a Saturday: counting starts on Monday
    expect(addWorkingDays('2026-11-23', 10)).toBe('2026-12-07') // a Monday: the second Monday after
    expect(addWorkingDays('2026-12-31', 1)).toBe('2027-01-01')
  })

  it('logs a request with its due date, lists open ones soonest due first with overdue marked, and completes one once', async () => {
    const admin = await makeAdmin()
    const marketer = await makeMarketer({ MarketerName: 'Request Rekha' })
    const old = await post('/api/admin/data-requests', admin.token, {
      kind: 'access',
      subjectType: 'marketer',
      subjectRef: String(marketer.id),
      receivedOn: '2026-01-05',
    })
    expect(old.status).toBe(201)
    expect(old.body.message).toBe('Data request logged')
    const fresh = await post('/api/admin/data-requests', admin.token, { kind: 'correction', subjectType: 'marketer', subjectRef: String(marketer.id) })
    expect(fresh.status).toBe(201)
    const page = await list(admin.token, `?subjectType=marketer&subjectRef=${marketer.id}`)
    expect(page.body.data.map((r) => [r.kind, r.subjectName, r.dueOn, r.overdue])).toEqual([
      ['access', 'Request Rekha', '2026-01-19', true],
      ['correction', 'Request Rekha', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), false],
    ])
    const id = (old.body.data as { id: number }).id
    const done = await post(`/api/admin/data-requests/${id}/complete`, admin.token, { outcome: 'done', note: 'Export sent' })
    expect([done.status, done.body.message]).toEqual([200, 'Data request completed'])
    expect((await post(`/api/admin/data-requests/${id}/complete`, admin.token, { outcome: 'done' })).status).toBe(409)
    const open = await list(admin.token, `?subjectType=marketer&subjectRef=${marketer.id}`)
    expect(open.body.data.map((r) => r.kind)).toEqual(['correction'])
    const closed = await list(admin.token, `?state=done&subjectType=marketer&subjectRef=${marketer.id}`)
    expect(closed.body.data).toEqual([expect.objectContaining({ id, outcome: 'done', doneByEmail: admin.email, overdue: false })])
    const audit = await get<Array<{ action: string; targetName: string }>>(`/api/admin/audit?targetType=data-request&targetId=${id}`, admin.token)
    expect(audit.body.data.map((e) => [e.action, e.targetName])).toEqual([
      ['complete-request', `Request #${id}`],
      ['log-request', `Request #${id}`],
    ])
  })

  it('refuses a request from the future, about an unknown account, or a buyer without a valid phone', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const future = await post('/api/admin/data-requests', admin.token, {
      kind: 'erasure',
      subjectType: 'vendor',
      subjectRef: String(vendor.id),
      receivedOn: '2999-01-01',
    })
    expect([future.status, future.body.message]).toEqual([400, 'Please enter the date the request came in (today or earlier).'])
    expect((await post('/api/admin/data-requests', admin.token, { kind: 'erasure', subjectType: 'vendor', subjectRef: '99999999' })).status).toBe(404)
    const phone = await post('/api/admin/data-requests', admin.token, { kind: 'erasure', subjectType: 'buyer', subjectRef: '12345' })
    expect([phone.status, phone.body.message]).toEqual([400, 'Mobile number should be exactly 10 digits.'])
    const kind = await post('/api/admin/data-requests', admin.token, { kind: 'delete-all', subjectType: 'vendor', subjectRef: String(vendor.id) })
    expect(kind.body.message).toBe('Please choose what the person asked for.')
  })

  it('an erasure completes the request it answers and redacts the notes of the person’s requests; another person’s request is refused', async () => {
    const admin = await makeAdmin()
    const marketer = await makeMarketer()
    const other = await makeMarketer()
    const logged = await post('/api/admin/data-requests', admin.token, {
      kind: 'erasure',
      subjectType: 'marketer',
      subjectRef: String(marketer.id),
      note: 'Asked by Meera on call',
    })
    const requestId = (logged.body.data as { id: number }).id
    const wrong = await post(`/api/admin/influencers/${other.id}/erase`, admin.token, { email: other.email, reasonCode: 'data-request', requestId })
    expect([wrong.status, wrong.body.message]).toEqual([400, 'That data request is not an open erasure request about this person.'])
    expect((await get<{ status: string }>(`/api/admin/influencers/${other.id}`, admin.token)).body.data.status).toBe('active')

    const res = await post(`/api/admin/influencers/${marketer.id}/erase`, admin.token, { email: marketer.email, reasonCode: 'data-request', requestId })
    expect(res.status).toBe(200)
    const done = await list(admin.token, `?state=done&subjectType=marketer&subjectRef=${marketer.id}`)
    expect(done.body.data).toEqual([expect.objectContaining({ id: requestId, outcome: 'done', note: 'Note removed when the person’s data was erased' })])
  })

  it('a buyer’s erasure completes their request and masks the phone it was logged under', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const product = await makeProduct(vendor)
    await makeLead(product, await makeMarketer(), { ClientPhone: '9733344455' })
    const logged = await post('/api/admin/data-requests', admin.token, {
      kind: 'erasure',
      subjectType: 'buyer',
      subjectRef: '9733344455',
      note: 'Buyer Bina wrote in',
    })
    const requestId = (logged.body.data as { id: number }).id
    const res = await post('/api/admin/buyers/erase', admin.token, { phone: '9733344455', reasonCode: 'data-request', requestId })
    expect(res.status).toBe(200)
    const done = await list(admin.token, '?state=done&subjectType=buyer&subjectRef=******4455')
    expect(done.body.data).toEqual([
      expect.objectContaining({ id: requestId, subjectRef: '******4455', outcome: 'done', note: 'Note removed when the person’s data was erased' }),
    ])
    const rows = await env.DB.prepare('SELECT * FROM data_requests').all()
    expect(JSON.stringify(rows.results)).not.toContain('9733344455')
  })

  it('names the record in the audit log: the product’s name, not its id', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const product = await makeProduct(vendor, { ProductName: 'Audit Named Lamp' })
    await post(`/api/admin/products/${product.ProductID}/take-down`, admin.token, { reasonCode: 'policy' })
    const audit = await get<Array<{ targetName: string; reasonCode: string }>>(`/api/admin/audit?targetType=product&targetId=${product.ProductID}`, admin.token)
    expect(audit.body.data).toEqual([expect.objectContaining({ targetName: 'Audit Named Lamp', reasonCode: 'policy' })])
  })

  it('marks a suspended vendor’s products Suspended in the admin list, apart from products the vendor switched off', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const held = await makeProduct(vendor, { ProductName: 'Held Lamp Alpha' })
    const mineOff = await makeProduct(await makeVendor(), { ProductName: 'Held Lamp Beta' })
    await call('PUT', `/api/products/status/${mineOff.ProductID}`, { token: (await makeVendor()).token })
    await post(`/api/admin/vendors/${vendor.id}/suspend`, admin.token, { reasonCode: 'fraud' })
    const all = await get<Array<{ ProductID: number; vendorSuspended: boolean }>>('/api/admin/products?q=held%20lamp', admin.token)
    expect(all.body.data.find((p) => p.ProductID === held.ProductID)?.vendorSuspended).toBe(true)
    expect(all.body.data.find((p) => p.ProductID === mineOff.ProductID)?.vendorSuspended).toBe(false)
    const suspended = await get<Array<{ ProductID: number }>>('/api/admin/products?q=held%20lamp&state=suspended', admin.token)
    expect(suspended.body.data.map((p) => p.ProductID)).toEqual([held.ProductID])
    const off = await get<Array<{ ProductID: number }>>('/api/admin/products?q=held%20lamp&state=inactive', admin.token)
    expect(off.body.data.map((p) => p.ProductID)).not.toContain(held.ProductID)
  })

  it('tells a suspended vendor’s or influencer’s session that the account is suspended, with the support contact', async () => {
    const admin = await makeAdmin()
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    await post(`/api/admin/vendors/${vendor.id}/suspend`, admin.token, { reasonCode: 'fraud' })
    await post(`/api/admin/influencers/${marketer.id}/suspend`, admin.token, { reasonCode: 'abuse' })
    const read = await get(`/api/vendors/analytics/${vendor.id}`, vendor.token)
    expect([read.status, read.body.message]).toEqual([401, SESSION_SUSPENDED_MESSAGE])
    const write = await call('PUT', '/api/products/status/1', { token: vendor.token })
    expect([write.status, write.body.message]).toEqual([401, SESSION_SUSPENDED_MESSAGE])
    expect((await get(`/api/marketers/${marketer.id}`, marketer.token)).body.message).toBe(SESSION_SUSPENDED_MESSAGE)
    expect(SESSION_SUSPENDED_MESSAGE).toContain(SUPPORT_EMAIL)
    expect(SUSPENDED_MESSAGE).toContain(SUPPORT_EMAIL)
    // A public route still answers the token as no token.
    expect((await get('/api/products', vendor.token)).status).toBe(200)
    // A session stopped by a password change is still just expired.
    const other = await makeVendor()
    await call('PUT', `/api/vendors/${other.id}`, { token: other.token, json: { Password: 'brand-new-1', CurrentPassword: PASSWORD } })
    expect((await get(`/api/vendors/analytics/${other.id}`, other.token)).body.message).not.toBe(SESSION_SUSPENDED_MESSAGE)
  })
})
