// The statement behind 'My Links' and the vendor's 'Performance' (issue 14), one SQL statement per
// page: the period's daily impressions and leads of the owner, grouped by product or influencer,
// joined to the rows the table lists, sorted and cut by a keyset on (sort value, id). Impressions
// still in KV arrive as one JSON parameter ({ id: count }) so they sort with the rest.

export type Owner = { column: 'MarketerID' | 'VendorID'; id: number }
export type Grouping = 'ProductID' | 'MarketerID'

/** The rows a table lists; every one has `id` and `name`. ?1 is the owner's id. */
export type Universe = 'activeProducts' | 'ownProducts' | 'influencersWithActivity'

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
const UNIVERSES: Record<Universe, (withName: boolean) => string> = {
  // Every product the influencer can share: the active catalogue.
  activeProducts: (withName) => `SELECT ProductID AS id${withName ? ', ProductName AS name' : ''} FROM products WHERE IsActive = 1`,
  ownProducts: (withName) => `SELECT ProductID AS id${withName ? ', ProductName AS name' : ''} FROM products WHERE VendorID = ?1`,
  // Influencers with impressions or leads on the vendor's products in the period.
  influencersWithActivity: (withName) =>
    `SELECT m.MarketerID AS id${withName ? ', m.MarketerName AS name' : ''} FROM (SELECT id FROM imp UNION SELECT id FROM ld) a JOIN marketers m ON m.MarketerID = a.id`,
}

const DETAILS: Record<Universe, string> = {
  activeProducts: 'SELECT ProductID AS id, ProductName AS name, VendorID AS vendorId, PricePaise AS pricePaise FROM products',
  ownProducts: 'SELECT ProductID AS id, ProductName AS name, VendorID AS vendorId, PricePaise AS pricePaise FROM products',
  influencersWithActivity: 'SELECT MarketerID AS id, MarketerName AS name, NULL AS vendorId, NULL AS pricePaise FROM marketers',
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
  fromDay: string
  pending: Map<number, number>
  sort: string
  order: 'asc' | 'desc'
  /** Sort value and id of the last row shown, or null for the first page. */
  after: [string | number, number] | null
  /** null: every row (the CSV export). */
  limit: number | null
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
  // The KV counts join the daily rows before grouping: a separate join of json_each would be scanned
  // once per row of the universe, growing with the open half hour's traffic.
  const sql = `
WITH imp AS (
  SELECT id, SUM(n) AS n FROM (
    SELECT ${q.group} AS id, n FROM impressions_daily WHERE ${column} = ?1 AND day >= ?2
    UNION ALL SELECT CAST(key AS INTEGER) AS id, value AS n FROM json_each(?3)
  ) GROUP BY id
),
ld AS (
  SELECT ${q.group} AS id, COUNT(*) AS leads, SUM(Status = 'Converted') AS conversions,
    SUM(CASE WHEN Status = 'Converted' THEN PricePaise ELSE 0 END) AS revenuePaise,
    SUM(CASE WHEN Status = 'Converted' THEN CommissionAmountPaise ELSE 0 END) AS commissionPaise
  FROM leads WHERE ${column} = ?1 AND createdAt >= ?4 ${nonNullGroup} GROUP BY ${q.group}
),
uni AS (${UNIVERSES[q.universe](withName)}),
agg AS (
  SELECT uni.id, ${withName ? 'uni.name' : 'NULL AS name'},
    COALESCE(imp.n, 0) AS impressions,
    COALESCE(ld.leads, 0) AS leads, COALESCE(ld.conversions, 0) AS conversions,
    COALESCE(ld.revenuePaise, 0) AS revenuePaise, COALESCE(ld.commissionPaise, 0) AS commissionPaise,
    CASE WHEN COALESCE(ld.leads, 0) = 0 THEN 0 ELSE ROUND(1000.0 * ld.conversions / ld.leads) / 10.0 END AS conversionRate
  FROM uni LEFT JOIN imp ON imp.id = uni.id LEFT JOIN ld ON ld.id = uni.id
),
page AS (
  SELECT * FROM agg
  WHERE ?5 IS NULL OR ${sortSql} ${cmp} ?5 OR (${sortSql} = ?5 AND id ${cmp} ?6)
  ORDER BY ${sortSql} ${dir}, id ${dir}
  ${q.limit === null ? '' : 'LIMIT ?7'}
)
SELECT page.id, d.name, d.vendorId, d.pricePaise, page.impressions, page.leads, page.conversions, page.revenuePaise,
  page.commissionPaise, page.conversionRate, (SELECT COUNT(*) FROM uni) AS total, ${withCodes ? 'sl.Code' : 'NULL'} AS code
FROM page JOIN (${DETAILS[q.universe]}) d ON d.id = page.id
${withCodes ? 'LEFT JOIN short_links sl ON sl.MarketerID = ?1 AND sl.ProductID = page.id' : ''}
ORDER BY ${q.sort === 'name' ? 'd.name COLLATE NOCASE' : `page.${sortSql}`} ${dir}, page.id ${dir}`
  const pending = JSON.stringify(Object.fromEntries(q.pending))
  const leadsFrom = q.fromDay === '' ? '' : `${q.fromDay}T00:00:00.000Z`
  const params: Array<string | number | null> = [q.owner.id, q.fromDay, pending, leadsFrom, q.after?.[0] ?? null, q.after?.[1] ?? null]
  if (q.limit !== null) params.push(q.limit)
  return { sql, params }
}
