// npm run db:triggers [-- --name <what>] [--refill [--totals]]
// Writes every kept-figure trigger from its one definition, worker/db/kept-figures.ts, into a new
// custom migration: drizzle-kit makes the file and its journal entry, this script fills it with
// DROP and CREATE of every such trigger. Run it after changing what a row contributes to a figure;
// tests/worker/kept-figures.test.ts fails until the database's triggers are the ones the
// definition writes (decision 279). --refill also recounts account_daily and report_figures from the
// rows, for a change of which day a row counts on (decision 280); --totals with it recounts
// account_totals too, for a new figure or account (decision 296).
import { spawnSync } from 'node:child_process'
import { readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { keptFiguresMigration } from '../worker/db/kept-figures.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const { values } = parseArgs({
  options: {
    name: { type: 'string', default: 'kept_figure_triggers' },
    refill: { type: 'boolean', default: false },
    totals: { type: 'boolean', default: false },
  },
})
const dir = path.join(ROOT, 'migrations')
const before = new Set(readdirSync(dir))

const made = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'drizzle-kit'), ['generate', '--custom', '--name', values.name], { cwd: ROOT, stdio: 'inherit' })
if (made.status !== 0) process.exit(made.status ?? 1)

const file = readdirSync(dir).find((name) => name.endsWith('.sql') && !before.has(name))
if (!file) throw new Error('drizzle-kit made no new migration file')
writeFileSync(path.join(dir, file), keptFiguresMigration({ refill: values.refill, totals: values.totals }))
console.log(`db:triggers: wrote migrations/${file}`)
