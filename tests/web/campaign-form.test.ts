import { CAMPAIGN_MESSAGES } from '../../worker/contract/campaigns'
import { describe, expect, it } from 'vitest'
import { fieldErrorsOf, placeIssues } from '../../web/src/lib/fieldErrors'
import { CAMPAIGN_FIELDS, type CampaignFormValues, campaignFormIssues, emptyCampaignForm, readCampaignForm } from '../../web/src/pages/campaigns/campaignForm'
import { rewardText } from '../../web/src/pages/campaigns/campaignText'

const TODAY = '2026-11-27'

const filled = (over: Partial<CampaignFormValues> = {}): CampaignFormValues => ({
  ...emptyCampaignForm(TODAY),
  Title: 'Diwali festive edit',
  Brief: 'Style two of our kurtas for a festive evening.',
  Products: [{ ProductID: 7, ProductName: 'Kurta', Price: '1499.00', CommissionType: 'Fixed', CommissionValue: 150, CommissionAmount: 150 }],
  RewardType: 'Fee',
  FeePerDeliverable: '2500',
  Deliverables: [
    { key: 1, label: 'Reel' },
    { key: 2, label: 'Story' },
  ],
  EndsOn: '2026-12-10',
  ...over,
})

describe('the New campaign form', () => {
  it('sends what the contract accepts: numbers as numbers, the labels in order, defaults for who may apply', () => {
    const read = readCampaignForm(filled(), TODAY)
    expect(read.problem).toBeNull()
    expect(read.input).toMatchObject({
      Title: 'Diwali festive edit',
      ProductIDs: [7],
      RewardType: 'Fee',
      FeePerDeliverable: 2500,
      Deliverables: ['Reel', 'Story'],
      StartsOn: TODAY,
      EndsOn: '2026-12-10',
      CreatorsWanted: 5,
      MinFollowers: 0,
      Access: 'Open',
    })
  })

  it("names the first problem in the contract's words, in the form's order", () => {
    expect(readCampaignForm(filled({ Title: '' }), TODAY).problem).toBe(CAMPAIGN_MESSAGES.titleRequired)
    expect(readCampaignForm(filled({ Products: [] }), TODAY).problem).toBe(CAMPAIGN_MESSAGES.productsRequired)
    expect(readCampaignForm(filled({ Deliverables: [] }), TODAY).problem).toBe(CAMPAIGN_MESSAGES.deliverablesRequired)
    expect(readCampaignForm(filled({ FeePerDeliverable: '' }), TODAY).problem).toBe(CAMPAIGN_MESSAGES.feeRequired)
    expect(readCampaignForm(filled({ RewardType: 'Commission', CommissionValue: '' }), TODAY).problem).toBe(CAMPAIGN_MESSAGES.commissionValueRequired)
    expect(readCampaignForm(filled({ CreatorsWanted: '0' }), TODAY).problem).toBe(CAMPAIGN_MESSAGES.marketersWantedInvalid)
  })

  it('refuses a start before today in India and an end before the start, as the server would', () => {
    expect(readCampaignForm(filled({ StartsOn: '2026-11-26' }), TODAY).problem).toBe(CAMPAIGN_MESSAGES.startsInPast)
    expect(readCampaignForm(filled({ EndsOn: '2026-11-20' }), TODAY).problem).toBe(CAMPAIGN_MESSAGES.endsBeforeStart)
    expect(readCampaignForm(filled({ EndsOn: '' }), TODAY).problem).toBe(CAMPAIGN_MESSAGES.endsOnInvalid)
  })
})

describe("the New campaign form's field marks", () => {
  it('marks every field with a problem at once, the first being the toast', () => {
    const v = filled({ Title: '', Products: [], Deliverables: [], CreatorsWanted: '0' })
    const issues = campaignFormIssues(v, TODAY)
    expect(issues[0].message).toBe(readCampaignForm(v, TODAY).problem)
    expect(fieldErrorsOf(issues)).toEqual({
      Title: CAMPAIGN_MESSAGES.titleRequired,
      ProductIDs: CAMPAIGN_MESSAGES.productsRequired,
      Deliverables: CAMPAIGN_MESSAGES.deliverablesRequired,
      CreatorsWanted: CAMPAIGN_MESSAGES.marketersWantedInvalid,
    })
  })

  it('puts the rules across fields and the dates on the field they are about', () => {
    const fee = placeIssues(campaignFormIssues(filled({ FeePerDeliverable: '' }), TODAY), CAMPAIGN_FIELDS)
    expect(fieldErrorsOf(fee)).toEqual({ FeePerDeliverable: CAMPAIGN_MESSAGES.feeRequired })
    const past = placeIssues(campaignFormIssues(filled({ StartsOn: '2026-11-26' }), TODAY), CAMPAIGN_FIELDS)
    expect(fieldErrorsOf(past)).toEqual({ StartsOn: CAMPAIGN_MESSAGES.startsInPast })
    expect(campaignFormIssues(filled(), TODAY)).toEqual([])
  })
})

describe('a campaign reward in words', () => {
  it('reads as rupees per deliverable, a percentage, or rupees per sale', () => {
    expect(rewardText({ RewardType: 'Fee', CommissionType: null, CommissionValue: null, FeePerDeliverable: 12500 })).toBe('₹12,500 per approved deliverable')
    expect(rewardText({ RewardType: 'Commission', CommissionType: 'Percentage', CommissionValue: 15, FeePerDeliverable: null })).toBe('15% commission')
    expect(rewardText({ RewardType: 'Commission', CommissionType: 'Fixed', CommissionValue: 300, FeePerDeliverable: null })).toBe('₹300 commission per sale')
  })
})
