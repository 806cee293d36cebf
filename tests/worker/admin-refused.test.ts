// Routes open to "any signed-in user" treated every role that was not `vendor` as
// an influencer, so an admin token read influencer #AdminID's money and leads. Every vendor and
// influencer route mounted in worker/app.ts is called here with an admin token whose id is also a
// vendor's and an influencer's id: each answers 403 in the envelope, and nothing changes.

import { exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, ORIGIN } from '../helpers/api'
import {
  makeAdmin,
  makeLead,
  makeMarketer,
  makeProduct,
  makeVendor,
  productForm,
  type SignedInAdmin,
  type SignedInMarketer,
  type SignedInVendor,
} from '../helpers/factories'
import { imageFile, PNG } from '../helpers/images'

type Route = { method: string; path: () => string; json?: () => unknown; form?: () => FormData }

let admin: SignedInAdmin
let vendor: SignedInVendor
let marketer: SignedInMarketer
let productId = 0
let leadId = 0
let entryId = 0

const picture = (field: string, idField: string, id: number) => {
  const form = new FormData()
  form.append(idField, String(id))
  form.append(field, imageFile(PNG))
  return form
}
const today = () => new Date().toISOString().slice(0, 10)

// Paths name the vendor and the influencer whose ids equal the admin's: an admin taken for either
// of them would be let through.
const VENDOR_ROUTES: Route[] = [
  { method: 'GET', path: () => `/api/vendors/analytics/${vendor.id}` },
  { method: 'POST', path: () => `/api/vendors/upload/vendor-profile/${vendor.id}`, form: () => picture('VendorProfilePic', 'VendorID', vendor.id) },
  { method: 'GET', path: () => '/api/vendors/performance/products' },
  { method: 'GET', path: () => '/api/vendors/performance/influencers/csv' },
  { method: 'GET', path: () => `/api/vendors/${vendor.id}/export` },
  { method: 'PUT', path: () => `/api/vendors/${vendor.id}`, json: () => ({ VendorName: 'Taken Over', MobileNumber: '9000000000', Email: vendor.email }) },
  { method: 'POST', path: () => '/api/products', form: () => productForm({ SKU: 'ADMIN-NEW' }) },
  { method: 'PUT', path: () => `/api/products/update/${productId}`, form: () => productForm({ ProductName: 'Taken Over', SKU: 'ADMIN-1' }) },
  { method: 'PUT', path: () => `/api/products/update-images/${productId}`, form: () => productForm({}, [imageFile(PNG)]) },
  { method: 'DELETE', path: () => `/api/products/delete-images/${productId}`, json: () => ({ images: ['x'] }) },
  { method: 'PUT', path: () => `/api/products/status/${productId}` },
  { method: 'DELETE', path: () => `/api/products/${productId}` },
  { method: 'GET', path: () => `/api/leads/leadsbyvendorid/${vendor.id}` },
  { method: 'PUT', path: () => `/api/leads/status/${leadId}`, json: () => ({ Status: 'Lost' }) },
  { method: 'GET', path: () => '/api/money/influencers' },
  { method: 'POST', path: () => '/api/money/payouts/preview', json: () => ({ MarketerID: marketer.id, EntryIDs: [entryId] }) },
  {
    method: 'POST',
    path: () => '/api/money/payouts',
    json: () => ({ MarketerID: marketer.id, EntryIDs: [entryId], Method: 'UPI', UTR: 'ADMINUTR000001', PaidOn: today() }),
  },
  { method: 'GET', path: () => '/api/money/settings' },
  { method: 'PUT', path: () => '/api/money/settings', json: () => ({ HoldingDays: 0, PaymentTermsDays: 1 }) },
]

const MARKETER_ROUTES: Route[] = [
  { method: 'GET', path: () => `/api/marketers/${marketer.id}` },
  {
    method: 'PUT',
    path: () => `/api/marketers/${marketer.id}`,
    json: () => ({ MarketerName: 'Taken Over', MobileNumber: '9000000000', Email: marketer.email }),
  },
  { method: 'PUT', path: () => `/api/marketers/social-media/${marketer.id}`, json: () => ({ Bio: 'Taken over' }) },
  { method: 'GET', path: () => `/api/marketers/analytics/${marketer.id}` },
  { method: 'POST', path: () => `/api/marketers/upload/marketer-profile/${marketer.id}`, form: () => picture('MarketerProfilePic', 'MarketerID', marketer.id) },
  { method: 'GET', path: () => `/api/marketers/${marketer.id}/export` },
  { method: 'GET', path: () => `/api/leads/leadsbymarketerid/${marketer.id}` },
  { method: 'GET', path: () => `/api/affiliate/product-links?marketerId=${marketer.id}` },
  { method: 'GET', path: () => '/api/affiliate/my-links' },
  { method: 'GET', path: () => '/api/money/statement.csv' },
  { method: 'GET', path: () => '/api/money/details' },
  { method: 'PUT', path: () => '/api/money/details', json: () => ({ UpiID: 'taken@okaxis', PAN: 'ABCDE1234F' }) },
]

// Open to both roles: each answered for the influencer or the vendor whose id the admin's matched.
const SHARED_ROUTES: Route[] = [
  { method: 'GET', path: () => '/api/money/balance' },
  { method: 'GET', path: () => '/api/money/entries' },
  { method: 'GET', path: () => '/api/money/payouts' },
  { method: 'GET', path: () => '/api/money/payouts.csv' },
  { method: 'GET', path: () => '/api/leads/leadsdata' },
  { method: 'GET', path: () => '/api/analytics/daily' },
  { method: 'GET', path: () => '/api/marketers' },
]

const send = (route: Route, token: string) => call(route.method, route.path(), { token, json: route.json?.(), form: route.form?.() })

/** What the routes above could change or reveal, read back by the owners. */
async function snapshot() {
  const reads = [
    call('GET', `/api/vendors/${vendor.id}`, { token: vendor.token }),
    call('GET', `/api/marketers/${marketer.id}`, { token: marketer.token }),
    call('GET', `/api/products/${productId}`, { token: vendor.token }),
    call('GET', `/api/leads/leadsbyvendorid/${vendor.id}`, { token: vendor.token }),
    call('GET', '/api/money/entries', { token: marketer.token }),
    call('GET', '/api/money/payouts', { token: vendor.token }),
    call('GET', '/api/money/settings', { token: vendor.token }),
    call('GET', '/api/money/details', { token: marketer.token }),
  ]
  return (await Promise.all(reads)).map((r) => r.body.data)
}

beforeAll(async () => {
  // One after another, in a file of its own: admin, vendor and influencer all get id 1.
  admin = await makeAdmin()
  vendor = await makeVendor()
  marketer = await makeMarketer()
  expect([vendor.id, marketer.id]).toEqual([admin.id, admin.id])
  expect((await call('PUT', '/api/money/settings', { token: vendor.token, json: { HoldingDays: 0, PaymentTermsDays: 7 } })).status).toBe(200)
  const product = await makeProduct(vendor, {}, [imageFile(PNG), imageFile(PNG)])
  productId = product.ProductID
  leadId = (await makeLead(product, marketer)).LeadID
  expect((await call('PUT', `/api/leads/status/${leadId}`, { token: vendor.token, json: { Status: 'Converted' } })).status).toBe(200)
  entryId = (await call<Array<{ EntryID: number }>>('GET', '/api/money/entries', { token: marketer.token })).body.data[0].EntryID
})

describe('an admin token on the vendor and influencer routes', () => {
  it.each([
    ['vendor', VENDOR_ROUTES],
    ['influencer', MARKETER_ROUTES],
    ['vendor-or-influencer', SHARED_ROUTES],
  ] as const)('is refused with 403 on every %s route, and changes nothing', async (_kind, routes) => {
    const before = await snapshot()
    for (const route of routes) {
      const res = await send(route, admin.token)
      const name = `${route.method} ${route.path()}`
      expect(res.status, name).toBe(403)
      expect(res.body, name).toMatchObject({ statusCode: 0, message: 'You are not allowed to do this', data: null })
    }
    expect(await snapshot()).toEqual(before)
  })

  it('still lets the owners read the same money and leads (so the refusals are about the role)', async () => {
    for (const route of SHARED_ROUTES) {
      for (const token of [vendor.token, marketer.token]) {
        // payouts.csv answers CSV, not the envelope: only the status is read here.
        const res = await exports.default.fetch(new Request(`${ORIGIN}${route.path()}`, { headers: { authorization: `Bearer ${token}` } }))
        await res.body?.cancel()
        expect(res.status, route.path()).toBe(200)
      }
    }
    const balance = await call<{ payable: number }>('GET', '/api/money/balance', { token: marketer.token })
    expect(balance.body.data.payable).toBeGreaterThan(0)
  })

  it('still opens the back office to the admin', async () => {
    expect((await call('GET', '/api/admin/overview', { token: admin.token })).status).toBe(200)
  })
})
