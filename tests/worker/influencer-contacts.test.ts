// Decision 060. Any new vendor account read influencers' emails and phones from the public
// profile, and nothing limited how many profiles one caller opened. Contacts now go to the
// influencer themself, a vendor verified by the back office and a vendor who has worked with the
// influencer; every caller is limited per account (or per address when signed out).

import { describe, expect, it } from 'vitest'
import type { MarketerProfile } from '../../worker/contract/marketer'
import { call } from '../helpers/api'
import { freshIp, makeAdmin, makeLead, makeMarketer, makeProduct, makeVendor } from '../helpers/factories'
import { imageFile, PNG } from '../helpers/images'

const profileOf = (id: number, token?: string, headers?: Record<string, string>) =>
  call<MarketerProfile>('GET', `/api/marketers/social-media/${id}`, { token, headers })

describe('an influencer’s contact details on the public profile', () => {
  it('go to the influencer, a vendor they brought a lead to and a verified vendor; any other vendor is told how contacts are shared', async () => {
    const marketer = await makeMarketer({ MobileNumber: '9811122233' })
    const [stranger, partner, checked, otherMarketer, admin] = await Promise.all([makeVendor(), makeVendor(), makeVendor(), makeMarketer(), makeAdmin()])
    await makeLead(await makeProduct(partner, {}, [imageFile(PNG)]), marketer)
    const verify = await call('POST', `/api/admin/vendors/${checked.id}/verify`, { token: admin.token, json: {} })
    expect(verify.status).toBe(200)

    for (const token of [marketer.token, partner.token, checked.token]) {
      const { data } = (await profileOf(marketer.id, token)).body
      expect(data.marketer).toMatchObject({ Email: marketer.email, MobileNumber: '9811122233' })
      expect(data.contactAccess).toBe('shared')
    }
    const asStranger = await profileOf(marketer.id, stranger.token)
    expect(asStranger.status).toBe(200)
    expect(asStranger.body.data.contactAccess).toBe('after-working-together')
    for (const [who, token] of [
      ['a vendor without work together', stranger.token],
      ['a visitor', undefined],
      ['another influencer', otherMarketer.token],
      ['an admin', admin.token],
    ] as const) {
      const text = JSON.stringify((await profileOf(marketer.id, token)).body)
      expect(text, who).not.toContain(marketer.email)
      expect(text, who).not.toContain('9811122233')
    }
    expect((await profileOf(marketer.id)).body.data.contactAccess).toBe('hidden')
  })

  it('stop reaching a vendor once the back office removes their verification', async () => {
    const [marketer, vendor, admin] = await Promise.all([makeMarketer(), makeVendor(), makeAdmin()])
    await call('POST', `/api/admin/vendors/${vendor.id}/verify`, { token: admin.token, json: {} })
    expect((await profileOf(marketer.id, vendor.token)).body.data.marketer.Email).toBe(marketer.email)
    const again = await call('POST', `/api/admin/vendors/${vendor.id}/verify`, { token: admin.token, json: {} })
    expect([again.status, again.body.message]).toEqual([409, 'This vendor is already verified.'])
    await call('POST', `/api/admin/vendors/${vendor.id}/unverify`, { token: admin.token, json: { reason: 'Checked the wrong account' } })
    expect((await profileOf(marketer.id, vendor.token)).body.data.marketer).not.toHaveProperty('Email')
    const audit = await call<Array<{ action: string; targetType: string; targetId: string }>>('GET', '/api/admin/audit?targetType=vendor', {
      token: admin.token,
    })
    expect(audit.body.data.slice(0, 2).map((e) => [e.action, e.targetId])).toEqual([
      ['unverify', String(vendor.id)],
      ['verify', String(vendor.id)],
    ])
  })
})

describe('how many profiles one caller opens', () => {
  const LIMIT = 120
  const MESSAGE = 'You have opened many profiles in a short time. Please wait a few minutes and try again.'

  it('is limited per account: past the limit a vendor gets 429 with a message, and another vendor is not held up', async () => {
    const [marketer, walker, browsing] = await Promise.all([makeMarketer(), makeVendor(), makeVendor()])
    for (let i = 0; i < LIMIT; i++) expect((await profileOf(marketer.id, walker.token)).status).toBe(200)
    const refused = await profileOf(marketer.id, walker.token)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ success: false, statusCode: 0, message: MESSAGE, data: null })
    expect((await profileOf(marketer.id, browsing.token)).status).toBe(200)
  })

  it('is limited per address for visitors', async () => {
    const marketer = await makeMarketer()
    const ip = freshIp()
    for (let i = 0; i < LIMIT; i++) expect((await profileOf(marketer.id, undefined, { 'cf-connecting-ip': ip })).status).toBe(200)
    expect((await profileOf(marketer.id, undefined, { 'cf-connecting-ip': ip })).status).toBe(429)
    expect((await profileOf(marketer.id, undefined, { 'cf-connecting-ip': freshIp() })).status).toBe(200)
  })
})
