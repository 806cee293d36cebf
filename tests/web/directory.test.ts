import { describe, expect, it } from 'vitest'
import { EMPTY_FILTERS, filterAndSort, locationsOf, suggestions } from '../../web/src/lib/directory'
import { toDisplayMarketer } from '../../web/src/lib/influencer'

const people = [
  toDisplayMarketer({
    MarketerID: 1,
    MarketerName: 'Ananya Iyer',
    InstagramUsername: 'ananya.weaves',
    Bio: 'Slow fashion and handloom stories',
    Category: 'Fashion',
    Location: 'Mumbai, India',
    totalReachRaw: 240400,
    engagementRate: 2.8,
    Verified: true,
  }),
  toDisplayMarketer({
    MarketerID: 2,
    MarketerName: 'Rohan Kapoor',
    TwitterHandle: 'rohantech',
    Bio: 'Honest gadget reviews',
    Category: 'Technology',
    Location: 'Bengaluru, India',
    totalReachRaw: 1334500,
    engagementRate: 1.9,
  }),
  toDisplayMarketer({
    MarketerID: 3,
    MarketerName: 'emma lee',
    Category: 'Travel',
    Location: 'London, United Kingdom',
    totalReachRaw: 5000,
    engagementRate: 6.1,
  }),
  toDisplayMarketer({ MarketerID: 14, MarketerName: 'Zoya Khan' }),
]

const ids = (list: { id: number }[]) => list.map((i) => i.id)

describe('influencer directory filters', () => {
  it('matches the keyword on name, handle, id or bio, ignoring case', () => {
    expect(ids(filterAndSort(people, { ...EMPTY_FILTERS, keyword: 'ROHAN' }, 'followers'))).toEqual([2])
    expect(ids(filterAndSort(people, { ...EMPTY_FILTERS, keyword: '@ananya' }, 'followers'))).toEqual([1])
    expect(ids(filterAndSort(people, { ...EMPTY_FILTERS, keyword: '14' }, 'followers'))).toEqual([14])
    expect(ids(filterAndSort(people, { ...EMPTY_FILTERS, keyword: 'gadget' }, 'followers'))).toEqual([2])
  })

  it('filters by bio text, category and location containment', () => {
    expect(ids(filterAndSort(people, { ...EMPTY_FILTERS, bio: 'handloom' }, 'followers'))).toEqual([1])
    expect(ids(filterAndSort(people, { ...EMPTY_FILTERS, category: 'tech' }, 'followers'))).toEqual([2])
    expect(ids(filterAndSort(people, { ...EMPTY_FILTERS, location: 'mumbai' }, 'followers'))).toEqual([1])
  })

  it('keeps influencers whose location contains any chosen country', () => {
    expect(ids(filterAndSort(people, { ...EMPTY_FILTERS, countries: ['United Kingdom', 'Canada'] }, 'name'))).toEqual([3])
    // Zoya has no location: the default 'United States' counts.
    expect(ids(filterAndSort(people, { ...EMPTY_FILTERS, countries: ['United States', 'India'] }, 'name'))).toEqual([1, 2, 14])
  })

  it('applies minimum followers, ignoring a non-numeric entry', () => {
    expect(ids(filterAndSort(people, { ...EMPTY_FILTERS, minFollowers: '240400' }, 'followers'))).toEqual([2, 1])
    expect(filterAndSort(people, { ...EMPTY_FILTERS, minFollowers: 'lots' }, 'followers')).toHaveLength(4)
  })

  it('keeps only verified influencers when asked', () => {
    expect(ids(filterAndSort(people, { ...EMPTY_FILTERS, verified: true }, 'followers'))).toEqual([1])
  })

  it('sorts by followers, engagement or name', () => {
    expect(ids(filterAndSort(people, EMPTY_FILTERS, 'followers'))).toEqual([2, 1, 3, 14])
    expect(ids(filterAndSort(people, EMPTY_FILTERS, 'engagement'))).toEqual([3, 1, 2, 14])
    expect(ids(filterAndSort(people, EMPTY_FILTERS, 'name'))).toEqual([1, 3, 2, 14])
  })

  it('suggests options containing the typed text and lists distinct locations', () => {
    expect(suggestions(['Fashion', 'Fitness', 'Food'], 'f')).toEqual(['Fashion', 'Fitness', 'Food'])
    expect(suggestions(['Fashion', 'Fitness', 'Food'], 'SHI')).toEqual(['Fashion'])
    expect(suggestions(['Fashion'], 'zzz')).toEqual([])
    expect(locationsOf(people)).toEqual(['Bengaluru, India', 'London, United Kingdom', 'Mumbai, India', 'United States'])
  })
})
