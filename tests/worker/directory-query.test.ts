// The influencer directory's filters and sorts on the server (GET /api/marketers/social-media and
// GET /api/marketers), with the meaning the directory page gave them in the browser: checked on a
// hand-made fixture, then against the page's rules for random combinations.

import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { DIRECTORY_COUNTRIES, DIRECTORY_MESSAGES, type DirectorySort } from '../../worker/contract/directory'
import type { MarketerListItem } from '../../worker/contract/marketer'
import { type DirectoryFilters, marketerMatches, sortMarketers } from '../helpers/list-oracles'
import { getPage, insertMarketer, insertVendor, readAll } from '../helpers/lists'
import { PROPERTY_TIMEOUT } from '../helpers/property'

type Key = 'ananya' | 'rohan' | 'meera' | 'vikram' | 'sana' | 'kabir' | 'dev' | 'arjun' | 'zara' | 'kavya'
const ids = {} as Record<Key, number>

// Inserted in this order, so ids grow down the list (zara is newer than ananya, and so on).
const FIXTURE: Array<[Key, Parameters<typeof insertMarketer>[0]]> = [
  [
    'ananya',
    {
      MarketerName: 'Ananya Iyer',
      InstagramUsername: '@ananya.weaves',
      Bio: 'Slow fashion from Mumbai',
      Category: 'Fashion',
      Location: 'Mumbai, India',
      InstagramFollowers: 150_000,
      YouTubeSubscribers: 33_800,
      Verified: true,
    },
  ],
  [
    'rohan',
    {
      MarketerName: 'Rohan Kapoor',
      TwitterHandle: 'rohan_tech',
      Bio: 'Gadgets and code',
      Category: 'Technology',
      Location: 'Bengaluru, India',
      TwitterFollowers: 90_000,
    },
  ],
  ['meera', { MarketerName: 'Meera Nair', TikTokUsername: 'meeracooks', Category: 'Food', TikTokFollowers: 5_000 }],
  [
    'vikram',
    {
      MarketerName: 'vikram singh',
      Bio: 'Fitness coach',
      Category: 'Fitness',
      Location: 'London, United Kingdom',
      InstagramFollowers: 1_200_000,
      Verified: true,
    },
  ],
  [
    'sana',
    {
      MarketerName: 'Sana Khan',
      InstagramUsername: 'sana.k',
      Bio: 'Travel diaries across Europe',
      Category: 'Travel',
      Location: 'Paris, Europe',
      InstagramFollowers: 45_000,
    },
  ],
  ['kabir', { MarketerName: 'Kabir Das', Location: 'Toronto, Canada', YouTubeSubscribers: 10_000 }],
  [
    'dev',
    {
      MarketerName: 'Dev Patel',
      TwitterHandle: '@devp',
      Bio: 'Comedy sketches',
      Category: 'Comedy',
      Location: 'Sydney, Australia',
      TwitterFollowers: 2_500_000,
      Verified: true,
    },
  ],
  ['arjun', { MarketerName: 'Arjun Das', Category: 'Lifestyle', Location: 'Delhi, India' }],
  [
    'zara',
    {
      MarketerName: 'Zara Ali',
      InstagramUsername: 'zara',
      Bio: 'Beauty tips, 100% honest',
      Category: 'Beauty',
      Location: 'Dubai',
      InstagramFollowers: 183_800,
    },
  ],
  [
    'kavya',
    { MarketerName: 'Kavya Reddy', TikTokUsername: 'kavya_dance', Category: 'Dance', Location: 'Hyderabad, India', TikTokFollowers: 800_000, Verified: true },
  ],
]

let everyone: MarketerListItem[]
let viewer: { token: string }

beforeAll(async () => {
  for (const [key, fields] of FIXTURE) ids[key] = (await insertMarketer(fields)).MarketerID
  everyone = (await readAll<MarketerListItem>('/api/marketers/social-media', { limit: '100' })).rows
  // GET /api/marketers takes any signed-in user; a vendor keeps the directory to the fixture.
  viewer = await insertVendor('Viewer Only')
})

const DIRECTORY = '/api/marketers/social-media'
const idsOf = (rows: MarketerListItem[]) => rows.map((r) => r.MarketerID)
const keysToIds = (...keys: Key[]) => keys.map((k) => ids[k])
const found = async (query: Record<string, string | string[]>) => idsOf((await readAll<MarketerListItem>(DIRECTORY, { limit: '100', ...query })).rows)
const newestFirst = (...keys: Key[]) => keysToIds(...keys).sort((a, b) => b - a)

describe('directory filters', () => {
  it.each<[string, Record<string, string | string[]>, Key[]]>([
    ['keyword in the name', { q: 'ananya' }, ['ananya']],
    ['keyword in the handle, with or without @', { q: '@sana' }, ['sana']],
    ['keyword in the handle from Twitter', { q: 'rohan_t' }, ['rohan']],
    ['keyword in the bio', { q: 'GADGETS' }, ['rohan']],
    ['keyword in the default bio of an empty one', { q: 'content creator' }, ['meera', 'kabir', 'arjun', 'kavya']],
    ['keyword @influencer, the handle of one without usernames', { q: '@influencer' }, ['vikram', 'kabir', 'arjun']],
    ['bio', { bio: 'europe' }, ['sana']],
    ['category', { category: 'fash' }, ['ananya']],
    ['category Lifestyle, also for a missing one', { category: 'life' }, ['kabir', 'arjun']],
    ['location', { location: 'india' }, ['ananya', 'rohan', 'arjun', 'kavya']],
    ['location United States for a missing one', { location: 'united' }, ['meera', 'vikram']],
    ['one country', { countries: 'India' }, ['ananya', 'rohan', 'arjun', 'kavya']],
    ['country United States, also for a missing location', { countries: 'United States' }, ['meera']],
    ['a country with a keyword and a category', { countries: 'India,Canada', q: 'a', category: 'tech' }, ['rohan']],
    ['any of several countries, comma-separated', { countries: 'Canada,Australia' }, ['kabir', 'dev']],
    ['any of several countries, repeated', { countries: ['Europe', 'United Kingdom'] }, ['vikram', 'sana']],
    ['minimum followers', { minFollowers: '183800' }, ['ananya', 'vikram', 'dev', 'zara', 'kavya']],
    ['minimum followers written as 1e6', { minFollowers: '1e6' }, ['vikram', 'dev']],
    ['verified only', { verified: 'true' }, ['ananya', 'vikram', 'dev', 'kavya']],
    ['keyword of two letters', { q: 'ka' }, ['rohan', 'kabir', 'kavya']],
    ['several filters at once', { countries: 'India', verified: '1', minFollowers: '500000' }, ['kavya']],
  ])('%s', async (_, query, keys) => {
    expect(await found(query)).toEqual(newestFirst(...keys))
  })

  it('finds an influencer by their id', async () => {
    const rows = await found({ q: String(ids.dev) })
    expect(rows).toContain(ids.dev)
    expect(rows).toEqual(idsOf(everyone.filter((i) => marketerMatches(i, { q: String(ids.dev) }))))
  })

  it.each(['abc', '', '  ', 'Infinity'])('ignores a minimum followers of %j, as the page did', async (minFollowers) => {
    expect(await found({ minFollowers })).toEqual(idsOf(everyone))
  })

  it('counts the matches in total and gives the envelope its success flag', async () => {
    const page = await getPage<MarketerListItem>(DIRECTORY, { countries: 'India', limit: '2' })
    expect(page).toMatchObject({ status: 200, success: true, message: 'Influencers fetched successfully' })
    expect(page.data).toHaveLength(2)
    expect(page.paging).toMatchObject({ limit: 2, total: 4 })
    expect(page.paging.nextCursor).toEqual(expect.any(String))
  })

  it('answers GET /api/marketers with the same pages to a signed-in user', async () => {
    const signedIn = await readAll<MarketerListItem>('/api/marketers', { sort: 'followers', verified: 'true' }, viewer.token)
    expect(idsOf(signedIn.rows)).toEqual(keysToIds('dev', 'vikram', 'kavya', 'ananya'))
  })

  it('refuses a country that is not among the six with the list of them', async () => {
    const page = await getPage(DIRECTORY, { countries: 'India,Mars' })
    expect(page.status).toBe(400)
    expect(page).toMatchObject({ success: false, message: DIRECTORY_MESSAGES.countriesInvalid, data: null })
  })
})

describe('directory sorts', () => {
  it('orders by followers, highest first, ties newest first', async () => {
    expect(await found({ sort: 'followers', minFollowers: '1' })).toEqual(
      keysToIds('dev', 'vikram', 'kavya', 'zara', 'ananya', 'rohan', 'sana', 'kabir', 'meera'),
    )
  })

  it('orders by name A-Z whatever the case', async () => {
    const rows = (await readAll<MarketerListItem>(DIRECTORY, { sort: 'name', limit: '4' })).rows
    expect(rows.map((r) => r.MarketerName)).toEqual([
      'Ananya Iyer',
      'Arjun Das',
      'Dev Patel',
      'Kabir Das',
      'Kavya Reddy',
      'Meera Nair',
      'Rohan Kapoor',
      'Sana Khan',
      'vikram singh',
      'Zara Ali',
    ])
  })

  it('orders by engagement rate, highest first, with the rate each card shows', async () => {
    const rows = (await readAll<MarketerListItem>(DIRECTORY, { sort: 'engagement' })).rows
    const rates = rows.map((r) => r.engagementRate)
    expect(rates).toEqual([...rates].sort((a, b) => b - a))
    expect(idsOf(rows)).toEqual(idsOf(sortMarketers(everyone, 'engagement')))
  })

  it('orders newest first by default (home shows the first three)', async () => {
    const page = await getPage<MarketerListItem>(DIRECTORY, { limit: '3' })
    expect(idsOf(page.data)).toEqual(idsOf(everyone).slice(0, 3))
    expect(idsOf(everyone)).toEqual([...idsOf(everyone)].sort((a, b) => b - a))
  })

  it.each<DirectorySort>(['newest', 'followers', 'engagement', 'name'])('pages through the %s order without a gap or a repeat', async (sort) => {
    const small = await readAll<MarketerListItem>(DIRECTORY, { sort, limit: '3' })
    const whole = await readAll<MarketerListItem>(DIRECTORY, { sort, limit: '100' })
    expect(idsOf(small.rows)).toEqual(idsOf(whole.rows))
    expect(small.total).toBe(everyone.length)
    expect(idsOf(whole.rows)).toEqual(idsOf(sortMarketers(everyone, sort)))
  })
})

describe('the directory against the page’s own rules', () => {
  const text = (pieces: string[]) =>
    fc.oneof(
      fc.constant(''),
      fc.tuple(fc.constantFrom(...pieces), fc.nat(), fc.nat(), fc.boolean()).map(([t, a, b, upper]) => {
        const start = a % t.length
        const piece = t.slice(start, start + 1 + (b % 5))
        return upper ? piece.toUpperCase() : piece.toLowerCase()
      }),
    )

  it('gives the same influencers in the same order as the page did, for any combination', { timeout: PROPERTY_TIMEOUT }, async () => {
    const names = everyone.flatMap((i) => [
      i.MarketerName,
      i.Bio ?? 'Content creator and influencer',
      i.InstagramUsername ?? '@influencer',
      String(i.MarketerID),
    ])
    const places = everyone.map((i) => i.Location ?? 'United States')
    const filters = fc.record({
      q: text(names),
      bio: text(everyone.map((i) => i.Bio ?? 'Content creator and influencer')),
      category: text(everyone.map((i) => i.Category ?? 'Lifestyle')),
      location: text(places),
      countries: fc.subarray([...DIRECTORY_COUNTRIES], { maxLength: 2 }),
      minFollowers: fc.constantFrom('', '0', '10000', '183800', '1e6', 'lots'),
      verified: fc.boolean(),
    })
    const sorts = fc.constantFrom<DirectorySort>('newest', 'followers', 'engagement', 'name')
    await fc.assert(
      fc.asyncProperty(filters, sorts, async (f: Required<DirectoryFilters>, sort) => {
        const query: Record<string, string | string[]> = {
          sort,
          q: f.q,
          bio: f.bio,
          category: f.category,
          location: f.location,
          minFollowers: f.minFollowers,
          countries: f.countries,
        }
        if (f.verified) query.verified = 'true'
        const expected = idsOf(
          sortMarketers(
            everyone.filter((i) => marketerMatches(i, f)),
            sort,
          ),
        )
        expect(await found(query)).toEqual(expected)
      }),
      { numRuns: 80, seed: 7 },
    )
  })
})
