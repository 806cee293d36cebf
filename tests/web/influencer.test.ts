import { describe, expect, it } from 'vitest'
import {
  avatarLetter,
  engagementBarPercent,
  formatRate,
  MARKETER_DEFAULTS,
  newestMarketers,
  PLACEHOLDER_PREVIEWS,
  toDisplayMarketer,
} from '../../web/src/lib/influencer'

describe('display influencer model', () => {
  it('fills the spec defaults for an influencer who set nothing up', () => {
    const inf = toDisplayMarketer({ MarketerID: 4, MarketerName: 'Riya Sharma' })
    expect(inf).toEqual({
      id: 4,
      name: 'Riya Sharma',
      handle: '@influencer',
      profileImage: null,
      followers: 0,
      engagementRate: 0,
      category: 'Lifestyle',
      location: 'United States',
      verified: false,
      bio: 'Content creator and influencer',
      content: [...PLACEHOLDER_PREVIEWS],
    })
    expect(MARKETER_DEFAULTS.handle).toBe('@influencer')
  })

  it('takes the handle from Instagram, then Twitter, then TikTok', () => {
    expect(toDisplayMarketer({ MarketerID: 1, InstagramUsername: 'ananya.weaves', TwitterHandle: 'ananya' }).handle).toBe('@ananya.weaves')
    expect(toDisplayMarketer({ MarketerID: 1, InstagramUsername: ' ', TwitterHandle: '@rohantech' }).handle).toBe('@rohantech')
    expect(toDisplayMarketer({ MarketerID: 1, TikTokUsername: 'devplays' }).handle).toBe('@devplays')
  })

  it('keeps real previews and fills only the missing ones with local placeholders', () => {
    const inf = toDisplayMarketer({ MarketerID: 2, PreviewImage1: 'marketers/2/a.jpg', PreviewImage3: 'marketers/2/c.jpg' })
    expect(inf.content).toEqual(['marketers/2/a.jpg', PLACEHOLDER_PREVIEWS[1], 'marketers/2/c.jpg'])
    expect(PLACEHOLDER_PREVIEWS.every((p) => p.startsWith('/placeholders/'))).toBe(true)
  })

  it('uses reach, rate, category, location and the verified flag when present', () => {
    const inf = toDisplayMarketer({
      MarketerID: 9,
      totalReachRaw: 182400,
      engagementRate: 3.4,
      Category: 'Fashion',
      Location: 'Mumbai, India',
      Verified: true,
    })
    expect(inf).toMatchObject({ followers: 182400, engagementRate: 3.4, category: 'Fashion', location: 'Mumbai, India', verified: true })
  })

  it('features the three influencers with the highest id', () => {
    const list = [5, 12, 3, 9, 7].map((id) => toDisplayMarketer({ MarketerID: id }))
    expect(newestMarketers(list).map((i) => i.id)).toEqual([12, 9, 7])
  })

  it('draws the engagement bar at rate x 10 percent, capped at 100', () => {
    expect(engagementBarPercent(3.4)).toBeCloseTo(34)
    expect(engagementBarPercent(12)).toBe(100)
    expect(engagementBarPercent(Number.NaN)).toBe(0)
  })

  it("falls back to the name's first letter, then 'I', for the profile avatar", () => {
    expect(avatarLetter('meera nair')).toBe('M')
    expect(avatarLetter('  ')).toBe('I')
    expect(avatarLetter(null)).toBe('I')
    expect(formatRate(3.456)).toBe('3.5%')
  })
})
