import { describe, expect, it } from 'vitest'
import type { MarketerSelf } from '../../worker/contract/marketer'
import { SESSION_PASSWORD_CHANGED_MESSAGE, SESSION_SUSPENDED_MESSAGE } from '../../worker/contract/admin'
import { hasSocialProfile, rejectionMessage, rejectionOf, SESSION_EXPIRED_MESSAGE } from '../../web/src/lib/session'
import { socialDraft, socialPayload } from '../../web/src/pages/dashboard-shared/platforms'

const freshMarketer = (patch: Partial<MarketerSelf> = {}): MarketerSelf => ({
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

describe('where an influencer lands after login', () => {
  it('sends an influencer with nothing filled to the setup page', () => {
    expect(hasSocialProfile(freshMarketer())).toBe(false)
    expect(hasSocialProfile(freshMarketer({ Bio: '   ', InstagramUsername: '' }))).toBe(false)
  })

  it('counts a handle as a social profile', () => {
    expect(hasSocialProfile(freshMarketer({ TikTokUsername: 'riya.dances' }))).toBe(true)
  })

  it('counts any other field of the social payload too: a count, the bio, location, category or a content image', () => {
    const filled: Partial<MarketerSelf>[] = [
      { InstagramFollowers: 1200 },
      { TwitterFollowing: 3 },
      { FacebookLikes: 45 },
      { Bio: 'Street food in Lucknow' },
      { Location: 'Lucknow, India' },
      { Category: 'Food' },
      { PreviewImage2: 'previews/0a8d.jpg' },
    ]
    for (const patch of filled) expect(hasSocialProfile(freshMarketer(patch)), JSON.stringify(patch)).toBe(true)
  })
})

describe('a session the server turned down', () => {
  it('says the password was changed when the server says so, and keeps the spec’s expiry words otherwise', () => {
    expect(rejectionMessage(rejectionOf(SESSION_PASSWORD_CHANGED_MESSAGE))).toBe(SESSION_PASSWORD_CHANGED_MESSAGE)
    expect(rejectionMessage(rejectionOf(SESSION_SUSPENDED_MESSAGE))).toBe(SESSION_SUSPENDED_MESSAGE)
    expect(rejectionMessage(rejectionOf('Please log in to continue'))).toBe('Your session has expired. Please log in again')
    expect(rejectionMessage(rejectionOf(undefined))).toBe(SESSION_EXPIRED_MESSAGE)
  })
})
