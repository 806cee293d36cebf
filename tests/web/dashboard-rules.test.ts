import { describe, expect, it } from 'vitest'
import { type MarketerSelf, profileUpdateSchema, socialUpdateSchema } from '../../worker/contract/marketer'
import { ApiError } from '../../web/src/api/client'
import { completedCount, isPlatformComplete, PLATFORMS, presence, socialDraft, socialPayload, toCount } from '../../web/src/pages/dashboard-shared/platforms'
import { isImageTooBig, saveErrorMessage } from '../../web/src/pages/social-setup/saveErrors'
import { EMPTY_PRODUCT_FORM, imageSteps, productFormError } from '../../web/src/pages/vendor-dashboard/productForm'
import { present } from '../helpers/present'

const marketer = (patch: Partial<MarketerSelf> = {}): MarketerSelf => ({
  MarketerID: 1,
  MarketerName: 'Riya Sharma',
  Email: 'riya@creators.in',
  MobileNumber: '9123456780',
  MarketerProfilePic: null,
  Verified: false,
  emailVerified: false,
  Bio: null,
  Location: null,
  Category: null,
  PreviewImage1: null,
  PreviewImage2: null,
  PreviewImage3: null,
  totalReachRaw: 0,
  DateCreated: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...socialPayload(socialDraft(null)),
  ...patch,
})

describe('social platforms', () => {
  it('counts a platform as completed when any one of its fields is filled', () => {
    const draft = socialDraft(null)
    expect(completedCount(draft)).toBe(0)
    draft.InstagramUsername = '@riya'
    draft.YouTubeSubscribers = '1200'
    draft.TikTokFollowing = '5'
    draft.LinkedInProfile = '   '
    expect(completedCount(draft)).toBe(3)
    expect(isPlatformComplete(draft, present(PLATFORMS.find((p) => p.name === 'LinkedIn')))).toBe(false)
  })

  it('sends counts as whole numbers, non-numeric as 0, blank handles as null', () => {
    const draft = socialDraft(null)
    draft.InstagramFollowers = '12500.7'
    draft.TwitterFollowers = 'lots'
    draft.PinterestUsername = '  @riya.pins '
    const payload = socialPayload(draft)
    expect(payload).toMatchObject({ InstagramFollowers: 12500, TwitterFollowers: 0, PinterestUsername: '@riya.pins', InstagramUsername: null })
    expect(Object.keys(payload)).toHaveLength(17)
    expect(toCount('')).toBe(0)
  })

  it("refuses a negative follower count with the server's message instead of saving 0 (Edit Profile and setup)", () => {
    const draft = socialDraft(null)
    draft.FacebookLikes = '-4'
    const payload = socialPayload(draft)
    const profile = profileUpdateSchema.safeParse({ MarketerName: 'Riya Sharma', MobileNumber: '9123456780', Email: 'riya@creators.in', ...payload })
    expect(profile.success).toBe(false)
    expect(profile.error?.issues[0]?.message).toBe('Follower counts cannot be negative.')
    expect(profile.error?.issues[0]?.path).toEqual(['FacebookLikes'])
    expect(socialUpdateSchema.safeParse(payload).error?.issues[0]?.message).toBe('Follower counts cannot be negative.')
  })

  it('shows only platforms with a handle or a count, with shortened, labelled counts', () => {
    const shown = presence(
      marketer({ InstagramUsername: '@riya', InstagramFollowers: 125_000, YouTubeSubscribers: 1_500_000, LinkedInProfile: 'https://linkedin.com/in/riya' }),
    )
    expect(shown.map((p) => [p.platform.name, p.summary])).toEqual([
      ['Instagram', '125.0K followers'],
      ['YouTube', '1.5M subscribers'],
      ['LinkedIn', '0 connections'],
    ])
    expect(presence(marketer())).toEqual([])
  })
})

describe('social setup save errors', () => {
  it('tells a time-out from a refused connection, passes server messages through, and falls back', () => {
    expect(saveErrorMessage(new ApiError('timeout of 10000ms exceeded', { network: true }))).toBe(
      'Request timed out. Please check if the API server is running.',
    )
    expect(saveErrorMessage(new ApiError('Network Error', { network: true }))).toBe('Network error. Please check your connection and try again.')
    expect(saveErrorMessage(new ApiError('Please select a valid category', { status: 400 }))).toBe('Please select a valid category')
    expect(saveErrorMessage(new Error('boom'))).toBe('Something went wrong. Please try again.')
  })

  it('refuses images of 5 MB and more', () => {
    expect(isImageTooBig({ size: 5 * 1024 * 1024 - 1 })).toBe(false)
    expect(isImageTooBig({ size: 5 * 1024 * 1024 })).toBe(true)
  })
})

describe('edit product image steps', () => {
  it('deletes before adding while images remain, so the product never passes five', () => {
    expect(imageSteps(['a', 'b', 'c', 'd', 'e'], ['a', 'b'], 2)).toEqual({ deleteFirst: ['a', 'b'], add: true, deleteAfter: [] })
  })

  it('adds before deleting the last old image when every old one goes, so it never has none', () => {
    expect(imageSteps(['a', 'b'], ['a', 'b'], 1)).toEqual({ deleteFirst: ['a'], add: true, deleteAfter: ['b'] })
  })
})

describe('product form messages', () => {
  const filled = {
    ...EMPTY_PRODUCT_FORM,
    ProductName: 'Kurta',
    Price: '1499',
    CommissionType: 'Fixed',
    CommissionValue: '150',
    Category: 'Clothing',
    SKU: 'K-1',
    Description: 'Cotton',
  }

  it('reports a bad link after the image count, on create and on edit', () => {
    const badLink = { ...filled, product_link: 'not a link' }
    for (const creating of [true, false]) {
      expect(productFormError(badLink, 0, creating)).toBe('Please select at least one image')
      expect(productFormError(badLink, 6, creating)).toBe('You can upload up to 5 images only')
      expect(productFormError(badLink, 1, creating)).toBe('Product link should be a web address starting with http:// or https://')
    }
  })

  it('says a price or commission with three decimals has too many', () => {
    expect(productFormError({ ...filled, Price: '10.555' }, 1, true)).toBe('Price can have at most two decimals')
    expect(productFormError({ ...filled, CommissionValue: '1.555' }, 1, false)).toBe('Commission Value can have at most two decimals')
  })
})
