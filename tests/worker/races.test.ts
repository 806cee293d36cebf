// Writes that race: vendor and influencer pictures share one replace step (db/media.ts
// replaceImage), and several uploads at once must leave exactly one stored picture, the one the
// record points at; a product toggled as it is deleted is a 404, not a crash.

import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import type { MarketerSelf } from '../../worker/contract/marketer'
import type { ProductInput } from '../../worker/contract/product'
import { makeDb } from '../../worker/db/client'
import { deleteProduct, findProduct } from '../../worker/db/products'
import { editProduct, setProductImages, toggleProduct } from '../../worker/services/products'
import * as passwords from '../../worker/domain/passwords'
import { call } from '../helpers/api'
import { leadForm, makeMarketer, makeProduct, makeVendor, PASSWORD } from '../helpers/factories'
import { dataUrl, imageFile, PNG } from '../helpers/images'

const storedUnder = async (prefix: string) => (await env.MEDIA.list({ prefix })).objects.map((o) => o.key)

function pictureForm(idField: string, fileField: string, id: number) {
  const form = new FormData()
  form.append(idField, String(id))
  form.append(fileField, imageFile(PNG))
  return form
}

describe('profile pictures uploaded at the same moment', () => {
  it('leave the vendor with one picture in R2, the one the record holds', async () => {
    const vendor = await makeVendor()
    const upload = () =>
      call('POST', `/api/vendors/upload/vendor-profile/${vendor.id}`, { token: vendor.token, form: pictureForm('VendorID', 'VendorProfilePic', vendor.id) })
    const results = await Promise.all([upload(), upload(), upload(), upload()])
    expect(results.some((r) => r.status === 200)).toBe(true)
    for (const r of results) expect([200, 409]).toContain(r.status)

    const me = await call<{ VendorProfilePic: string }>('GET', `/api/vendors/${vendor.id}`, { token: vendor.token })
    expect(await storedUnder('vendors/')).toEqual([me.body.data.VendorProfilePic])
  })

  it('leave the influencer with one picture in R2, the one the record holds', async () => {
    const marketer = await makeMarketer()
    const upload = () =>
      call('POST', `/api/marketers/upload/marketer-profile/${marketer.id}`, {
        token: marketer.token,
        form: pictureForm('MarketerID', 'MarketerProfilePic', marketer.id),
      })
    const results = await Promise.all([upload(), upload(), upload(), upload()])
    expect(results.some((r) => r.status === 200)).toBe(true)
    for (const r of results) {
      expect([200, 409]).toContain(r.status)
      if (r.status === 409) {
        expect(r.body).toMatchObject({ success: false, message: 'Your profile picture was changed at the same moment. Please try again.' })
      }
    }

    const me = await call<{ MarketerProfilePic: string }>('GET', `/api/marketers/${marketer.id}`, { token: marketer.token })
    expect(await storedUnder('marketers/')).toEqual([me.body.data.MarketerProfilePic])
  })
})

describe('a product deleted while its status is being toggled', () => {
  it('answers 404 from the toggle instead of failing', async () => {
    await expect(toggleProduct(makeDb(env.DB), 987_654_321)).rejects.toMatchObject({ code: 'not_found', message: 'Product not found' })
  })
})

describe('a product deleted while it is being edited', () => {
  it('answers 404 from the edit and the image change, not "changed at the same moment"', async () => {
    const vendor = await makeVendor()
    const product = await makeProduct(vendor)
    const d = makeDb(env.DB)
    const row = await findProduct(d, product.ProductID)
    if (!row) throw new Error('product missing')
    await deleteProduct(d, product.ProductID)
    const input: ProductInput = {
      ProductName: row.ProductName,
      Description: row.Description,
      PricePaise: row.PricePaise,
      CommissionType: row.CommissionType,
      CommissionValue: row.CommissionValue,
      Category: 'Clothing',
      SKU: row.SKU,
      product_link: null,
    }
    await expect(editProduct(d, env.MEDIA, row, input, [])).rejects.toMatchObject({ code: 'not_found', message: 'Product not found' })
    await expect(setProductImages(d, row, row.Images)).rejects.toMatchObject({ code: 'not_found', message: 'Product not found' })
  })
})

// The limits counted first and recorded after the work, so requests sent at
// the same moment all passed the count. Now the count and the record are one statement.
describe('rate limits under a burst of concurrent requests', () => {
  it('checks at most 10 passwords for one email however many wrong logins arrive at once', async () => {
    const marketer = await makeMarketer()
    const checks = vi.spyOn(passwords, 'verifyPassword')
    try {
      const attempts = Array.from({ length: 50 }, (_, i) => call('POST', '/api/marketers/login', { json: { Email: marketer.email, Password: `wrong-${i}` } }))
      const results = await Promise.all(attempts)
      expect(checks.mock.calls.length).toBeLessThanOrEqual(10)
      expect(results.filter((r) => r.status === 401)).toHaveLength(checks.mock.calls.length)
      expect(results.filter((r) => r.status === 429)).toHaveLength(50 - checks.mock.calls.length)
      for (const r of results.filter((res) => res.status === 429)) {
        expect(r.body).toEqual({ statusCode: 0, message: 'Too many failed login attempts. Please wait 15 minutes and try again.', data: null })
      }
      // The limit is reached: the right password is not even checked now.
      const right = await call('POST', '/api/marketers/login', { json: { Email: marketer.email, Password: PASSWORD } })
      expect(right.status).toBe(429)
      expect(checks.mock.calls.length).toBeLessThanOrEqual(10)
    } finally {
      checks.mockRestore()
    }
  })

  it('never accepts the right password sent among a burst once 10 wrong ones were checked', async () => {
    const vendor = await makeVendor()
    const checks = vi.spyOn(passwords, 'verifyPassword')
    try {
      const wrong = (i: number) => call('POST', '/api/vendors/login', { json: { Email: vendor.email, Password: `wrong-${i}` } })
      const right = () => call('POST', '/api/vendors/login', { json: { Email: vendor.email, Password: PASSWORD } })
      const results = await Promise.all([...Array.from({ length: 40 }, (_, i) => wrong(i)), right(), ...Array.from({ length: 10 }, (_, i) => wrong(40 + i))])
      const wrongChecked = checks.mock.calls.filter(([password]) => password !== PASSWORD).length
      expect(wrongChecked).toBeLessThanOrEqual(10)
      // Either the right password got one of the 10 checks, or it was refused with the others.
      expect([200, 429]).toContain(results[40].status)
      expect((await right()).status).toBe(wrongChecked === 10 ? 429 : 200)
    } finally {
      checks.mockRestore()
    }
  })

  it('stores exactly 20 of 60 leads sent at once from one network', async () => {
    const vendor = await makeVendor()
    const marketer = await makeMarketer()
    const product = await makeProduct(vendor)
    const results = await Promise.all(
      Array.from({ length: 60 }, () =>
        call('POST', '/api/leads/create', { json: leadForm(product, marketer), headers: { 'cf-connecting-ip': '198.51.100.60' } }),
      ),
    )
    expect(results.filter((r) => r.status === 201)).toHaveLength(20)
    expect(results.filter((r) => r.status === 429)).toHaveLength(40)
    const leads = await call<unknown[]>('GET', `/api/leads/leadsbyvendorid/${vendor.id}`, { token: vendor.token })
    expect(leads.body.data).toHaveLength(20)
  })
})

// The setup form read the stored previews, stored new images, then wrote
// the record whatever had happened meanwhile, so two saves at once could leave the record pointing
// at an image the other save had deleted, or leave an image no record points at.
describe('social media setups saved at the same moment', () => {
  it('leave exactly the previews the record points at in R2, each of them there', async () => {
    const marketer = await makeMarketer()
    const path = `/api/marketers/social-media/${marketer.id}`
    const first = await call<MarketerSelf>('PUT', path, { token: marketer.token, json: { PreviewImage1: dataUrl(PNG), PreviewImage2: dataUrl(PNG) } })
    expect(first.status).toBe(200)
    const [p1, p2] = [first.body.data.PreviewImage1, first.body.data.PreviewImage2]
    const saves = [
      { PreviewImage1: dataUrl(PNG), PreviewImage2: p2 },
      { PreviewImage1: p1, PreviewImage2: dataUrl(PNG) },
      { PreviewImage1: p2, PreviewImage2: p1, PreviewImage3: dataUrl(PNG) },
      { PreviewImage1: dataUrl(PNG) },
      { PreviewImage1: p1, PreviewImage3: dataUrl(PNG) },
      { PreviewImage2: p2, PreviewImage3: dataUrl(PNG) },
    ]
    const results = await Promise.all(saves.map((json) => call('PUT', path, { token: marketer.token, json })))
    expect(results.some((r) => r.status === 200)).toBe(true)
    for (const r of results) {
      expect([200, 409]).toContain(r.status)
      if (r.status === 409) expect(r.body.message).toBe('Your profile was changed at the same moment. Please reload and try again.')
    }
    const me = (await call<MarketerSelf>('GET', `/api/marketers/${marketer.id}`, { token: marketer.token })).body.data
    const referenced = [me.PreviewImage1, me.PreviewImage2, me.PreviewImage3].filter((p): p is string => p !== null).sort()
    expect(await storedUnder('previews/')).toEqual(referenced)
  })
})
