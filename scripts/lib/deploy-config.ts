// What `npm run deploy` refuses in wrangler.toml (scripts/check-deploy-config.ts): pure, so the web
// project's tests can check the rules without Node's file system.

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
  // The test suites lower the password hashing cost; a deployed Worker keeps production's 100,000
  // iterations (worker/domain/passwords.ts ignores it there anyway: decision 265).
  if ('PASSWORD_ITERATIONS' in vars) {
    problems.push('PASSWORD_ITERATIONS is for the test suites only: remove it from wrangler.toml (a deployed Worker hashes at 100,000 iterations).')
  }
  // The payout stand-ins answer every payout as if a bank had: never in a deployed Worker (decision 298).
  if ('PAYOUT_STAND_IN' in vars) problems.push('PAYOUT_STAND_IN is for local runs only: remove it from wrangler.toml (payouts would never reach a provider).')
  return problems
}
