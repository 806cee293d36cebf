import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { MarketerAnalytics, MarketerSelf } from '../../worker/contract/marketer'
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE } from '../../worker/domain/images'
import { signToken } from '../../worker/domain/tokens'
import { call } from '../helpers/api'
import { makeMarketer, makeVendor, PASSWORD } from '../helpers/factories'
import { FAKE_PNG, imageFile, JPEG, oversizedPng, PNG } from '../helpers/images'
import { insertLead, insertProduct } from '../helpers/rows'
import { track } from '../helpers/tracking'

const profile = (overrides: Record<string, unknown> = {}) => ({
  MarketerName: 'Riya Sharma',
  MobileNumber: '9123456780',
  Email: 'riya.new@creators.in',
  Password: '',
  ...overrides,
})

const readSelf = async (id: number, token: string) => (await call<MarketerSelf>('GET', `/api/marketers/${id}`, { token })).body.data

describe('GET /api/marketers/:id', () => {
  it('gives the influencer their full record without any password material', async () => {
    const me = await makeMarketer({ MarketerName: 'Ananya Iyer' })
    const res = await call<MarketerSelf>('GET', `/api/marketers/${me.id}`, { token: me.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ MarketerID: me.id, MarketerName: 'Ananya Iyer', Email: me.email, InstagramFollowers: 0 })
    expect(JSON.stringify(res.body)).not.toMatch(/Password|pbkdf2/i)
  })

  it('answers 401 without a valid token and 403 to anyone else', async () => {
    const me = await makeMarketer()
    const other = await makeMarketer()
    const vendor = await makeVendor()
    expect((await call('GET', `/api/marketers/${me.id}`)).status).toBe(401)
    const forged = await signToken({ role: 'marketer', id: me.id, ver: 0 }, 'not-the-secret')
    expect((await call('GET', `/api/marketers/${me.id}`, { token: forged })).status).toBe(401)
    expect((await call('GET', `/api/marketers/${me.id}`, { token: other.token })).status).toBe(403)
    expect((await call('GET', `/api/marketers/${me.id}`, { token: vendor.token })).status).toBe(403)
  })
})

describe('PUT /api/marketers/:id', () => {
  it('updates the profile, re-hashes a new password and keeps social fields that were not sent', async () => {
    const me = await makeMarketer()
    await call('PUT', `/api/marketers/social-media/${me.id}`, { token: me.token, json: { InstagramUsername: 'riya.styles', InstagramFollowers: 5000 } })
    const res = await call<MarketerSelf>('PUT', `/api/marketers/${me.id}`, {
      token: me.token,
      json: profile({
        MarketerName: 'Riya S.',
        Email: 'Riya.New@Creators.in',
        Password: 'newpass1',
        CurrentPassword: PASSWORD,
        Bio: 'Styling handloom',
        Verified: true,
      }),
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ statusCode: 1, message: 'Profile updated successfully!' })
    expect(res.body.data).toMatchObject({
      MarketerName: 'Riya S.',
      Email: 'riya.new@creators.in',
      Bio: 'Styling handloom',
      InstagramUsername: 'riya.styles',
      InstagramFollowers: 5000,
      totalReachRaw: 5000,
      Verified: false,
    })
    expect(JSON.stringify(res.body)).not.toMatch(/PasswordHash|pbkdf2/i)

    const oldLogin = await call('POST', '/api/marketers/login', { json: { Email: 'riya.new@creators.in', Password: PASSWORD } })
    expect(oldLogin.status).toBe(401)
    const newLogin = await call('POST', '/api/marketers/login', { json: { Email: 'riya.new@creators.in', Password: 'newpass1' } })
    expect(newLogin.status).toBe(200)
  })

  it('keeps the current password when none is given', async () => {
    const me = await makeMarketer()
    const email = `keep-${me.id}@creators.in`
    expect((await call('PUT', `/api/marketers/${me.id}`, { token: me.token, json: profile({ Email: email }) })).status).toBe(200)
    expect((await call('POST', '/api/marketers/login', { json: { Email: email, Password: PASSWORD } })).status).toBe(200)
  })

  it('recomputes the combined reach from the counts it is sent', async () => {
    const me = await makeMarketer()
    const res = await call<MarketerSelf>('PUT', `/api/marketers/${me.id}`, {
      token: me.token,
      json: profile({ Email: `reach-${me.id}@creators.in`, YouTubeSubscribers: '1200', TwitterFollowers: 300, TwitterFollowing: 999 }),
    })
    expect(res.body.data.totalReachRaw).toBe(1500)
  })

  it.each([
    [{ MarketerName: 'x'.repeat(51) }, 'Name should be less than 50 characters.'],
    [{ MarketerName: '' }, 'Please enter your name'],
    [{ MobileNumber: '98765' }, 'Mobile number should be exactly 10 digits.'],
    [{ MobileNumber: '98765abcde' }, 'Mobile number should be exactly 10 digits.'],
    [{ MobileNumber: '0123456789' }, 'Mobile number should start with 6, 7, 8 or 9'],
    [{ Email: 'not-an-email' }, 'Invalid email format.'],
    [{ Password: '12345' }, 'Password should be at least 6 characters.'],
    [{ Password: 'x'.repeat(31) }, 'Password should be at most 30 characters.'],
    [{ YouTubeChannelLink: 'my channel' }, 'YouTube channel link should be a valid URL.'],
    [{ Category: 'Cricket' }, 'Please choose a category from the list.'],
    [{ InstagramFollowers: -5 }, 'Follower counts cannot be negative.'],
  ])('refuses %j with the spec message and changes nothing', async (change, message) => {
    const me = await makeMarketer()
    const before = await readSelf(me.id, me.token)
    const res = await call('PUT', `/api/marketers/${me.id}`, { token: me.token, json: profile(change) })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ statusCode: 0, message, data: null })
    expect(await readSelf(me.id, me.token)).toEqual(before)
  })

  it('refuses an email another account uses with 409 and changes nothing', async () => {
    const taken = await makeMarketer()
    const me = await makeMarketer()
    const before = await readSelf(me.id, me.token)
    const res = await call('PUT', `/api/marketers/${me.id}`, { token: me.token, json: profile({ Email: taken.email.toUpperCase() }) })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('An account with this email already exists')
    expect(await readSelf(me.id, me.token)).toEqual(before)
  })

  it('lets the influencer keep their own email', async () => {
    const me = await makeMarketer()
    expect((await call('PUT', `/api/marketers/${me.id}`, { token: me.token, json: profile({ Email: me.email }) })).status).toBe(200)
  })

  it('refuses another influencer (403) and a visitor (401), changing nothing', async () => {
    const me = await makeMarketer()
    const other = await makeMarketer()
    const vendor = await makeVendor()
    const before = await readSelf(me.id, me.token)
    for (const token of [other.token, vendor.token]) {
      expect((await call('PUT', `/api/marketers/${me.id}`, { token, json: profile({ MarketerName: 'Hijacked' }) })).status).toBe(403)
    }
    expect((await call('PUT', `/api/marketers/${me.id}`, { json: profile({ MarketerName: 'Hijacked' }) })).status).toBe(401)
    expect(await readSelf(me.id, me.token)).toEqual(before)
  })
})

describe('POST /api/marketers/upload/marketer-profile/:id', () => {
  const upload = (id: number, token: string | undefined, file?: File, marketerId: number | string = id) => {
    const form = new FormData()
    form.append('MarketerID', String(marketerId))
    if (file) form.append('MarketerProfilePic', file)
    return call<{ profilePicUrl: string }>('POST', `/api/marketers/upload/marketer-profile/${id}`, { token, form })
  }

  it('stores the picture, answers success with profilePicUrl, and removes the old picture from R2', async () => {
    const me = await makeMarketer()
    const first = await upload(me.id, me.token, imageFile(PNG, 'me.png'))
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ statusCode: 1, success: true, message: 'Profile picture updated successfully!' })
    const firstPath = first.body.data.profilePicUrl
    expect(firstPath).toMatch(/^marketers\/[0-9a-f-]{36}_\d+x\d+\.png$/)
    expect((await readSelf(me.id, me.token)).MarketerProfilePic).toBe(firstPath)
    expect(await env.MEDIA.head(firstPath)).not.toBeNull()

    // The type comes from the bytes, not the file name or its declared type.
    const second = await upload(me.id, me.token, imageFile(JPEG, 'me.png', 'image/png'))
    expect(second.body.data.profilePicUrl).toMatch(/^marketers\/[0-9a-f-]{36}_\d+x\d+\.jpg$/)
    expect(await env.MEDIA.head(firstPath)).toBeNull()
    expect((await readSelf(me.id, me.token)).MarketerProfilePic).toBe(second.body.data.profilePicUrl)
  })

  it.each([
    ['no file', undefined, 'Please select an image'],
    ['a text file named .png', imageFile(FAKE_PNG), NOT_AN_IMAGE],
    ['a file over 5 MB', imageFile(oversizedPng()), IMAGE_TOO_LARGE],
  ])('refuses %s with success false and keeps the old picture', async (_name, file, message) => {
    const me = await makeMarketer()
    await upload(me.id, me.token, imageFile(PNG))
    const before = await readSelf(me.id, me.token)
    const res = await upload(me.id, me.token, file)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ statusCode: 0, success: false, message, data: null })
    expect(await readSelf(me.id, me.token)).toEqual(before)
  })

  it('refuses a MarketerID field that names someone else with 403', async () => {
    const me = await makeMarketer()
    const res = await upload(me.id, me.token, imageFile(PNG), me.id + 1000)
    expect(res.status).toBe(403)
    expect((await readSelf(me.id, me.token)).MarketerProfilePic).toBeNull()
  })

  it('refuses another influencer (403) and a visitor (401), changing nothing', async () => {
    const me = await makeMarketer()
    const other = await makeMarketer()
    expect((await upload(me.id, other.token, imageFile(PNG))).status).toBe(403)
    const anonymous = await upload(me.id, undefined, imageFile(PNG))
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toMatchObject({ success: false })
    expect((await readSelf(me.id, me.token)).MarketerProfilePic).toBeNull()
  })
})

describe('GET /api/marketers/analytics/:id', () => {
  it('totals the influencer’s leads, conversions, commission snapshots and impressions', async () => {
    const vendor = await makeVendor()
    const me = await makeMarketer()
    const other = await makeMarketer()
    const kurta = await insertProduct(vendor.id, { CommissionAmountPaise: 15_050 })
    const tea = await insertProduct(vendor.id, { CommissionAmountPaise: 4_990 })
    await insertLead(kurta, me.id, 'Converted')
    await insertLead(kurta, me.id, 'Converted', { CommissionAmountPaise: 12_000 }) // snapshot from before a price change
    await insertLead(tea, me.id, 'Pending')
    await insertLead(tea, me.id, 'Lost')
    await insertLead(tea, other.id, 'Converted')
    await track({ productId: kurta.ProductID, vendorId: vendor.id, marketerId: me.id }, { ip: '198.51.100.1' })
    await track({ productId: tea.ProductID, vendorId: vendor.id, marketerId: me.id }, { ip: '198.51.100.2' })
    await track({ productId: tea.ProductID, vendorId: vendor.id, marketerId: other.id }, { ip: '198.51.100.3' })

    const res = await call<MarketerAnalytics>('GET', `/api/marketers/analytics/${me.id}`, { token: me.token })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ totalLeads: 4, totalConversions: 2, totalCommission: 270.5, totalImpressions: 2 })
  })

  it('answers zeros for a new influencer', async () => {
    const me = await makeMarketer()
    const res = await call<MarketerAnalytics>('GET', `/api/marketers/analytics/${me.id}`, { token: me.token })
    expect(res.body.data).toEqual({ totalLeads: 0, totalConversions: 0, totalCommission: 0, totalImpressions: 0 })
  })

  it('is only for the influencer themself', async () => {
    const me = await makeMarketer()
    const other = await makeMarketer()
    const vendor = await makeVendor()
    expect((await call('GET', `/api/marketers/analytics/${me.id}`)).status).toBe(401)
    expect((await call('GET', `/api/marketers/analytics/${me.id}`, { token: other.token })).status).toBe(403)
    expect((await call('GET', `/api/marketers/analytics/${me.id}`, { token: vendor.token })).status).toBe(403)
  })
})
