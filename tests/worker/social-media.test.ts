import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { MarketerListItem, MarketerProfile, MarketerSelf } from '../../worker/contract/marketer'
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE } from '../../worker/domain/images'
import { call } from '../helpers/api'
import { makeMarketer, makeVendor } from '../helpers/factories'
import { dataUrl, FAKE_PNG, GIF, JPEG, oversizedPng, PNG } from '../helpers/images'

type Listed = MarketerListItem & Record<string, unknown>
type PublicReply<T> = { statusCode: number; success: boolean; message: string; data: T }

const save = (id: number, token: string | undefined, json: Record<string, unknown>) =>
  call<MarketerSelf>('PUT', `/api/marketers/social-media/${id}`, { token, json })

const readSelf = async (id: number, token: string) => (await call<MarketerSelf>('GET', `/api/marketers/${id}`, { token })).body.data

const fullSetup = {
  InstagramUsername: '@ananya.weaves',
  InstagramFollowers: 125000,
  InstagramFollowing: 612,
  YouTubeChannelLink: 'https://youtube.com/@ananyaweaves',
  YouTubeSubscribers: 45200,
  LinkedInProfile: '',
  LinkedInConnections: 0,
  TwitterHandle: 'ananya_tw',
  TwitterFollowers: 800,
  TwitterFollowing: 90,
  TikTokUsername: '',
  TikTokFollowers: 0,
  TikTokFollowing: 0,
  FacebookPage: '',
  FacebookLikes: 0,
  PinterestUsername: 'ananyaweaves',
  PinterestFollowers: 12800,
  Bio: 'Slow fashion from Mumbai',
  Location: 'Mumbai, India',
  Category: 'Fashion',
  PreviewImage1: '',
  PreviewImage2: '',
  PreviewImage3: '',
}

describe('PUT /api/marketers/social-media/:id', () => {
  it('saves the social profile and the combined reach, never counting "following"', async () => {
    const me = await makeMarketer()
    const res = await save(me.id, me.token, fullSetup)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ statusCode: 1, message: 'Social media profiles updated successfully!' })
    expect(res.body.data).toMatchObject({
      InstagramUsername: '@ananya.weaves',
      InstagramFollowers: 125000,
      LinkedInProfile: null,
      Bio: 'Slow fashion from Mumbai',
      Location: 'Mumbai, India',
      Category: 'Fashion',
      totalReachRaw: 125000 + 45200 + 800 + 12800,
    })
    expect(await readSelf(me.id, me.token)).toEqual(res.body.data)
  })

  it('adds every platform’s audience into totalReachRaw', async () => {
    const me = await makeMarketer()
    const res = await save(me.id, me.token, {
      InstagramFollowers: 1,
      TwitterFollowers: 10,
      TikTokFollowers: 100,
      YouTubeSubscribers: 1000,
      LinkedInConnections: 10000,
      FacebookLikes: 100000,
      PinterestFollowers: 1000000,
      InstagramFollowing: 5,
      TwitterFollowing: 5,
      TikTokFollowing: 5,
    })
    expect(res.body.data.totalReachRaw).toBe(1111111)
  })

  it('turns blank, missing and non-numeric counts into 0 and drops fractions', async () => {
    const me = await makeMarketer()
    const res = await save(me.id, me.token, {
      InstagramFollowers: '2500',
      TwitterFollowers: 'lots',
      TikTokFollowers: '',
      YouTubeSubscribers: 12.7,
      FacebookLikes: null,
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      InstagramFollowers: 2500,
      TwitterFollowers: 0,
      TikTokFollowers: 0,
      YouTubeSubscribers: 12,
      FacebookLikes: 0,
      PinterestFollowers: 0,
    })
  })

  it('saves a blank form, which clears what was there', async () => {
    const me = await makeMarketer()
    await save(me.id, me.token, fullSetup)
    const res = await save(me.id, me.token, {})
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ InstagramUsername: null, InstagramFollowers: 0, Bio: null, Category: null, totalReachRaw: 0 })
  })

  it.each([
    ['a negative count', { InstagramFollowers: -1 }, 'Follower counts cannot be negative.'],
    ['a negative count as text', { TwitterFollowing: '-20' }, 'Follower counts cannot be negative.'],
    ['a YouTube link that is not a URL', { YouTubeChannelLink: 'youtube ananya' }, 'YouTube channel link should be a valid URL.'],
    ['a script address for LinkedIn', { LinkedInProfile: 'javascript:alert(1)' }, 'LinkedIn profile should be a valid URL.'],
    ['a Facebook page without a scheme', { FacebookPage: 'facebook.com/page' }, 'Facebook page should be a valid URL.'],
    ['a category outside the list', { Category: 'Cricket' }, 'Please choose a category from the list.'],
    ['a bio over 1000 characters', { Bio: 'x'.repeat(1001) }, 'Bio should be at most 1000 characters.'],
    ['a preview that is text, not an image', { PreviewImage1: dataUrl(FAKE_PNG) }, NOT_AN_IMAGE],
    ['a preview that is not base64', { PreviewImage2: 'data:image/png;base64,@@not base64@@' }, NOT_AN_IMAGE],
    ['a preview over 5 MB', { PreviewImage3: dataUrl(oversizedPng()) }, IMAGE_TOO_LARGE],
    ['a preview on another site', { PreviewImage1: 'https://example.com/cat.png' }, 'Preview images should be new images or ones already on your profile.'],
  ])('refuses %s with its message and changes nothing', async (_name, change, message) => {
    const me = await makeMarketer()
    await save(me.id, me.token, fullSetup)
    const before = await readSelf(me.id, me.token)
    const res = await save(me.id, me.token, { ...fullSetup, ...change })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ statusCode: 0, message, data: null })
    expect(await readSelf(me.id, me.token)).toEqual(before)
  })

  it('accepts each of the 13 categories', async () => {
    const me = await makeMarketer()
    for (const Category of ['Lifestyle', 'Technology', 'Entertainment']) {
      expect((await save(me.id, me.token, { Category })).body.data.Category).toBe(Category)
    }
  })

  it('stores data-URL previews in R2 and keeps media paths on the record', async () => {
    const me = await makeMarketer()
    const res = await save(me.id, me.token, { ...fullSetup, PreviewImage1: dataUrl(PNG), PreviewImage2: dataUrl(JPEG, 'image/jpeg'), PreviewImage3: '' })
    expect(res.status).toBe(200)
    const { PreviewImage1, PreviewImage2, PreviewImage3 } = res.body.data
    expect(PreviewImage1).toMatch(/^previews\/[0-9a-f-]{36}_\d+x\d+\.png$/)
    expect(PreviewImage2).toMatch(/^previews\/[0-9a-f-]{36}_\d+x\d+\.jpg$/)
    expect(PreviewImage3).toBeNull()
    const stored = await env.MEDIA.get(PreviewImage1 ?? '')
    expect(new Uint8Array(await (stored?.arrayBuffer() ?? new ArrayBuffer(0)))).toEqual(PNG)
    expect(stored?.httpMetadata?.contentType).toBe('image/png')
  })

  it('keeps a preview sent back as its media path, replaces a new one and deletes removed ones from R2', async () => {
    const me = await makeMarketer()
    const first = (await save(me.id, me.token, { PreviewImage1: dataUrl(PNG), PreviewImage2: dataUrl(GIF, 'image/gif'), PreviewImage3: dataUrl(JPEG) })).body
      .data
    const second = await save(me.id, me.token, {
      PreviewImage1: first.PreviewImage1, // kept as stored
      PreviewImage2: `/media/${first.PreviewImage3}`, // moved, sent the way the page shows it
      PreviewImage3: '', // removed
    })
    expect(second.status).toBe(200)
    expect(second.body.data.PreviewImage1).toBe(first.PreviewImage1)
    expect(second.body.data.PreviewImage2).toBe(first.PreviewImage3)
    expect(second.body.data.PreviewImage3).toBeNull()
    expect(await env.MEDIA.head(first.PreviewImage1 ?? '')).not.toBeNull()
    expect(await env.MEDIA.head(first.PreviewImage3 ?? '')).not.toBeNull()
    expect(await env.MEDIA.head(first.PreviewImage2 ?? '')).toBeNull()
  })

  it('refuses a media path that belongs to someone else', async () => {
    const other = await makeMarketer()
    const theirs = (await save(other.id, other.token, { PreviewImage1: dataUrl(PNG) })).body.data.PreviewImage1
    const me = await makeMarketer()
    const res = await save(me.id, me.token, { PreviewImage1: theirs })
    expect(res.status).toBe(400)
    expect((await readSelf(me.id, me.token)).PreviewImage1).toBeNull()
  })

  it('refuses another influencer (403), a vendor (403) and a visitor (401), changing nothing', async () => {
    const me = await makeMarketer()
    await save(me.id, me.token, fullSetup)
    const before = await readSelf(me.id, me.token)
    const other = await makeMarketer()
    const vendor = await makeVendor()
    expect((await save(me.id, other.token, { Bio: 'Hijacked' })).status).toBe(403)
    expect((await save(me.id, vendor.token, { Bio: 'Hijacked' })).status).toBe(403)
    expect((await save(me.id, undefined, { Bio: 'Hijacked' })).status).toBe(401)
    expect(await readSelf(me.id, me.token)).toEqual(before)
  })

  it('refuses a body that is not JSON', async () => {
    const me = await makeMarketer()
    const res = await call('PUT', `/api/marketers/social-media/${me.id}`, { token: me.token, headers: { 'content-type': 'text/plain' } })
    expect(res.status).toBe(400)
  })
})

describe('GET /api/marketers/social-media (public directory)', () => {
  it('lists every influencer with their public fields and an engagement rate, never contact details', async () => {
    const me = await makeMarketer({ MarketerName: 'Ananya Iyer', MobileNumber: '9900112233' })
    await save(me.id, me.token, fullSetup)
    const res = await call<Listed[]>('GET', '/api/marketers/social-media')
    expect(res.status).toBe(200)
    const body = res.body as unknown as PublicReply<Listed[]>
    expect(body.success).toBe(true)
    const listed = body.data.find((m) => m.MarketerID === me.id)
    expect(listed).toMatchObject({
      MarketerName: 'Ananya Iyer',
      MarketerProfilePic: null,
      InstagramUsername: '@ananya.weaves',
      TwitterHandle: 'ananya_tw',
      TikTokUsername: null,
      totalReachRaw: 183800,
      Category: 'Fashion',
      Location: 'Mumbai, India',
      Verified: false,
      Bio: 'Slow fashion from Mumbai',
      PreviewImage1: null,
    })
    expect(typeof listed?.DateCreated).toBe('string')
    expect(listed?.engagementRate).toBeGreaterThanOrEqual(2)
    expect(listed?.engagementRate).toBeLessThanOrEqual(4)
    const text = JSON.stringify(body)
    expect(text).not.toContain(me.email)
    expect(text).not.toContain('9900112233')
    expect(text).not.toMatch(/Email|MobileNumber|Password|pbkdf2/)
  })

  it('lists the newest influencers first', async () => {
    const older = await makeMarketer()
    const newer = await makeMarketer()
    const ids = (await call<Listed[]>('GET', '/api/marketers/social-media')).body.data.map((m) => m.MarketerID)
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id))
  })

  it('gives the same engagement rate on every load', async () => {
    const me = await makeMarketer()
    await save(me.id, me.token, { InstagramFollowers: 2_500_000 })
    const rates = []
    for (let i = 0; i < 3; i++) {
      const listed = (await call<Listed[]>('GET', '/api/marketers/social-media')).body.data.find((m) => m.MarketerID === me.id)
      rates.push(listed?.engagementRate)
    }
    expect(new Set(rates).size).toBe(1)
    expect(rates[0]).toBeGreaterThanOrEqual(1.2)
    expect(rates[0]).toBeLessThanOrEqual(3)
  })
})

describe('GET /api/marketers (the setup page’s API check)', () => {
  it('answers a signed-in user with the public list, and 401 to a visitor', async () => {
    const me = await makeMarketer({ MobileNumber: '9822233344' })
    const res = await call<Listed[]>('GET', '/api/marketers', { token: me.token })
    expect(res.status).toBe(200)
    expect(res.body.data.some((m) => m.MarketerID === me.id)).toBe(true)
    expect(JSON.stringify(res.body)).not.toMatch(/9822233344|Email|Password/)
    expect((await call('GET', '/api/marketers')).status).toBe(401)
  })
})

describe('GET /api/marketers/social-media/:id (public profile)', () => {
  const get = (id: number | string, token?: string) => call<MarketerProfile>('GET', `/api/marketers/social-media/${id}`, { token })

  it('answers the profile with formatted stats and one entry per platform in use', async () => {
    const me = await makeMarketer({ MarketerName: 'Ananya Iyer' })
    await save(me.id, me.token, { ...fullSetup, LinkedInConnections: 950 })
    const res = await get(me.id)
    expect(res.status).toBe(200)
    const body = res.body as unknown as PublicReply<MarketerProfile>
    expect(body.success).toBe(true)
    const { marketer, socialStats, platforms, engagementRate, lastUpdated } = body.data
    expect(marketer).toMatchObject({ MarketerID: me.id, MarketerName: 'Ananya Iyer', Category: 'Fashion', engagementRate })
    expect(socialStats).toEqual({
      total: { raw: 184750, formatted: '184.8K' },
      instagram: { raw: 125000, followers: '125.0K' },
      youtube: { raw: 45200, subscribers: '45.2K' },
      twitter: { raw: 800, followers: '800' },
      linkedin: { raw: 950, connections: '950' },
    })
    expect(platforms.map((p) => p.platform)).toEqual(['Instagram', 'YouTube', 'Twitter', 'LinkedIn', 'Pinterest'])
    expect(platforms[0]).toEqual({
      platform: 'Instagram',
      username: '@ananya.weaves',
      url: 'https://www.instagram.com/ananya.weaves',
      followers: 125000,
      following: 612,
      verified: false,
    })
    expect(platforms[1]).toMatchObject({
      platform: 'YouTube',
      username: '@ananyaweaves',
      url: 'https://youtube.com/@ananyaweaves',
      followers: 45200,
      following: null,
    })
    expect(platforms[3]).toMatchObject({ platform: 'LinkedIn', username: null, url: null, followers: 950 })
    expect(engagementRate).toBeGreaterThanOrEqual(2)
    expect(engagementRate).toBeLessThanOrEqual(4)
    expect(typeof lastUpdated).toBe('string')
  })

  // Which vendors see contacts, and the limit per caller: tests/worker/influencer-contacts.test.ts.
  it('shows email and mobile to the influencer themself, never to visitors or other influencers', async () => {
    const me = await makeMarketer({ MobileNumber: '9811122233' })
    const vendor = await makeVendor()
    const other = await makeMarketer()
    for (const token of [undefined, other.token, 'not-a-token', vendor.token]) {
      const text = JSON.stringify((await get(me.id, token)).body)
      expect(text).not.toContain(me.email)
      expect(text).not.toContain('9811122233')
    }
    expect((await get(me.id, me.token)).body.data.marketer).toMatchObject({ Email: me.email, MobileNumber: '9811122233' })
    expect(JSON.stringify((await get(me.id, me.token)).body)).not.toMatch(/Password|pbkdf2/)
  })

  it('answers an unknown or malformed id with 404 and success false', async () => {
    for (const id of [999999, 'abc', 0]) {
      const res = await get(id)
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ statusCode: 0, success: false, message: 'Influencer not found', data: null })
    }
  })

  it('has no platforms and a 0.00 engagement rate for an influencer without reach', async () => {
    const me = await makeMarketer()
    const { data } = (await get(me.id)).body
    expect(data.platforms).toEqual([])
    expect(data.engagementRate).toBe(0)
    expect(data.socialStats.total).toEqual({ raw: 0, formatted: '0' })
  })
})
