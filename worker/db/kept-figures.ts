// The figures the database keeps by itself (account_totals, account_daily, report_figures), defined
// once: what one row of leads, impressions_daily or products contributes to each figure. The
// triggers that keep them (an insert adds the new row's share, a delete takes the old row's away,
// an update does both) and the statements that rebuild them from the rows are written from this
// definition by `npm run db:triggers` (scripts/triggers.ts) into a migration; nobody writes the
// mirrored SQL by hand. tests/worker/kept-figures.test.ts checks that the database's triggers are
// exactly what this file writes. Plain strings only: the worker never imports it at run time.

/** A column of the row the trigger sees (`new.X` / `old.X`), or of the table a rebuild reads. */
type Col = (column: string) => string
/** An SQL expression over one source row. */
type Expr = (c: Col) => string

type Role = 'vendor' | 'marketer'

/** A per-day figure of account_daily: the day it counts on, and a condition when not every row counts. */
type DailyFigure = { day: Expr; value: Expr; when?: Expr }

/** The report views: whose report a row counts in (accountId) and which line of it (groupId). */
export const REPORT_VIEWS = {
  link: { account: 'MarketerID', group: 'ProductID' },
  product: { account: 'VendorID', group: 'ProductID' },
  marketer: { account: 'VendorID', group: 'MarketerID' },
} as const

/** The periods of each view and the first day of their window on the day the windows are made. */
const REPORT_PERIODS: ReadonlyArray<[period: string, fromDay: string]> = [
  ['7', "date('now', '-6 days')"],
  ['30', "date('now', '-29 days')"],
  ['90', "date('now', '-89 days')"],
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
    accounts: { vendor: 'VendorID', marketer: 'MarketerID' },
    totals: {
      leads: one,
      pending: (c) => `(${c('Status')} = 'Pending')`,
      converted: (c) => `(${converted(c)})`,
      revenuePaise: ifConverted('PricePaise'),
      commissionPaise: ifConverted('CommissionAmountPaise'),
    },
    daily: {
      leads: { day: (c) => `substr(${c('createdAt')}, 1, 10)`, value: one },
      conversions: { day: (c) => `substr(${c('convertedAt')}, 1, 10)`, value: one, when: (c) => `${converted(c)} AND ${c('convertedAt')} IS NOT NULL` },
    },
    report: {
      day: (c) => `substr(${c('createdAt')}, 1, 10)`,
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
    accounts: { vendor: 'VendorID', marketer: 'MarketerID' },
    totals: { impressions: (c) => c('n') },
    daily: { impressions: { day: (c) => c('day'), value: (c) => c('n') } },
    report: { day: (c) => c('day'), figures: { impressions: (c) => c('n') } },
  },
  {
    table: 'products',
    name: 'product',
    accounts: { vendor: 'VendorID' },
    totals: { products: one },
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
const signed = (side: Side, expr: string) => (side === 'new' ? expr : expr === '1' ? '-1' : `-(${expr})`)
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
      return `('${role}', ${c(account)}, ${figures.map((f) => signed(side, source.totals[f](c))).join(', ')})`
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
      return `'${role}', ${c(account)}, ${def.day(c)}, ${signed(side, def.value(c))}`
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
      ...Object.values(source.accounts).map(
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
        create('update', `AFTER UPDATE OF ${watched}`, ['old', 'new']),
        create('delete', 'AFTER DELETE', ['old']),
      ]
    }),
  )
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
          `SELECT '${role}', ${rowCol(account)}, ${figures.map((f) => `sum(${source.totals[f](rowCol)})`).join(', ')} FROM ${q(source.table)} t WHERE true GROUP BY 2`,
          `ON CONFLICT (${q('role')}, ${q('accountId')}) DO UPDATE SET ${sumUpdate('account_totals', figures)}`,
        ].join('\n'),
      )
      for (const [figure, def] of Object.entries(source.daily ?? {})) {
        fills.push(
          [
            `INSERT INTO ${q('account_daily')} (${q('role')}, ${q('accountId')}, ${q('day')}, ${q(figure)})`,
            `SELECT '${role}', ${rowCol(account)}, ${def.day(rowCol)}, sum(${def.value(rowCol)}) FROM ${q(source.table)} t WHERE ${def.when ? def.when(rowCol) : 'true'} GROUP BY 2, 3`,
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

/** The migration's text: drop and recreate every kept-figure trigger (drizzle's statement breakpoints between). */
export function keptFiguresMigration(): string {
  const header = [
    '-- Written by `npm run db:triggers` (scripts/triggers.ts) from worker/db/kept-figures.ts: do not edit.',
    '-- Drops and recreates the triggers that keep account_totals, account_daily and report_figures.',
  ].join('\n')
  const triggers = keptFigureTriggers()
  const statements = [...triggers.map((t) => `DROP TRIGGER IF EXISTS ${q(t.name)};`), ...triggers.map((t) => `${t.sql};`)]
  return `${header}\n${statements.join('\n--> statement-breakpoint\n')}\n`
}
