// The statement behind 'My Links' and the vendor's 'Performance', one SQL statement per
// page: the period's figures of the owner per product or influencer, joined to the rows the table
// lists, sorted and cut by a keyset on (sort value, id). The figures come from report_figures, kept
// by triggers (source 'figures'), or are counted from the period's daily impressions and leads
// (source 'rows': what the kept figures must equal, used by the tests and the benchmark). Impressions
// still in KV arrive as one JSON parameter ({ id: count }) so they sort with the rest.

import { indiaDayStart } from '../contract/india-date'
import type { Period } from '../contract/performance'

export const REPORT_VIEWS = ['link', 'product', 'marketer'] as const
export type ReportView = (typeof REPORT_VIEWS)[number]

export type Owner = { column: 'MarketerID' | 'VendorID'; id: number }
export type Grouping = 'ProductID' | 'MarketerID'

/**
 * The conversion rate (%, one decimal) of a row of report_figures whose columns `q` qualifies
 * ('f.'); schema.ts indexes the same expression, which SQLite uses only for the same text.
 */
export const conversionRateSql = (q = '') => `CASE WHEN ${q}leads = 0 THEN 0 ELSE ROUND(1000.0 * ${q}conversions / ${q}leads) / 10.0 END`

/** The report_figures view that holds an owner's figures by a grouping. */
export function reportView(owner: Owner, group: Grouping): ReportView {
  if (owner.column === 'MarketerID') return 'link'
  return group === 'ProductID' ? 'product' : 'marketer'
}

/** The rows a table lists; every one has `id` and `name`. ?1 is the owner's id. */
export type Universe = 'activeProducts' | 'ownProducts' | 'marketersWithActivity'

export type AggregateRow = {
  id: number
  name: string
  vendorId: number | null
  pricePaise: number | null
  impressions: number
  leads: number
  conversions: number
  revenuePaise: number
  commissionPaise: number
  conversionRate: number
  total: number
  /** The influencer's short code for the product (My Links only; null until one is made). */
  code: string | null
}

// The ids a table lists, from covering indexes; with `name` only when the table sorts by it. Names,
// vendors and prices are read for the page's rows alone: reading 10,000 product rows to show 20 was
// most of the statement's time.
/** Whether product `p` is in a product table's universe (null: the table lists influencers). */
const MEMBER: Record<Universe, string | null> = {
  // Every product the influencer can share: the active catalogue.
  activeProducts: 'p.IsActive = 1',
  ownProducts: 'p.VendorID = ?1',
  marketersWithActivity: null,
}

const UNIVERSES: Record<Universe, (withName: boolean) => string> = {
  activeProducts: (withName) => `SELECT p.ProductID AS id${withName ? ', p.ProductName AS name' : ''} FROM products p WHERE ${MEMBER.activeProducts}`,
  ownProducts: (withName) => `SELECT p.ProductID AS id${withName ? ', p.ProductName AS name' : ''} FROM products p WHERE ${MEMBER.ownProducts}`,
  // Influencers with impressions or leads on the vendor's products in the period: the ids of src
  // and of KV's counts. Impressions and leads are only recorded for an existing influencer, and
  // influencers are never deleted (erasure keeps the row), so no join to marketers is needed to
  // know they are there; names are read for the page alone (or for every row when sorting by name).
  marketersWithActivity: () => 'SELECT id FROM src UNION ALL SELECT id FROM pend WHERE id NOT IN (SELECT id FROM src)',
}

const DETAILS: Record<Universe, string> = {
  activeProducts: 'SELECT ProductID AS id, ProductName AS name, VendorID AS vendorId, PricePaise AS pricePaise FROM products',
  ownProducts: 'SELECT ProductID AS id, ProductName AS name, VendorID AS vendorId, PricePaise AS pricePaise FROM products',
  marketersWithActivity: 'SELECT MarketerID AS id, MarketerName AS name, NULL AS vendorId, NULL AS pricePaise FROM marketers',
}

/** The sort's column in `agg` (and so in the page). */
const SORT_SQL: Record<string, string> = {
  name: 'name COLLATE NOCASE',
  impressions: 'impressions',
  leads: 'leads',
  conversions: 'conversions',
  conversionRate: 'conversionRate',
  revenue: 'revenuePaise',
  commission: 'commissionPaise',
}

export type AggregateQuery = {
  owner: Owner
  group: Grouping
  universe: Universe
  period: Period
  /** The period's first day (periodStart), for source 'rows'. */
  fromDay: string
  source: 'figures' | 'rows'
  pending: Map<number, number>
  sort: string
  order: 'asc' | 'desc'
  /** Sort value and id of the last row shown, or null for the first page. */
  after: [string | number, number] | null
  /** null: every row (the CSV export). */
  limit: number | null
  /** false: the caller has the total already (a product table's, remembered: services/performance.ts); rows carry NULL. */
  countTotal?: boolean
}

/** The statement and its parameters (apart, so the scale check can run it on SQLite directly). */
export function aggregateStatement(q: AggregateQuery): { sql: string; params: Array<string | number | null> } {
  const sortSql = SORT_SQL[q.sort]
  if (!sortSql) throw new Error(`Unknown sort ${q.sort}`)
  const dir = q.order === 'asc' ? 'ASC' : 'DESC'
  const cmp = q.order === 'asc' ? '>' : '<'
  const { column } = q.owner
  const nonNullGroup = q.group === 'ProductID' ? 'AND ProductID IS NOT NULL' : ''
  const withName = q.sort === 'name'
  // My Links shows each product's short link: read the page's codes in the same statement.
  const withCodes = q.owner.column === 'MarketerID' && q.group === 'ProductID'
  // The owner's figures per id of the grouping, for rows with any activity in the period. ?1 is the
  // owner's id, ?2 and ?3 say which figures (source 'figures': view and period; 'rows': the first day
  // of impressions and of leads).
  const src =
    q.source === 'figures'
      ? `SELECT groupId AS id, impressions, leads, conversions, revenuePaise, commissionPaise FROM report_figures
    WHERE view = ?2 AND accountId = ?1 AND period = ?3 AND (impressions != 0 OR leads != 0)`
      : `SELECT id, SUM(impressions) AS impressions, SUM(leads) AS leads, SUM(conversions) AS conversions,
    SUM(revenuePaise) AS revenuePaise, SUM(commissionPaise) AS commissionPaise FROM (
      SELECT ${q.group} AS id, n AS impressions, 0 AS leads, 0 AS conversions, 0 AS revenuePaise, 0 AS commissionPaise
      FROM impressions_daily WHERE ${column} = ?1 AND day >= ?2
      UNION ALL SELECT ${q.group}, 0, 1, Status = 'Converted', CASE WHEN Status = 'Converted' THEN PricePaise ELSE 0 END,
        CASE WHEN Status = 'Converted' THEN CommissionAmountPaise ELSE 0 END
      FROM leads WHERE ${column} = ?1 AND createdAt >= ?3 ${nonNullGroup}
    ) GROUP BY id`
  // The figures of a row from src and the KV counts (src.* and pend.* may be missing: no activity).
  const rate = `COALESCE(${conversionRateSql('src.')}, 0)`
  const figures = `COALESCE(src.impressions, 0) + COALESCE(pend.n, 0) AS impressions,
    COALESCE(src.leads, 0) AS leads, COALESCE(src.conversions, 0) AS conversions,
    COALESCE(src.revenuePaise, 0) AS revenuePaise, COALESCE(src.commissionPaise, 0) AS commissionPaise,
    ${rate} AS conversionRate`
  const keyset = `(?5 IS NULL OR ${sortSql} ${cmp} ?5 OR (${sortSql} = ?5 AND id ${cmp} ?6))`
  const member = MEMBER[q.universe]
  // A table sorted by a figure, from the kept figures: the rows with that figure above zero are the
  // few with activity, sorted; every other row has it at zero, so those follow (or, in ascending
  // order, come first) by id alone, read from an index only as far as the page needs: the universe's
  // for products, report_figures' own key for the influencers with activity (whose universe is those
  // rows, so only while KV holds no counts that could add one). Joining each of 10,000 products to
  // its figures to sort them was most of My Links' time.
  const split = q.source === 'figures' && q.sort !== 'name' && q.limit !== null && (member !== null || q.pending.size === 0)
  // KV's counts change impressions only, so any other figure (or impressions with nothing pending)
  // is the kept figure itself: its index (report_figures_by_*) gives the positive rows in order,
  // and the page reads as many as it shows. Impressions with counts pending in KV are summed first.
  const indexed = split && (q.sort !== 'impressions' || q.pending.size === 0)
  const kept = q.sort === 'conversionRate' ? conversionRateSql('f.') : `f.${sortSql}`
  const ofOwner = 'f.view = ?2 AND f.accountId = ?1 AND f.period = ?3'
  const positive = indexed
    ? `pos AS (
  SELECT f.groupId AS id, ${kept} AS v FROM report_figures f
  WHERE ${ofOwner} AND ${kept} > 0${q.after ? ` AND ${kept} ${cmp}= ?5 AND (${kept} ${cmp} ?5 OR f.groupId ${cmp} ?6)` : ''}${
    member === null ? '' : `\n    AND EXISTS (SELECT 1 FROM products p WHERE p.ProductID = f.groupId AND ${member})`
  }
  ORDER BY v ${dir}, id ${dir} LIMIT ?7
)`
    : `summed AS MATERIALIZED (
  SELECT id, v FROM (SELECT id, SUM(n) AS v FROM (SELECT id, impressions AS n FROM src UNION ALL SELECT id, n FROM pend) GROUP BY id) a
  WHERE v > 0 AND EXISTS (SELECT 1 FROM products p WHERE p.ProductID = a.id AND ${member})
),
pos AS (SELECT id, v FROM summed WHERE ?5 IS NULL OR v ${cmp} ?5 OR (v = ?5 AND id ${cmp} ?6) ORDER BY v ${dir}, id ${dir} LIMIT ?7)`
  const atZero = indexed
    ? `NOT EXISTS (SELECT 1 FROM report_figures f WHERE ${ofOwner} AND f.groupId = p.ProductID AND ${kept} > 0)`
    : 'p.ProductID NOT IN (SELECT id FROM summed)'
  // The zero rows after the cursor: all of them while the cursor is still among the positive rows.
  const idsAfter = (id: string) =>
    q.order === 'desc'
      ? `${id} < (CASE WHEN ?5 IS NULL OR ?5 > 0 THEN 9223372036854775807 ELSE ?6 END)`
      : `${id} > (CASE WHEN ?5 IS NULL THEN 0 WHEN ?5 = 0 THEN ?6 ELSE 9223372036854775807 END)`
  const zeros =
    member === null
      ? `SELECT f.groupId AS id, 0 AS v FROM report_figures f
    WHERE ${ofOwner} AND (f.impressions != 0 OR f.leads != 0) AND ${kept} = 0 AND ${idsAfter('f.groupId')}
    ORDER BY f.groupId ${dir} LIMIT ?7`
      : `SELECT p.ProductID AS id, 0 AS v FROM products p
    WHERE ${member} AND ${atZero} AND ${idsAfter('p.ProductID')}
    ORDER BY p.ProductID ${dir} LIMIT ?7`
  const body = split
    ? `${positive},
ids AS (
  SELECT id, v FROM pos
  UNION ALL SELECT id, v FROM (
    ${zeros}
  )
),
page AS (
  SELECT ids.id, NULL AS name, ${figures}
  FROM (SELECT id, v FROM ids ORDER BY v ${dir}, id ${dir} LIMIT ?7) ids
  LEFT JOIN src ON src.id = ids.id LEFT JOIN pend ON pend.id = ids.id
)`
    : `agg AS (${
        q.universe === 'marketersWithActivity'
          ? // Each id once: src's (with KV's counts, if any), then those only KV has. Sorting these
            // rows directly, rather than joining a universe to src again, is what keeps a vendor
            // with 3,000 active influencers at about a millisecond.
            `
  SELECT src.id, ${withName ? 'm.MarketerName AS name' : 'NULL AS name'}, ${figures}
  FROM src LEFT JOIN pend ON pend.id = src.id${withName ? ' JOIN marketers m ON m.MarketerID = src.id' : ''}
  UNION ALL
  SELECT pend.id, ${withName ? 'm.MarketerName AS name' : 'NULL AS name'}, ${figures}
  FROM pend LEFT JOIN src ON src.id = pend.id${withName ? ' JOIN marketers m ON m.MarketerID = pend.id' : ''}
  WHERE src.id IS NULL`
          : `
  SELECT uni.id, ${withName ? 'uni.name' : 'NULL AS name'}, ${figures}
  FROM uni LEFT JOIN src ON src.id = uni.id LEFT JOIN pend ON pend.id = uni.id`
      }
),
page AS (
  SELECT * FROM agg WHERE ${keyset}
  ORDER BY ${sortSql} ${dir}, id ${dir}
  ${q.limit === null ? '' : 'LIMIT ?7'}
)`
  // pend is materialized: joined to thousands of rows, json_each would parse the JSON again for
  // each of them; copied once, SQLite indexes the copy for the join.
  const sql = `
WITH src AS ${split ? 'NOT MATERIALIZED ' : ''}(${src}),
pend AS MATERIALIZED (SELECT CAST(key AS INTEGER) AS id, value AS n FROM json_each(?4)),
uni AS (${UNIVERSES[q.universe](withName)}),
${body}
SELECT page.id, d.name, d.vendorId, d.pricePaise, page.impressions, page.leads, page.conversions, page.revenuePaise,
  page.commissionPaise, page.conversionRate, ${q.countTotal === false ? 'NULL' : '(SELECT COUNT(*) FROM uni)'} AS total, ${withCodes ? 'sl.Code' : 'NULL'} AS code
FROM page JOIN (${DETAILS[q.universe]}) d ON d.id = page.id
${withCodes ? 'LEFT JOIN short_links sl ON sl.MarketerID = ?1 AND sl.ProductID = page.id' : ''}
ORDER BY ${q.sort === 'name' ? 'd.name COLLATE NOCASE' : `page.${sortSql}`} ${dir}, page.id ${dir}`
  const pending = JSON.stringify(Object.fromEntries(q.pending))
  const which = q.source === 'figures' ? [reportView(q.owner, q.group), q.period] : [q.fromDay, q.fromDay === '' ? '' : indiaDayStart(q.fromDay)]
  const params: Array<string | number | null> = [q.owner.id, ...which, pending, q.after?.[0] ?? null, q.after?.[1] ?? null]
  if (q.limit !== null) params.push(q.limit)
  return { sql, params }
}
