// npm run deploy runs this first: it refuses to deploy while wrangler.toml's [vars] has no
// PUBLIC_ORIGIN (an https address), or names ALLOW_HOST_ORIGIN, which only local runs may set.
// Without it the deployed Worker would answer 500 to everything (worker/middleware/public-origin.ts);
// this says so before the upload. See docs/deploy.md.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT } from './lib/worker.ts'

/** The top-level [vars] table of a wrangler.toml, as `KEY = "value"` lines (all this project uses). */
export function topLevelVars(toml: string): Record<string, string> {
  const vars: Record<string, string> = {}
  let inVars = false
  for (const raw of toml.split('\n')) {
    const line = raw.trim()
    if (line.startsWith('[')) inVars = line === '[vars]'
    const match = inVars ? /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*"([^"]*)"/.exec(line) : null
    if (match) vars[match[1]] = match[2]
  }
  return vars
}

export function deployConfigProblems(vars: Record<string, string>): string[] {
  const problems: string[] = []
  const origin = vars.PUBLIC_ORIGIN?.trim() ?? ''
  let url: URL | null = null
  try {
    url = origin ? new URL(origin) : null
  } catch {
    url = null
  }
  if (url?.protocol !== 'https:') {
    problems.push(
      `PUBLIC_ORIGIN under [vars] in wrangler.toml must be the site's https address (e.g. "https://collabkart.in"); it is ${origin ? `"${origin}"` : 'blank'}.`,
    )
  }
  if ('ALLOW_HOST_ORIGIN' in vars) problems.push('ALLOW_HOST_ORIGIN is for local runs only (.dev.vars): remove it from wrangler.toml.')
  return problems
}

if (import.meta.main) {
  const problems = deployConfigProblems(topLevelVars(readFileSync(path.join(ROOT, 'wrangler.toml'), 'utf8')))
  for (const problem of problems) console.error(`Not deploying: ${problem}`)
  if (problems.length > 0) process.exit(1)
  console.log('Deploy configuration: PUBLIC_ORIGIN is set.')
}
