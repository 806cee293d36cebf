// The lists' queries as SQLite plans them (EXPLAIN QUERY PLAN): a page never reads a whole big
// table and never sorts every matching row when an index gives the order; counts read an index,
// never the table. Plans do not depend on how many rows there are (no ANALYZE statistics), so a
// small database shows what the large one does.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { parse } from 'zod/mini'
import { directoryQuerySchema } from '../../worker/contract/directory'
import { marketerLeadQuerySchema, vendorLeadQuerySchema } from '../../worker/contract/lead-list'
import { productListQuerySchema } from '../../worker/contract/product-list'
import { makeDb } from '../../worker/db/client'
import { directoryPage } from '../../worker/services/directory'
import { marketerLeadPage, vendorLeadPage } from '../../worker/services/lead-lists'
import { productPage, type ProductScope } from '../../worker/services/product-lists'
import { recordingD1 } from '../helpers/recording'

type PlanLine = { id: number; parent: number; detail: string }

async function plansOf(run: (d: ReturnType<typeof makeDb>) => Promise<unknown>): Promise<{ page: PlanLine[]; count: PlanLine[] }> {
  const { d1, statements: seen } = recordingD1(env.DB)
  await run(makeDb(d1))
  const plans = await Promise.all(
    seen.map(async ({ sql, params }) => {
      const rows = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<PlanLine>()
      return { sql, plan: rows.results }
    }),
  )
  // The total is counted, or read from the owner's kept figures (account_totals).
  const isTotal = (sql: string) => /count\(|"account_totals"/i.test(sql)
  const page = plans.find((p) => !isTotal(p.sql))
  const count = plans.find((p) => isTotal(p.sql))
  if (!page || !count) throw new Error('expected a page query and a count query')
  return { page: page.plan, count: count.plan }
}

// A plain `SCAN <table>` reads the table row by row. In a page query it is fine when it walks the
// table in the order asked for (the rowid is the id): the LIMIT stops it after one page. It is not
// fine with a sort after it in the same (sub)query (every row read, then sorted), and never in a
// count. A sort of rows fetched one by one by id (`rowid=?`, the page's ids from a subquery) is a
// sort of one page, and fine.
const WHOLE_TABLE = /^SCAN (products|leads|marketers)$/
const SORTS = /USE TEMP B-TREE FOR ORDER BY/
const BY_ID = /USING INTEGER PRIMARY KEY \(rowid=\?\)/
const SUBQUERY = /^(LIST|SCALAR|CORRELATED LIST|CORRELATED SCALAR) SUBQUERY|^MATERIALIZE|^CO-ROUTINE/

/** Plan lines grouped by the (sub)query they belong to. */
function scopes(plan: PlanLine[]): PlanLine[][] {
  const byId = new Map(plan.map((line) => [line.id, line]))
  const scopeOf = (line: PlanLine): number => {
    let parent = byId.get(line.parent)
    while (parent && !SUBQUERY.test(parent.detail)) parent = byId.get(parent.parent)
    return parent?.id ?? 0
  }
  const groups = new Map<number, PlanLine[]>()
  for (const line of plan) if (!SUBQUERY.test(line.detail)) groups.set(scopeOf(line), [...(groups.get(scopeOf(line)) ?? []), line])
  return [...groups.values()]
}

function expectIndexed({ page, count }: { page: PlanLine[]; count: PlanLine[] }, options: { sorted?: boolean } = {}) {
  const shown = ['page:', ...page.map((l) => l.detail), 'count:', ...count.map((l) => l.detail)].join('\n')
  for (const line of count) expect(line.detail, shown).not.toMatch(WHOLE_TABLE)
  for (const scope of scopes(page)) {
    const sorts = scope.some((line) => SORTS.test(line.detail))
    const readsMany = scope.some((line) => /^(SCAN|SEARCH) (products|leads|marketers)\b/.test(line.detail) && !BY_ID.test(line.detail))
    if (sorts && readsMany) {
      expect(options.sorted, shown).toBe(true)
      for (const line of scope) expect(line.detail, shown).not.toMatch(WHOLE_TABLE)
    }
  }
}

const product =
  (query: Record<string, string>, scope: ProductScope = { activeOnly: true }) =>
  (d: ReturnType<typeof makeDb>) =>
    productPage(d, scope, parse(productListQuerySchema, query))
const directory = (query: Record<string, string>) => (d: ReturnType<typeof makeDb>) => directoryPage(d, parse(directoryQuerySchema, query))
const vendorLeads = (query: Record<string, string>) => (d: ReturnType<typeof makeDb>) => vendorLeadPage(d, 1, parse(vendorLeadQuerySchema, query))
const marketerLeads = (query: Record<string, string>) => (d: ReturnType<typeof makeDb>) => marketerLeadPage(d, 1, parse(marketerLeadQuerySchema, query))

type Case = [string, (d: ReturnType<typeof makeDb>) => Promise<unknown>, RegExp]

describe('query plans of the lists', () => {
  // Each page seeks by the filter it has (the last column: what the plan must show).
  it.each<Case>([
    ['products, newest first', product({}), /IsActive=\?/],
    ["a vendor's own products", product({}, { vendorId: 1, activeOnly: false }), /\(VendorID=\?\)/],
    ["a vendor's products as others see them", product({}, { vendorId: 1, activeOnly: true }), /VendorID=\? AND IsActive=\?/],
    ['the directory, newest first', directory({}), /^SCAN marketers$/],
    ['the directory by followers', directory({ sort: 'followers' }), /marketers_reach_idx/],
    ['the directory by engagement', directory({ sort: 'engagement' }), /marketers_engagement_idx/],
    ['the directory by name', directory({ sort: 'name' }), /marketers_name_idx/],
    ['the directory, verified by followers', directory({ sort: 'followers', verified: 'true', minFollowers: '10000' }), /totalReachRaw>\?/],
    // A country is tested on the rows the sort's index hands over, never through the trigram index.
    [
      'the directory in two countries by followers',
      directory({ sort: 'followers', countries: 'India,Canada' }),
      /^SCAN marketers USING INDEX marketers_reach_idx$/,
    ],
    ["a vendor's leads", vendorLeads({}), /\(VendorID=\?\)/],
    ["a vendor's leads, oldest first", vendorLeads({ sort: 'oldest' }), /\(VendorID=\?\)/],
    ["a vendor's leads by status", vendorLeads({ status: 'Pending' }), /VendorID=\? AND Status=\?/],
    ["a vendor's leads by product", vendorLeads({ productId: '3' }), /\(ProductID=\?\)/],
    ["a vendor's leads by influencer", vendorLeads({ marketerId: '3' }), /VendorID=\? AND MarketerID=\?/],
    ["a vendor's leads by price", vendorLeads({ sort: 'price-high' }), /leads_vendor_price_idx/],
    ["a vendor's leads by price, lowest first", vendorLeads({ sort: 'price-low' }), /leads_vendor_price_idx/],
    ["an influencer's leads", marketerLeads({}), /\(MarketerID=\?\)/],
    ["an influencer's leads by status", marketerLeads({ status: 'Converted' }), /MarketerID=\? AND Status=\?/],
  ])('%s: an index gives the rows in order, the count reads an index', async (_, run, seek) => {
    const plans = await plansOf(run)
    expectIndexed(plans)
    expect(plans.page.map((l) => l.detail)).toContainEqual(expect.stringMatching(seek))
  })

  it('the directory in some countries: the total tests the locations in an index, not the rows', async () => {
    const plans = await plansOf(directory({ countries: 'United States,Canada' }))
    const reads = plans.count.map((l) => l.detail).filter((detail) => /\bmarketers\b/.test(detail))
    expect(reads).toEqual(['SEARCH marketers USING COVERING INDEX marketers_listed_location_idx (suspendedAt=?)'])
  })

  it.each<Case>(
    [
      ["a vendor's leads", vendorLeads({})],
      ["a vendor's leads by status", vendorLeads({ status: 'Lost' })],
      ["a vendor's leads by price", vendorLeads({ sort: 'price-low' })],
      ["an influencer's leads by status", marketerLeads({ status: 'Converted' })],
    ].map(([name, run]) => [name, run, /^SEARCH account_totals USING INDEX \w+ \(role=\? AND accountId=\?\)$/] as Case),
  )('%s: the total is one row of the kept figures, whatever the number of leads', async (_, run, total) => {
    const plans = await plansOf(run)
    expect(plans.count.map((l) => l.detail)).toEqual([expect.stringMatching(total)])
  })

  it.each<Case>([
    ['products searched', product({ q: 'kurta' }), /products_search VIRTUAL TABLE INDEX \d+:M/],
    ['products searched for two characters', product({ q: '99' }), /product_grams USING PRIMARY KEY \(gram=\?\)/],
    [
      'the directory searched and filtered',
      directory({ q: 'priya', countries: 'India', category: 'fash', sort: 'followers' }),
      /marketers_search VIRTUAL TABLE INDEX \d+:M/,
    ],
    ["a vendor's leads searched", vendorLeads({ q: 'sharma' }), /leads_search VIRTUAL TABLE INDEX \d+:M/],
    ["a vendor's leads in a date range", vendorLeads({ from: '2026-01-01', to: '2026-01-31' }), /VendorID=\? AND createdAt>\? AND createdAt<\?/],
    ["an influencer's leads in a date range", marketerLeads({ from: '2026-01-01', to: '2026-01-31' }), /MarketerID=\? AND createdAt>\? AND createdAt<\?/],
  ])('%s: only matching rows are read (sorting them is allowed)', async (_, run, seek) => {
    const plans = await plansOf(run)
    expectIndexed(plans, { sorted: true })
    expect(plans.page.map((l) => l.detail)).toContainEqual(expect.stringMatching(seek))
    expect(plans.count.map((l) => l.detail)).toContainEqual(expect.stringMatching(seek))
  })
})
