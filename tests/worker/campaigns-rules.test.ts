// The campaign rules as plain functions: status by IST day, grouped deliverables, the
// dates rule, post URLs, countries from Location, and what a campaign lead earns.

import { describe, expect, it } from 'vitest'
import { CAMPAIGN_MESSAGES, campaignDatesProblem, groupDeliverables, isPostUrl } from '../../worker/contract/campaigns'
import { campaignCommissionPaise, campaignStatus, commissionFloorProblem, marketerCountries, eligibilityProblem } from '../../worker/domain/campaigns'

describe('campaign rules', () => {
  it('computes the status from the IST day, both end days included', () => {
    const c = { StartsOn: '2026-12-01', EndsOn: '2026-12-10', ClosedAt: null }
    expect(['2026-11-30', '2026-12-01', '2026-12-10', '2026-12-11'].map((day) => campaignStatus(c, day))).toEqual(['Upcoming', 'Live', 'Live', 'Ended'])
    expect(campaignStatus({ ...c, ClosedAt: '2026-12-02T10:00:00Z' }, '2026-12-05')).toBe('Closed')
  })

  it('groups deliverables as people write them', () => {
    expect(groupDeliverables(['Reel', 'Story', 'Story'])).toBe('1 Reel + 2 Stories')
    expect(groupDeliverables(['YouTube video', 'youtube video', 'Post'])).toBe('2 YouTube videos + 1 Post')
    expect(groupDeliverables(['Carousel'])).toBe('1 Carousel')
    expect(groupDeliverables(['Blog', 'Blog', 'Sketch', 'Sketch'])).toBe('2 Blogs + 2 Sketches')
  })

  it('checks the dates against today and each other', () => {
    expect(campaignDatesProblem('2026-11-26', '2026-11-30', '2026-11-27')).toBe(CAMPAIGN_MESSAGES.startsInPast)
    expect(campaignDatesProblem('2026-11-29', '2026-11-28', '2026-11-27')).toBe(CAMPAIGN_MESSAGES.endsBeforeStart)
    expect(campaignDatesProblem('2026-11-27', '2026-11-27', '2026-11-27')).toBeNull()
    expect(campaignDatesProblem('2026-13-01', '2026-12-01', '2026-11-27')).toBe(CAMPAIGN_MESSAGES.startsOnInvalid)
  })

  it('takes http(s) post URLs only', () => {
    expect(isPostUrl('https://www.instagram.com/reel/abc/')).toBe(true)
    expect(isPostUrl('http://youtu.be/xyz')).toBe(true)
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://x.in/a', '//x.in/a', 'https://', 'https://exa mple.in'])
      expect(isPostUrl(bad)).toBe(false)
  })

  it('finds the countries in a Location, a blank one being the card’s United States', () => {
    expect(marketerCountries('Mumbai, INDIA')).toEqual(['India'])
    expect(marketerCountries(null)).toEqual(['United States'])
    expect(marketerCountries('  ')).toEqual(['United States'])
    expect(marketerCountries('Bombay')).toEqual([])
  })

  it('names the first rule a creator misses', () => {
    const rules = { MinFollowers: 1000, Categories: '|Food|', Countries: '|India|', VerifiedOnly: true }
    const ok = { totalReachRaw: 1000, Category: 'Food', Location: 'Pune, India', Verified: true }
    expect(eligibilityProblem(rules, ok)).toBeNull()
    expect(eligibilityProblem(rules, { ...ok, totalReachRaw: 999, Category: 'Gaming' })).toBe(CAMPAIGN_MESSAGES.notEligibleFollowers('1,000'))
    expect(eligibilityProblem({ MinFollowers: 0, Categories: '', Countries: '', VerifiedOnly: false }, { ...ok, Verified: false, Location: null })).toBeNull()
  })

  it('works out a campaign lead’s commission, and the floor per product', () => {
    const kurta = { ProductName: 'Kurta', PricePaise: 149_900, CommissionAmountPaise: 15_000 }
    expect(campaignCommissionPaise({ RewardType: 'Commission', CommissionType: 'Percentage', CommissionValue: 12.5 }, kurta)).toBe(18_738)
    expect(campaignCommissionPaise({ RewardType: 'Fee', CommissionType: null, CommissionValue: null }, kurta)).toBe(15_000)
    expect(commissionFloorProblem({ RewardType: 'Commission', CommissionType: 'Fixed', CommissionValue: 149.99 }, [kurta])).toBe(
      CAMPAIGN_MESSAGES.commissionBelowProduct('Kurta', '150.00'),
    )
    expect(commissionFloorProblem({ RewardType: 'Fee', CommissionType: null, CommissionValue: null }, [kurta])).toBeNull()
  })
})
