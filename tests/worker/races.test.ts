// Writes that race: vendor and influencer pictures share one replace step (db/media.ts
// replaceImage), and several uploads at once must leave exactly one stored picture, the one the
// record points at; a product toggled as it is deleted is a 404, not a crash.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { makeDb } from '../../worker/db/client'
import { toggleActive } from '../../worker/db/products'
import { call } from '../helpers/api'
import { makeMarketer, makeVendor } from '../helpers/factories'
import { imageFile, PNG } from '../helpers/images'

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
    await expect(toggleActive(makeDb(env.DB), 987_654_321)).rejects.toMatchObject({ status: 404, message: 'Product not found' })
  })
})
