// npm run deploy runs this first: it refuses to deploy while wrangler.toml's [vars] has no
// PUBLIC_ORIGIN (an https address), or names ALLOW_HOST_ORIGIN or PASSWORD_ITERATIONS, which only
// local runs may set.
// Without it the deployed Worker would answer 500 to everything (worker/middleware/public-origin.ts);
// this says so before the upload. See docs/deploy.md.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { deployConfigProblems, topLevelVars } from './lib/deploy-config.ts'
import { ROOT } from './lib/worker.ts'

if (import.meta.main) {
  const problems = deployConfigProblems(topLevelVars(readFileSync(path.join(ROOT, 'wrangler.toml'), 'utf8')))
  for (const problem of problems) console.error(`Not deploying: ${problem}`)
  if (problems.length > 0) process.exit(1)
  console.log('Deploy configuration: PUBLIC_ORIGIN is set.')
}
