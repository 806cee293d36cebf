// Query strings nobody's page would send, on every list: broken cursors, absurd limits, huge or
// repeated values, FTS5 syntax, control characters. Each answers 4xx with a message, or a correct
// (often empty) page: never a 500.

import { beforeAll, describe, expect, it } from 'vitest'
import { DIRECTORY_MESSAGES } from '../../worker/contract/directory'
import { SEARCH_MAX, searchHasControl, searchTooLong } from '../../worker/contract/list-query'
import { PAGING_MESSAGES } from '../../worker/contract/paging'
import { encodeCursor } from '../../worker/domain/paging'
import { type Account, getPage, insertMarketer, insertVendor } from '../helpers/lists'
import { insertLead, insertProduct } from '../helpers/rows'

let vendor: Account
let marketer: Account

beforeAll(async () => {
  vendor = await insertVendor()
  const creator = await insertMarketer({ MarketerName: 'Kiran Kumar', Bio: 'Chai and "quotes"' })
  marketer = { id: creator.MarketerID, token: creator.token }
  const product = await insertProduct(vendor.id, { ProductName: 'Kurta "special" (NEAR) OR more' })
  await insertLead(product, marketer.id, 'Pending', { ClientName: 'Asha "Q" Rao' })
})

/** Every list, as its rightful caller calls it. */
const lists = (): Array<[string, string | undefined]> => [
  ['/api/products', undefined],
  [`/api/products/getProductByVendor/${vendor.id}`, vendor.token],
  [`/api/affiliate/product-links?marketerId=${marketer.id}`, marketer.token],
  ['/api/marketers/social-media', undefined],
  ['/api/marketers', vendor.token],
  [`/api/leads/leadsbyvendorid/${vendor.id}`, vendor.token],
  [`/api/leads/leadsbymarketerid/${marketer.id}`, marketer.token],
  ['/api/leads/leadsdata', vendor.token],
]

const eachList = async (query: Record<string, string | string[]>, check: (page: Awaited<ReturnType<typeof getPage>>, path: string) => void) => {
  for (const [path, token] of lists()) check(await getPage(path, query, token), path)
}

describe('hostile query strings on every list', () => {
  it.each([
    ['not base64', '!!!'],
    ['base64 of nothing useful', 'bm90IGpzb24'],
    ['a key of the wrong shape', encodeCursor([1, 2, 3, 4])],
    ['a key with the wrong types', encodeCursor(['newest', 'twelve'])],
    ['another order', encodeCursor(['someone-else', 5])],
    ['far too long', 'A'.repeat(600)],
    ['an object', encodeCursor({ a: 1 } as unknown as number[])],
  ])('refuses a cursor that is %s', async (_, cursor) => {
    await eachList({ cursor }, (page, path) => {
      expect(page.status, path).toBe(400)
      expect(page.message, path).toBe(PAGING_MESSAGES.cursorInvalid)
    })
  })

  it.each([['101'], ['0'], ['-5'], ['99999999999999999999'], ['0x10'], [['1', '2']]])('refuses limit %j', async (limit) => {
    await eachList({ limit }, (page, path) => {
      expect(page.status, path).toBe(400)
      expect(page.message, path).toBe(PAGING_MESSAGES.limitInvalid)
    })
  })

  it('refuses search text longer than the limit, and takes it at the limit', async () => {
    await eachList({ q: 'x'.repeat(SEARCH_MAX + 1) }, (page, path) => {
      expect(page.status, path).toBe(400)
      expect(page.message, path).toBe(searchTooLong('Search text'))
    })
    await eachList({ q: 'x'.repeat(SEARCH_MAX) }, (page, path) => {
      expect(page.status, path).toBe(200)
      expect(page.data, path).toEqual([])
    })
  })

  it.each([
    '"',
    '""',
    '"*"',
    'NEAR(',
    'NEAR(a b, 2)',
    ' OR ',
    'AND NOT',
    '*',
    'a*',
    '^',
    '{',
    '}',
    ':',
    'name:x',
    '-',
    '(((',
    '%',
    '_',
    '\\',
    "'; DROP TABLE leads; --",
    '🙂🙂🙂',
    'जैन',
  ])('answers search text %j with a page, never an error', async (q) => {
    await eachList({ q }, (page, path) => {
      expect(page.status, path).toBe(200)
      expect(page.paging.total, path).toBe(page.data.length)
    })
  })

  it.each(['\u0000', 'a\u0000b', 'kur\u0000ta', 'a\u0007b'])('refuses search text with a control character (%j)', async (q) => {
    await eachList({ q }, (page, path) => {
      expect(page.status, path).toBe(400)
      expect(page.message, path).toBe(searchHasControl('Search text'))
    })
  })

  it('finds text that looks like FTS5 syntax as the plain text it is', async () => {
    expect((await getPage('/api/products', { q: '"special" (NEAR) OR' })).data).toHaveLength(1)
    expect((await getPage('/api/marketers/social-media', { q: '"quotes"' })).data).toHaveLength(1)
    expect((await getPage(`/api/leads/leadsbyvendorid/${vendor.id}`, { q: '"Q"' }, vendor.token)).data).toHaveLength(1)
  })

  it('ignores parameters a list does not have', async () => {
    await eachList({ unknown: 'x', _: '12345' }, (page, path) => {
      expect(page.status, path).toBe(200)
    })
  })

  it.each<[Record<string, string | string[]>, string]>([
    [{ q: ['a', 'b'] }, searchTooLong('Search text')],
    [{ bio: 'b'.repeat(SEARCH_MAX + 1) }, searchTooLong('Bio')],
    [{ category: 'c'.repeat(5000) }, searchTooLong('Category')],
    [{ location: ['x', 'y'] }, searchTooLong('Location')],
    [{ countries: 'Narnia' }, DIRECTORY_MESSAGES.countriesInvalid],
    [{ countries: 'india' }, DIRECTORY_MESSAGES.countriesInvalid],
    [{ countries: `${','.repeat(3000)}Mars` }, DIRECTORY_MESSAGES.countriesInvalid],
    [{ verified: 'yes' }, DIRECTORY_MESSAGES.verifiedInvalid],
    [{ verified: ['true', 'false'] }, DIRECTORY_MESSAGES.verifiedInvalid],
    [{ minFollowers: ['1', '2'] }, DIRECTORY_MESSAGES.minFollowersInvalid],
    [{ sort: 'random' }, DIRECTORY_MESSAGES.sortInvalid],
    [{ sort: ['name', 'followers'] }, DIRECTORY_MESSAGES.sortInvalid],
  ])('refuses the directory query %j with its message and success false', async (query, message) => {
    const page = await getPage('/api/marketers/social-media', query)
    expect(page.status).toBe(400)
    expect(page).toMatchObject({ success: false, statusCode: 0, message, data: null })
  })

  it('reads a huge or strange minimum followers as no minimum, as the page did', async () => {
    for (const minFollowers of ['9'.repeat(5000), '-1e400', 'NaN', '0x10']) {
      const page = await getPage('/api/marketers/social-media', { minFollowers })
      expect(page.status, minFollowers.slice(0, 20)).toBe(200)
    }
  })
})
