// Prints the buy page's first-visit JavaScript (run by `npm run build`); exits 1 over budget.
import { BUY_PAGE_BUDGET_BYTES, BUY_PAGE_ENTRY, entryWeight } from './lib/bundle-size.ts'

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
const weight = entryWeight(BUY_PAGE_ENTRY)
for (const f of weight.files) console.log(`  ${f.file.padEnd(44)} ${kb(f.gzipBytes).padStart(9)} gzip`)
const verdict = weight.totalGzipBytes <= BUY_PAGE_BUDGET_BYTES ? 'within' : 'OVER'
console.log(`Buy page (/affiliate/track) JavaScript: ${kb(weight.totalGzipBytes)} gzip, ${verdict} the ${kb(BUY_PAGE_BUDGET_BYTES)} budget`)
if (verdict === 'OVER') process.exitCode = 1
