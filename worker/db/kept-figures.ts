// Every figure the database keeps by itself, defined once (decision 279): account_totals,
// account_daily and report_figures (the families below), and campaigns' and campaign_figures'
// counts, notification_counts, coupon code counts and uses, storefront views, webhook delivery
// counts, payouts' settled sums, ledger_years and ledger_figures (`KEPT`). Each says what one row
// contributes; the triggers that keep them (an insert adds the new row's share, a delete takes the
// old row's away, an update does both) and the statements that rebuild the account and report
// figures from the rows are written from these definitions by `npm run db:triggers`
// (scripts/triggers.ts) into a migration; nobody writes the mirrored SQL by hand.
// tests/worker/kept-figures.test.ts checks that every trigger in the database is what this file
// writes, or one of its named exceptions (the ledger's integrity checks, search indexes, stamps).
// Plain strings only: the worker never imports it at run time.

/** A column of the row the trigger sees (`new.X` / `old.X`), or of the table a rebuild reads. */
type Col = (column: string) => string
/** An SQL expression over one source row. */
type Expr = (c: Col) => string

type Role = 'vendor' | 'marketer' | 'platform'

/**
 * The account of the platform's own row (role 'platform', accountId 0, decision 296): every source
 * that names it adds its share there too, so the back office reads site-wide figures from one row.
 */
export const PLATFORM = ''
/** The account a row's share goes to: a column of the row, or the platform's 0. */
const accountOf = (c: Col, account: string) => (account === PLATFORM ? '0' : c(account))

/** A per-day figure of account_daily: the day it counts on, and a condition when not every row counts. */
type DailyFigure = { day: Expr; value: Expr; when?: Expr }

/** The report views: whose report a row counts in (accountId) and which line of it (groupId). */
export const REPORT_VIEWS = {
  link: { account: 'MarketerID', group: 'ProductID' },
  product: { account: 'VendorID', group: 'ProductID' },
  marketer: { account: 'VendorID', group: 'MarketerID' },
} as const

/**
 * India's day of a stored UTC instant (decision 280): the days figures count on are India's, as
 * `indiaDay` (worker/contract/india-date.ts, INDIA_SQL_MODIFIER) gives them; IST has no daylight saving.
 */
const indiaDayOf = (instant: string) => `date(${instant}, '+330 minutes')`

/** The periods of each view and the first day of their window on the day (India's) the windows are made. */
const REPORT_PERIODS: ReadonlyArray<[period: string, fromDay: string]> = [
  ['7', "date('now', '+330 minutes', '-6 days')"],
  ['30', "date('now', '+330 minutes', '-29 days')"],
  ['90', "date('now', '+330 minutes', '-89 days')"],
  ['all', "''"],
]

type Source = {
  table: string
  /** The trigger names' middle part: account_totals_<name>_insert, report_figures_<name>_update. */
  name: string
  /** The account each role's figures belong to. */
  accounts: Partial<Record<Role, string>>
  /** What the row adds to account_totals for each of its accounts. */
  totals: Record<string, Expr>
  daily?: Record<string, DailyFigure>
  report?: { day: Expr; figures: Record<string, Expr>; nullable?: string[] }
}

const converted: Expr = (c) => `${c('Status')} = 'Converted'`
const ifConverted =
  (column: string): Expr =>
  (c) =>
    `CASE WHEN ${converted(c)} THEN ${c(column)} ELSE 0 END`
const one: Expr = () => '1'

export const SOURCES: readonly Source[] = [
  {
    table: 'leads',
    name: 'lead',
    accounts: { vendor: 'VendorID', marketer: 'MarketerID', platform: PLATFORM },
    totals: {
      leads: one,
      pending: (c) => `(${c('Status')} = 'Pending')`,
      converted: (c) => `(${converted(c)})`,
      revenuePaise: ifConverted('PricePaise'),
      commissionPaise: ifConverted('CommissionAmountPaise'),
    },
    daily: {
      leads: { day: (c) => indiaDayOf(c('createdAt')), value: one },
      conversions: { day: (c) => indiaDayOf(c('convertedAt')), value: one, when: (c) => `${converted(c)} AND ${c('convertedAt')} IS NOT NULL` },
    },
    report: {
      day: (c) => indiaDayOf(c('createdAt')),
      figures: {
        leads: one,
        conversions: (c) => `(${converted(c)})`,
        revenuePaise: ifConverted('PricePaise'),
        commissionPaise: ifConverted('CommissionAmountPaise'),
      },
      // A lead whose product was deleted keeps counting for its influencer, not on a product line.
      nullable: ['ProductID'],
    },
  },
  {
    table: 'impressions_daily',
    name: 'impressions',
    accounts: { vendor: 'VendorID', marketer: 'MarketerID', platform: PLATFORM },
    totals: { impressions: (c) => c('n') },
    daily: { impressions: { day: (c) => c('day'), value: (c) => c('n') } },
    report: { day: (c) => c('day'), figures: { impressions: (c) => c('n') } },
  },
  {
    table: 'products',
    name: 'product',
    accounts: { vendor: 'VendorID', platform: PLATFORM },
    totals: { products: one, activeProducts: (c) => `(${c('IsActive')} = 1)` },
  },
  // The back office's counts of accounts and audit entries: the platform's row only (decision 296).
  {
    table: 'vendors',
    name: 'vendor',
    accounts: { platform: PLATFORM },
    totals: { vendors: one, suspendedVendors: (c) => `(${c('suspendedAt')} IS NOT NULL)` },
  },
  {
    table: 'marketers',
    name: 'marketer',
    accounts: { platform: PLATFORM },
    totals: {
      marketers: one,
      verifiedMarketers: (c) => `(${c('Verified')} = 1)`,
      suspendedMarketers: (c) => `(${c('suspendedAt')} IS NOT NULL)`,
    },
  },
  {
    table: 'audit_log',
    name: 'audit',
    accounts: { platform: PLATFORM },
    totals: { auditEntries: one },
  },
]

// ---- Writing the SQL ------------------------------------------------------------------------------

type Side = 'new' | 'old'
const q = (name: string) => `\`${name}\``
const sideCol =
  (side: Side): Col =>
  (column) =>
    `${side}.${q(column)}`
/** The row's share on `side`: added for the new row, taken away for the old one. */
const signed = (side: Side, expr: string) => (side === 'new' || expr === '0' ? expr : expr === '1' ? '-1' : `-(${expr})`)
/** A share as the right operand of a subtraction. */
const operand = (expr: string) => (/^[\w.`]+$/.test(expr) || /^\(.*\)$/s.test(expr) ? expr : `(${expr})`)
const sumUpdate = (table: string, figures: string[]) => figures.map((f) => `${q(f)} = ${q(table)}.${q(f)} + excluded.${q(f)}`).join(', ')
const roles = (source: Source) => Object.entries(source.accounts) as [Role, string][]

/** Every column an expression reads, in first-use order. */
function columnsOf(exprs: Expr[]): string[] {
  const seen = new Set<string>()
  for (const expr of exprs)
    expr((column) => {
      seen.add(column)
      return column
    })
  return [...seen]
}

function totalsStatement(source: Source, sides: Side[]): string {
  const figures = Object.keys(source.totals)
  const rows = sides.flatMap((side) =>
    roles(source).map(([role, account]) => {
      const c = sideCol(side)
      return `('${role}', ${accountOf(c, account)}, ${figures.map((f) => signed(side, source.totals[f](c))).join(', ')})`
    }),
  )
  return [
    `  INSERT INTO ${q('account_totals')} (${q('role')}, ${q('accountId')}, ${figures.map(q).join(', ')})`,
    `  VALUES ${rows.join(', ')}`,
    `  ON CONFLICT (${q('role')}, ${q('accountId')}) DO UPDATE SET ${sumUpdate('account_totals', figures)};`,
  ].join('\n')
}

/** D1 allows few terms in a compound SELECT: a conditional figure gets one statement per side. */
function dailyStatements(source: Source, sides: Side[]): string[] {
  return Object.entries(source.daily ?? {}).flatMap(([figure, def]) => {
    const head = `  INSERT INTO ${q('account_daily')} (${q('role')}, ${q('accountId')}, ${q('day')}, ${q(figure)})`
    const tail = `  ON CONFLICT (${q('role')}, ${q('accountId')}, ${q('day')}) DO UPDATE SET ${sumUpdate('account_daily', [figure])};`
    const row = (side: Side, role: Role, account: string) => {
      const c = sideCol(side)
      return `'${role}', ${accountOf(c, account)}, ${def.day(c)}, ${signed(side, def.value(c))}`
    }
    const { when } = def
    if (!when) {
      const rows = sides.flatMap((side) => roles(source).map(([role, account]) => `(${row(side, role, account)})`))
      return [[head, `  VALUES ${rows.join(', ')}`, tail].join('\n')]
    }
    return sides.map((side) => {
      const selects = roles(source).map(([role, account]) => `SELECT ${row(side, role, account)} WHERE ${when(sideCol(side))}`)
      return [head, `  ${selects.join('\n  UNION ALL ')}`, tail].join('\n')
    })
  })
}

/** `CASE w.view WHEN ...`: the column each view takes for `key`, from one source row. */
function perView(key: 'account' | 'group', c: Col): string {
  const views = Object.entries(REPORT_VIEWS)
  const [, last] = views[views.length - 1]
  const arms = views.slice(0, -1).map(([view, def]) => `WHEN '${view}' THEN ${c(def[key])}`)
  return `CASE w.${q('view')} ${arms.join(' ')} ELSE ${c(last[key])} END`
}

/** The views a row counts in when `column` is null: those that read neither id from it. */
function nullGuard(nullable: string[] | undefined, c: Col): string {
  if (!nullable?.length) return ''
  const tests = nullable.map((column) => {
    const unaffected = Object.entries(REPORT_VIEWS)
      .filter(([, def]) => def.account !== column && def.group !== column)
      .map(([view]) => `'${view}'`)
    return `(w.${q('view')} IN (${unaffected.join(', ')}) OR ${c(column)} IS NOT NULL)`
  })
  return ` AND ${tests.join(' AND ')}`
}

function reportStatements(source: Source, sides: Side[]): string[] {
  const report = source.report
  if (!report) return []
  const figures = Object.keys(report.figures)
  return sides.map((side) => {
    const c = sideCol(side)
    return [
      `  INSERT INTO ${q('report_figures')} (${q('view')}, ${q('accountId')}, ${q('period')}, ${q('groupId')}, ${figures.map(q).join(', ')})`,
      `  SELECT w.${q('view')}, ${perView('account', c)}, w.${q('period')}, ${perView('group', c)}, ${figures.map((f) => signed(side, report.figures[f](c))).join(', ')}`,
      `  FROM ${q('report_windows')} w WHERE w.${q('fromDay')} <= ${report.day(c)}${nullGuard(report.nullable, c)}`,
      `  ON CONFLICT (${q('view')}, ${q('accountId')}, ${q('period')}, ${q('groupId')}) DO UPDATE SET ${sumUpdate('report_figures', figures)};`,
    ].join('\n')
  })
}

type Family = { prefix: 'account_totals' | 'report_figures'; body: (source: Source, sides: Side[]) => string[]; reads: (source: Source) => Expr[] }

const FAMILIES: readonly Family[] = [
  {
    prefix: 'account_totals',
    body: (source, sides) => [totalsStatement(source, sides), ...dailyStatements(source, sides)],
    reads: (source) => [
      ...Object.values(source.accounts)
        .filter((column) => column !== PLATFORM)
        .map(
          (column): Expr =>
            (c) =>
              c(column),
        ),
      ...Object.values(source.totals),
      ...Object.values(source.daily ?? {}).flatMap((d) => [d.day, d.value, ...(d.when ? [d.when] : [])]),
    ],
  },
  {
    prefix: 'report_figures',
    body: reportStatements,
    reads: (source) =>
      source.report
        ? [
            ...Object.values(REPORT_VIEWS).flatMap((v): Expr[] => [(c) => c(v.account), (c) => c(v.group)]),
            ...Object.values(source.report.figures),
            source.report.day,
          ]
        : [],
  },
]

export type Trigger = { name: string; table: string; sql: string }

/** Every kept-figure trigger, as its CREATE TRIGGER statement (without the closing semicolon). */
export function keptFigureTriggers(): Trigger[] {
  return FAMILIES.flatMap((family) =>
    SOURCES.flatMap((source) => {
      const body = (sides: Side[]) => family.body(source, sides)
      if (body(['new']).length === 0) return []
      const name = (event: string) => `${family.prefix}_${source.name}_${event}`
      const create = (event: string, on: string, sides: Side[]) => ({
        name: name(event),
        table: source.table,
        sql: `CREATE TRIGGER ${q(name(event))} ${on} ON ${q(source.table)} BEGIN\n${body(sides).join('\n')}\nEND`,
      })
      const watched = columnsOf(family.reads(source)).map(q).join(', ')
      return [
        create('insert', 'AFTER INSERT', ['new']),
        // A row that counts whatever its columns (an audit entry) needs no update trigger.
        ...(watched ? [create('update', `AFTER UPDATE OF ${watched}`, ['old', 'new'])] : []),
        create('delete', 'AFTER DELETE', ['old']),
      ]
    }),
  )
}

// ---- Figures other tables keep: campaigns, notifications, codes, deliveries, the ledger ------------
//
// The same idea in a wider vocabulary: what one row contributes, and where it goes. A definition
// names its triggers (one per event it answers) and lists its steps, run in order in one trigger:
// - `add`: adds the row's share to the figures of rows that already exist (`match`), or that
//   `ensure` creates first; a figure may read the row it changes (`t`), as the ledger's cut.
// - `upsert`: adds the share to keyed rows, creating them (one row per entry of `keys`); a
//   `latest` figure keeps the largest value instead of a sum.
// - `append`: writes the row's move into a view whose own definition sums it: `values` as they
//   are, `figures` signed; `from` reads the row as stored (after the earlier steps of the trigger).
// - `set`: derived columns written from the row (when an entry becomes payable), not sums.
// An insert adds the new row's share, a delete takes the old row's away, an update does both; an
// update trigger watches the columns the steps read (or `watch`) and, when every step is a sum,
// runs only when one of them changed (or `updateWhen`).

type Event = 'insert' | 'update' | 'delete'
/** An expression over the source row (`c`) and the target row it changes (`t`, `add` and `set`). */
type RowExpr = (c: Col, t: Col) => string
type Figures = Record<string, Expr>

type Step =
  | { kind: 'add'; into: string; figures: Record<string, RowExpr>; match: RowExpr; ensure?: never }
  | { kind: 'add'; into: string; figures: Record<string, RowExpr>; ensure: Figures[]; match?: never }
  | { kind: 'upsert'; into: string; keys: Figures[]; figures: Figures; latest?: Figures }
  | { kind: 'append'; into: string; values: Figures; figures: Figures; from?: { table: string; key: string } }
  | { kind: 'set'; into: string; match: RowExpr; values: Record<string, RowExpr> }

export type Kept = {
  table: string
  /** The trigger of each event the figures follow; an event left out changes no figure. */
  triggers: Partial<Record<Event, string>>
  /** The table is a view: its insert trigger runs instead of the insert. */
  view?: boolean
  /** A row counts only when this holds (tested on each side). */
  when?: Expr
  /** The columns whose update re-counts the row, when some the steps read never change. */
  watch?: string[]
  /** When the update trigger runs, over the old and the new row. */
  updateWhen?: (o: Col, n: Col) => string
  steps: Step[]
}

const is =
  (column: string, value: string): Expr =>
  (c) =>
    `(${c(column)} = '${value}')`
const col =
  (column: string): Expr =>
  (c) =>
    c(column)
const zero: Expr = () => '0'

/** The instant an entry converted at `at` becomes payable, or falls due, `days` later (decision 050). */
const daysAfter = (at: string, days: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${at}, '+' || ${days} || ' days')`
const vendorTerm = (c: Col, term: string) => `(SELECT v.${q(term)} FROM ${q('vendors')} v WHERE v.${q('VendorID')} = ${c('VendorID')})`
/** What stands for "not before delivery" (domain/orders.ts NEVER_PAYABLE). */
const NEVER_PAYABLE = "'9999-12-31T23:59:59.999Z'"
type Terms3 = { HoldingDays: string; ReturnWindowDays: string; PaymentTermsDays: string }
/**
 * An order's entry becomes payable (decision 288) the return window after delivery, else the
 * holding period after payment; a COD or unpaid order's never before delivery. `due` adds the
 * payment terms. The twin of domain/orders.ts orderPayableAt, over the order's columns `o`.
 */
const orderClearsSql = (o: Col, terms: Terms3, due: boolean) => {
  const plus = (days: string) => (due ? `(${days} + ${terms.PaymentTermsDays})` : days)
  return `CASE WHEN ${o('deliveredAt')} IS NOT NULL THEN ${daysAfter(o('deliveredAt'), plus(terms.ReturnWindowDays))} WHEN ${o('paymentMethod')} = 'cod' OR ${o('paidAt')} IS NULL THEN ${NEVER_PAYABLE} ELSE ${daysAfter(o('paidAt'), plus(terms.HoldingDays))} END`
}
const orderCol: Col = (column) => `o.${q(column)}`
/** An entry's payable time: a lead's or fee's from when it converted, an order's from its order. */
const entryClears = (entry: Col, terms: Terms3, due: boolean) => {
  const own = daysAfter(entry('convertedAt'), due ? `(${terms.HoldingDays} + ${terms.PaymentTermsDays})` : terms.HoldingDays)
  const ofOrder = `(SELECT ${orderClearsSql(orderCol, terms, due)} FROM ${q('orders')} o WHERE o.${q('VendorID')} = ${entry('VendorID')} AND o.${q('OrderID')} = ${entry('OrderID')})`
  return `CASE WHEN ${entry('OrderID')} IS NULL THEN ${own} ELSE COALESCE(${ofOrder}, ${NEVER_PAYABLE}) END`
}
const termsOf = (term: (name: string) => string): Terms3 => ({
  HoldingDays: term('HoldingDays'),
  ReturnWindowDays: term('ReturnWindowDays'),
  PaymentTermsDays: term('PaymentTermsDays'),
})
const entryTerms: Record<string, RowExpr> = {
  clearsAt: (c) =>
    entryClears(
      c,
      termsOf((term) => vendorTerm(c, term)),
      false,
    ),
  dueAt: (c) =>
    entryClears(
      c,
      termsOf((term) => vendorTerm(c, term)),
      true,
    ),
}
const thisEntry: RowExpr = (c, t) => `${t('EntryID')} = ${c('EntryID')}`

/** What a commission entry moves in the ledger's figures while it is not paid. */
const entryMove = {
  values: { VendorID: col('VendorID'), MarketerID: col('MarketerID'), AmountPaise: col('AmountPaise'), clearsAt: col('clearsAt'), dueAt: col('dueAt') },
  figures: {
    open: (c: Col) => `(${c('reversedAt')} IS NULL)`,
    paid: zero,
    reversed: (c: Col) => `(${c('reversedAt')} IS NOT NULL)`,
    entries: one,
    adjustment: is('Kind', 'adjustment'),
  },
}

/** The vendor's payable-by instant a ledger_figures row compares with: its own, or its vendor row's. */
const cutOf = (c: Col, t: Col) =>
  `(CASE WHEN ${t('VendorID')} = 0 THEN ${t('cut')} ELSE (SELECT v.${q('cut')} FROM ${q('ledger_figures')} v WHERE v.${q('VendorID')} = ${c('VendorID')} AND v.${q('MarketerID')} = 0) END)`
const positive = (c: Col) => `${c('AmountPaise')} > 0`
const fyStartOf = (c: Col) =>
  `(CASE WHEN substr(${c('PaidOn')}, 6) >= '04-01' THEN CAST(substr(${c('PaidOn')}, 1, 4) AS INTEGER) ELSE CAST(substr(${c('PaidOn')}, 1, 4) AS INTEGER) - 1 END) || '-04-01'`

export const KEPT: readonly Kept[] = [
  {
    // A campaign's members by answer: the accept that would overfill it fails (campaigns_not_overfilled).
    table: 'campaign_members',
    triggers: { insert: 'campaign_members_counts_insert', update: 'campaign_members_counts_update' },
    steps: [
      {
        kind: 'add',
        into: 'campaigns',
        match: (c, t) => `${t('CampaignID')} = ${c('CampaignID')}`,
        figures: {
          AcceptedCount: is('Status', 'Accepted'),
          AppliedCount: is('Status', 'Applied'),
          InvitedCount: is('Status', 'Invited'),
          DeclinedCount: is('Status', 'Declined'),
        },
      },
    ],
  },
  {
    table: 'leads',
    triggers: { insert: 'campaign_figures_lead_insert', update: 'campaign_figures_lead_update', delete: 'campaign_figures_lead_delete' },
    when: (c) => `${c('CampaignID')} IS NOT NULL`,
    steps: [
      {
        kind: 'add',
        into: 'campaign_figures',
        match: (c, t) => `${t('CampaignID')} = ${c('CampaignID')} AND ${t('MarketerID')} = ${c('MarketerID')}`,
        figures: { leads: one, conversions: (c) => `(${converted(c)})`, commissionPaise: ifConverted('CommissionAmountPaise') },
      },
    ],
  },
  {
    // An impression day counts in every campaign of its product the influencer is in and whose dates hold it.
    table: 'impressions_daily',
    triggers: { insert: 'campaign_figures_impressions_insert', update: 'campaign_figures_impressions_update', delete: 'campaign_figures_impressions_delete' },
    steps: [
      {
        kind: 'add',
        into: 'campaign_figures',
        match: (c, t) =>
          `${t('MarketerID')} = ${c('MarketerID')} AND ${t('CampaignID')} IN (SELECT cp.${q('CampaignID')} FROM ${q('campaign_products')} cp JOIN ${q('campaigns')} k ON k.${q('CampaignID')} = cp.${q('CampaignID')} WHERE cp.${q('ProductID')} = ${c('ProductID')} AND ${c('day')} >= k.${q('StartsOn')} AND ${c('day')} <= k.${q('EndsOn')})`,
        figures: { impressions: col('n') },
      },
    ],
  },
  {
    table: 'commission_entries',
    triggers: { insert: 'campaign_figures_fee' },
    when: is('Kind', 'fee'),
    steps: [
      {
        kind: 'add',
        into: 'campaign_figures',
        match: (c, t) =>
          `(${t('CampaignID')}, ${t('MarketerID')}) = (SELECT d.${q('CampaignID')}, d.${q('MarketerID')} FROM ${q('campaign_deliverables')} d WHERE d.${q('DeliverableID')} = ${c('DeliverableID')})`,
        figures: { feesPaise: col('AmountPaise') },
      },
    ],
  },
  {
    table: 'notifications',
    triggers: { insert: 'notifications_counted', update: 'notifications_read', delete: 'notifications_removed' },
    steps: [
      {
        kind: 'upsert',
        into: 'notification_counts',
        keys: [{ role: col('role'), accountId: col('accountId') }],
        figures: { total: one, unread: (c) => `(${c('readAt')} IS NULL)` },
      },
    ],
  },
  {
    table: 'coupon_codes',
    triggers: { insert: 'coupon_code_counted', delete: 'coupon_code_uncounted' },
    steps: [
      {
        kind: 'upsert',
        into: 'coupon_code_counts',
        keys: [
          { role: () => `'vendor'`, ownerId: col('VendorID') },
          { role: () => `'marketer'`, ownerId: col('MarketerID') },
        ],
        figures: { n: one },
      },
    ],
  },
  {
    // Counted in the inserting statement, so a code's use limit holds under racing orders (decision 212).
    table: 'leads',
    triggers: { insert: 'coupon_code_use_counted' },
    when: (c) => `${c('CodeID')} IS NOT NULL`,
    steps: [{ kind: 'add', into: 'coupon_codes', match: (c, t) => `${t('CodeID')} = ${c('CodeID')}`, figures: { Uses: one } }],
  },
  {
    // Refs are pruned after the longest window; the sub-ID's clicks stay (decision 291).
    table: 'store_refs',
    triggers: { insert: 'sub_figures_click' },
    when: (c) => `${c('sub')} IS NOT NULL`,
    steps: [
      {
        kind: 'upsert',
        into: 'sub_figures',
        keys: [{ MarketerID: col('MarketerID'), ProductID: col('ProductID'), sub: col('sub') }],
        figures: { clicks: one },
      },
    ],
  },
  {
    // A lead from a click with a sub-ID; one whose product was deleted leaves the breakdown with its link.
    table: 'leads',
    triggers: { insert: 'sub_figures_lead_insert', update: 'sub_figures_lead_update', delete: 'sub_figures_lead_delete' },
    when: (c) => `${c('sub')} IS NOT NULL AND ${c('ProductID')} IS NOT NULL`,
    steps: [
      {
        kind: 'upsert',
        into: 'sub_figures',
        keys: [{ MarketerID: col('MarketerID'), ProductID: col('ProductID'), sub: col('sub') }],
        figures: { leads: one, conversions: (c) => `(${converted(c)})`, commissionPaise: ifConverted('CommissionAmountPaise') },
      },
    ],
  },
  {
    // Visits are pruned after a day; the views they counted stay (decision 202).
    table: 'storefront_visits',
    triggers: { insert: 'storefront_visits_count' },
    steps: [{ kind: 'upsert', into: 'storefront_views_daily', keys: [{ MarketerID: col('MarketerID'), day: col('day') }], figures: { n: one } }],
  },
  {
    // Deliveries are pruned; the log's total stays.
    table: 'webhook_deliveries',
    triggers: { insert: 'webhook_deliveries_count' },
    steps: [{ kind: 'add', into: 'webhook_endpoints', match: (c, t) => `${t('EndpointID')} = ${c('EndpointID')}`, figures: { deliveryCount: one } }],
  },
  // ---- The ledger (decision 050): entries and payouts move ledger_figures through ledger_moves.
  {
    table: 'commission_entries',
    triggers: { insert: 'commission_entries_figures_insert' },
    steps: [
      { kind: 'set', into: 'commission_entries', match: thisEntry, values: entryTerms },
      { kind: 'append', into: 'ledger_moves', ...entryMove, from: { table: 'commission_entries', key: 'EntryID' } },
    ],
  },
  {
    table: 'commission_entries',
    triggers: { update: 'commission_entries_figures_converted' },
    watch: ['convertedAt'],
    steps: [{ kind: 'set', into: 'commission_entries', match: thisEntry, values: entryTerms }],
  },
  {
    // A paid entry's share left the open figures when it was paid; its terms no longer move it.
    table: 'commission_entries',
    triggers: { update: 'commission_entries_figures_update' },
    watch: ['clearsAt', 'dueAt', 'reversedAt'],
    updateWhen: (o, n) => `${o('clearsAt')} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${q('payout_items')} p WHERE p.${q('EntryID')} = ${n('EntryID')})`,
    steps: [{ kind: 'append', into: 'ledger_moves', ...entryMove }],
  },
  {
    table: 'vendors',
    triggers: { update: 'vendors_terms_figures' },
    watch: ['HoldingDays', 'PaymentTermsDays', 'ReturnWindowDays'],
    updateWhen: (o, n) =>
      `${o('HoldingDays')} <> ${n('HoldingDays')} OR ${o('PaymentTermsDays')} <> ${n('PaymentTermsDays')} OR ${o('ReturnWindowDays')} <> ${n('ReturnWindowDays')}`,
    steps: [
      {
        kind: 'set',
        into: 'commission_entries',
        match: (c, t) => `${t('VendorID')} = ${c('VendorID')} AND ${t('reversedAt')} IS NULL AND ${t('AmountPaise')} > 0 AND ${t('clearsAt')} IS NOT NULL`,
        values: {
          clearsAt: (c, t) => entryClears(t, termsOf(c), false),
          dueAt: (c, t) => entryClears(t, termsOf(c), true),
        },
      },
    ],
  },
  {
    // An order paid, delivered or found to be COD moves its open entries' payable time (decision 288).
    table: 'orders',
    triggers: { update: 'orders_payable_entries' },
    watch: ['paidAt', 'deliveredAt', 'paymentMethod'],
    updateWhen: (o, n) => ['paidAt', 'deliveredAt', 'paymentMethod'].map((column) => `${o(column)} IS NOT ${n(column)}`).join(' OR '),
    steps: [
      {
        kind: 'set',
        into: 'commission_entries',
        match: (c, t) =>
          `${t('VendorID')} = ${c('VendorID')} AND ${t('OrderID')} = ${c('OrderID')} AND ${t('reversedAt')} IS NULL AND ${t('AmountPaise')} > 0 AND ${t('clearsAt')} IS NOT NULL`,
        values: {
          clearsAt: (c) =>
            orderClearsSql(
              c,
              termsOf((term) => vendorTerm(c, term)),
              false,
            ),
          dueAt: (c) =>
            orderClearsSql(
              c,
              termsOf((term) => vendorTerm(c, term)),
              true,
            ),
        },
      },
    ],
  },
  {
    table: 'payout_items',
    triggers: { insert: 'payout_items_figures' },
    steps: [
      {
        kind: 'append',
        into: 'ledger_moves',
        values: entryMove.values,
        figures: { open: () => '-1', paid: one, reversed: zero, entries: zero, adjustment: zero },
        from: { table: 'commission_entries', key: 'EntryID' },
      },
    ],
  },
  {
    // The sum the payout's items settle: payout_items_within_gross refuses an item that passes the gross.
    table: 'payout_items',
    triggers: { insert: 'payout_items_settle' },
    steps: [
      {
        kind: 'add',
        into: 'payouts',
        match: (c, t) => `${t('PayoutID')} = ${c('PayoutID')}`,
        figures: { SettledPaise: (c) => `(SELECT e.${q('AmountPaise')} FROM ${q('commission_entries')} e WHERE e.${q('EntryID')} = ${c('EntryID')})` },
      },
    ],
  },
  {
    // One move sums into the pair's row and both owners' all-pairs rows (VendorID or MarketerID 0).
    table: 'ledger_moves',
    view: true,
    triggers: { insert: 'ledger_moves_apply' },
    steps: [
      {
        kind: 'add',
        into: 'ledger_figures',
        ensure: [
          { VendorID: col('VendorID'), MarketerID: zero },
          { VendorID: zero, MarketerID: col('MarketerID') },
          { VendorID: col('VendorID'), MarketerID: col('MarketerID') },
        ],
        figures: {
          openPaise: (c) => `${c('open')} * max(${c('AmountPaise')}, 0)`,
          openN: (c) => `${c('open')} * (${positive(c)})`,
          payablePaise: (c, t) => `${c('open')} * (CASE WHEN ${positive(c)} AND ${c('clearsAt')} <= ${cutOf(c, t)} THEN ${c('AmountPaise')} ELSE 0 END)`,
          payableN: (c, t) => `${c('open')} * (${positive(c)} AND ${c('clearsAt')} <= ${cutOf(c, t)})`,
          overduePaise: (c, t) => `${c('open')} * (CASE WHEN ${positive(c)} AND ${c('dueAt')} < ${cutOf(c, t)} THEN ${c('AmountPaise')} ELSE 0 END)`,
          adjustmentsPaise: (c) => `${c('open')} * min(${c('AmountPaise')}, 0)`,
          paidPaise: (c) => `${c('paid')} * ${c('AmountPaise')}`,
          paidN: col('paid'),
          reversedN: col('reversed'),
          entriesN: col('entries'),
          adjustmentN: col('adjustment'),
        },
      },
    ],
  },
  {
    table: 'ledger_figures',
    triggers: { insert: 'ledger_figures_pairs' },
    when: (c) => `${c('VendorID')} <> 0 AND ${c('MarketerID')} <> 0`,
    steps: [
      {
        kind: 'add',
        into: 'ledger_figures',
        match: (c, t) =>
          `((${t('VendorID')} = ${c('VendorID')} AND ${t('MarketerID')} = 0) OR (${t('VendorID')} = 0 AND ${t('MarketerID')} = ${c('MarketerID')}))`,
        figures: { pairsN: one },
      },
    ],
  },
  {
    // A financial year's payouts per pair and per owner; lastPayoutId lets a payout see a racing one.
    table: 'payouts',
    triggers: { insert: 'payouts_figures' },
    steps: [
      {
        kind: 'upsert',
        into: 'ledger_years',
        keys: [
          { VendorID: col('VendorID'), MarketerID: col('MarketerID'), fyStart: fyStartOf },
          { VendorID: col('VendorID'), MarketerID: zero, fyStart: fyStartOf },
          { VendorID: zero, MarketerID: col('MarketerID'), fyStart: fyStartOf },
        ],
        figures: { grossPaise: col('GrossPaise'), tdsPaise: col('TdsPaise'), taxedPaise: col('TdsBasePaise') },
        latest: { lastPayoutId: col('PayoutID') },
      },
      {
        kind: 'set',
        into: 'ledger_figures',
        match: (c, t) => `${t('VendorID')} = ${c('VendorID')} AND ${t('MarketerID')} = ${c('MarketerID')}`,
        values: { lastPayoutId: col('PayoutID') },
      },
    ],
  },
]

const noTarget: Col = (column) => column
/** What a step reads of the source row alone. */
const onSource =
  (f: RowExpr): Expr =>
  (c) =>
    f(c, noTarget)
const targetCol =
  (table: string): Col =>
  (column) =>
    `${q(table)}.${q(column)}`
const and = (a: string, b: string | undefined) => (b ? `${a} AND (${b})` : a)

function keptStatement(def: Kept, step: Step, sides: Side[]): string[] {
  const when = def.when
  const guard = (side: Side) => (when ? when(sideCol(side)) : undefined)
  switch (step.kind) {
    case 'add': {
      const t = targetCol(step.into)
      const figures = Object.entries(step.figures)
      return sides.flatMap((side) => {
        const c = sideCol(side)
        const sets = figures
          .map(([f, share]) => (side === 'new' ? `${q(f)} = ${q(f)} + ${share(c, t)}` : `${q(f)} = ${q(f)} - ${operand(share(c, t))}`))
          .join(', ')
        const ensure = step.ensure ?? []
        const keyOf = (row: Figures) =>
          `(${Object.entries(row)
            .map(([k, v]) => `${t(k)} = ${v(c)}`)
            .join(' AND ')})`
        const match = step.match ? step.match(c, t) : ensure.map(keyOf).join(' OR ')
        const made = ensure.length
          ? [
              `  INSERT OR IGNORE INTO ${q(step.into)} (${Object.keys(ensure[0]).map(q).join(', ')}) VALUES ${ensure
                .map(
                  (row) =>
                    `(${Object.values(row)
                      .map((v) => v(c))
                      .join(', ')})`,
                )
                .join(', ')};`,
            ]
          : []
        if (ensure.length && when) throw new Error(`${step.into}: an ensured row cannot depend on a condition`)
        return [...made, `  UPDATE ${q(step.into)} SET ${sets}\n  WHERE ${and(match, guard(side))};`]
      })
    }
    case 'upsert': {
      const latest = step.latest ?? {}
      if (Object.keys(latest).length && sides.some((s) => s === 'old')) throw new Error(`${step.into}: a latest figure cannot be taken away`)
      if (when && step.keys.length !== 1) throw new Error(`${step.into}: a conditional upsert keeps one row`)
      const keys = Object.keys(step.keys[0])
      const figures = Object.keys(step.figures)
      const values = (side: Side, key: Figures) => {
        const c = sideCol(side)
        return [...keys.map((k) => key[k](c)), ...figures.map((f) => signed(side, step.figures[f](c))), ...Object.values(latest).map((v) => v(c))].join(', ')
      }
      const sets = [sumUpdate(step.into, figures), ...Object.keys(latest).map((f) => `${q(f)} = max(${q(step.into)}.${q(f)}, excluded.${q(f)})`)].join(', ')
      const head = `  INSERT INTO ${q(step.into)} (${[...keys, ...figures, ...Object.keys(latest)].map(q).join(', ')})`
      const tail = `  ON CONFLICT (${keys.map(q).join(', ')}) DO UPDATE SET ${sets};`
      // A row that counts only sometimes: one statement per side, as the daily figures do.
      if (when) return sides.map((side) => [head, `  SELECT ${values(side, step.keys[0])} WHERE ${when(sideCol(side))}`, tail].join('\n'))
      const rows = sides.flatMap((side) => step.keys.map((key) => `(${values(side, key)})`))
      return [[head, `  VALUES ${rows.join(', ')}`, tail].join('\n')]
    }
    case 'append': {
      const columns = [...Object.keys(step.values), ...Object.keys(step.figures)].map(q).join(', ')
      const row = (c: Col, side: Side) =>
        [...Object.values(step.values).map((v) => v(c)), ...Object.values(step.figures).map((f) => signed(side, f(c)))].join(', ')
      const head = `  INSERT INTO ${q(step.into)} (${columns})`
      const { from } = step
      if (from) {
        if (sides.length !== 1 || sides[0] !== 'new' || when) throw new Error(`${step.into}: a stored row is read for an insert only`)
        const stored: Col = (column) => `r.${q(column)}`
        return [`${head}\n  SELECT ${row(stored, 'new')} FROM ${q(from.table)} r WHERE r.${q(from.key)} = ${sideCol('new')(from.key)};`]
      }
      if (when) throw new Error(`${step.into}: a move counts every row`)
      return [`${head}\n  VALUES ${sides.map((side) => `(${row(sideCol(side), side)})`).join(', ')};`]
    }
    case 'set': {
      const t = targetCol(step.into)
      const c = sideCol('new')
      if (sides.includes('old') && sides.length === 1) throw new Error(`${step.into}: derived columns follow a written row`)
      const sets = Object.entries(step.values)
        .map(([f, v]) => `${q(f)} = ${v(c, t)}`)
        .join(', ')
      return [`  UPDATE ${q(step.into)} SET ${sets}\n  WHERE ${and(step.match(c, t), guard('new'))};`]
    }
  }
}

/** Every column of the source row a definition's steps read. */
function keptReads(def: Kept): string[] {
  const exprs: Expr[] = def.when ? [def.when] : []
  for (const step of def.steps) {
    if (step.kind === 'add') {
      exprs.push(...Object.values(step.figures).map(onSource))
      if (step.match) exprs.push(onSource(step.match))
      for (const row of step.ensure ?? []) exprs.push(...Object.values(row))
    } else if (step.kind === 'upsert') {
      exprs.push(...step.keys.flatMap((k) => Object.values(k)), ...Object.values(step.figures), ...Object.values(step.latest ?? {}))
    } else if (step.kind === 'append') {
      if (!step.from) exprs.push(...Object.values(step.values), ...Object.values(step.figures))
    } else {
      exprs.push(onSource(step.match), ...Object.values(step.values).map(onSource))
    }
  }
  return columnsOf(exprs)
}

function keptTriggers(def: Kept): Trigger[] {
  const sidesOf: Record<Event, Side[]> = { insert: ['new'], update: ['old', 'new'], delete: ['old'] }
  return (Object.entries(def.triggers) as [Event, string][]).map(([event, name]) => {
    const sides = sidesOf[event]
    const body = def.steps.flatMap((step) => keptStatement(def, step, sides))
    let on = `AFTER ${event.toUpperCase()}`
    if (def.view) {
      if (event !== 'insert') throw new Error(`${def.table}: a view's figures follow inserts`)
      on = 'INSTEAD OF INSERT'
    }
    let when = ''
    if (event === 'update') {
      const watched = def.watch ?? keptReads(def)
      on = `AFTER UPDATE OF ${watched.map(q).join(', ')}`
      const sumsOnly = def.steps.every((s) => s.kind !== 'set')
      const test = def.updateWhen
        ? def.updateWhen(sideCol('old'), sideCol('new'))
        : sumsOnly
          ? watched.map((column) => `${sideCol('old')(column)} IS NOT ${sideCol('new')(column)}`).join(' OR ')
          : ''
      if (test) when = `\nWHEN ${test}`
    }
    return { name, table: def.table, sql: `CREATE TRIGGER ${q(name)} ${on} ON ${q(def.table)}${when}\nBEGIN\n${body.join('\n')}\nEND` }
  })
}

/** Every trigger that keeps a figure: the account and report families, then the other tables' figures. */
export function allKeptTriggers(): Trigger[] {
  return [...keptFigureTriggers(), ...KEPT.flatMap(keptTriggers)]
}

// ---- Rebuilding from the rows ---------------------------------------------------------------------

/** `column` of the table a rebuild reads (alias `t`). */
const rowCol: Col = (column) => `t.${q(column)}`

/**
 * The statements that fill the figures from the rows (after the tables were emptied): the windows
 * as of today, then every source's sums. A bulk load (`npm run bench:scale`) runs them too.
 */
export function keptFigureFills(): string[] {
  const fills: string[] = []
  for (const source of SOURCES) {
    const figures = Object.keys(source.totals)
    for (const [role, account] of roles(source)) {
      fills.push(
        [
          `INSERT INTO ${q('account_totals')} (${q('role')}, ${q('accountId')}, ${figures.map(q).join(', ')})`,
          `SELECT '${role}', ${accountOf(rowCol, account)}, ${figures.map((f) => `sum(${source.totals[f](rowCol)})`).join(', ')} FROM ${q(source.table)} t WHERE true GROUP BY 2`,
          `ON CONFLICT (${q('role')}, ${q('accountId')}) DO UPDATE SET ${sumUpdate('account_totals', figures)}`,
        ].join('\n'),
      )
      for (const [figure, def] of Object.entries(source.daily ?? {})) {
        fills.push(
          [
            `INSERT INTO ${q('account_daily')} (${q('role')}, ${q('accountId')}, ${q('day')}, ${q(figure)})`,
            `SELECT '${role}', ${accountOf(rowCol, account)}, ${def.day(rowCol)}, sum(${def.value(rowCol)}) FROM ${q(source.table)} t WHERE ${def.when ? def.when(rowCol) : 'true'} GROUP BY 2, 3`,
            `ON CONFLICT (${q('role')}, ${q('accountId')}, ${q('day')}) DO UPDATE SET ${sumUpdate('account_daily', [figure])}`,
          ].join('\n'),
        )
      }
    }
  }
  const windows = Object.keys(REPORT_VIEWS).flatMap((view) => REPORT_PERIODS.map(([period, fromDay]) => `('${view}', '${period}', ${fromDay})`))
  fills.push(
    `INSERT INTO ${q('report_windows')} (${q('view')}, ${q('period')}, ${q('fromDay')}) VALUES\n  ${windows.join(',\n  ')}\nON CONFLICT (${q('view')}, ${q('period')}) DO NOTHING`,
  )
  for (const source of SOURCES) {
    const report = source.report
    if (!report) continue
    const figures = Object.keys(report.figures)
    fills.push(
      [
        `INSERT INTO ${q('report_figures')} (${q('view')}, ${q('accountId')}, ${q('period')}, ${q('groupId')}, ${figures.map(q).join(', ')})`,
        `SELECT w.${q('view')}, ${perView('account', rowCol)} AS a, w.${q('period')}, ${perView('group', rowCol)} AS g, ${figures.map((f) => `sum(${report.figures[f](rowCol)})`).join(', ')}`,
        `FROM ${q(source.table)} t, ${q('report_windows')} w WHERE w.${q('fromDay')} <= ${report.day(rowCol)}${nullGuard(report.nullable, rowCol)}`,
        `GROUP BY w.${q('view')}, a, w.${q('period')}, g`,
        `ON CONFLICT (${q('view')}, ${q('accountId')}, ${q('period')}, ${q('groupId')}) DO UPDATE SET ${sumUpdate('report_figures', figures)}`,
      ].join('\n'),
    )
  }
  return fills
}

/**
 * The migration's text: drop and recreate every kept-figure trigger (drizzle's statement
 * breakpoints between). With `refill`, also empty the per-day and report figures and fill them
 * again from the rows, for a change of which day a row counts on; with `totals` too, every
 * account_totals figure is set to zero and added again from the rows (for a new figure or a new
 * account, as the platform's row of decision 296), which keeps the rows themselves (and stamps).
 */
export function keptFiguresMigration(options: { refill?: boolean; totals?: boolean } = {}): string {
  const header = [
    '-- Written by `npm run db:triggers` (scripts/triggers.ts) from worker/db/kept-figures.ts: do not edit.',
    `-- Drops and recreates every trigger that keeps a figure (decision 279)${options.refill ? `; refills the per-day${options.totals ? ', account' : ''} and report figures` : ''}.`,
  ].join('\n')
  const triggers = allKeptTriggers()
  const figures = [...new Set(SOURCES.flatMap((source) => Object.keys(source.totals)))]
  const zeroTotals = options.totals ? [`UPDATE ${q('account_totals')} SET ${figures.map((f) => `${q(f)} = 0`).join(', ')};`] : []
  const refill = options.refill
    ? [
        ...['account_daily', 'report_figures', 'report_windows'].map((table) => `DELETE FROM ${q(table)};`),
        ...zeroTotals,
        ...keptFigureFills()
          .filter((fill) => options.totals || !fill.startsWith(`INSERT INTO ${q('account_totals')}`))
          .map((fill) => `${fill};`),
      ]
    : []
  const statements = [...triggers.map((t) => `DROP TRIGGER IF EXISTS ${q(t.name)};`), ...triggers.map((t) => `${t.sql};`), ...refill]
  return `${header}\n${statements.join('\n--> statement-breakpoint\n')}\n`
}
