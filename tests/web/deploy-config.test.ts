// What `npm run deploy` refuses before an upload (scripts/check-deploy-config.ts).
import { describe, expect, it } from 'vitest'
import { deployConfigProblems, topLevelVars } from '../../scripts/lib/deploy-config.ts'

const ORIGIN = 'PUBLIC_ORIGIN = "https://collabkart.in"'

describe('the deploy check', () => {
  it('passes the configuration a deployed Worker needs', () => {
    expect(deployConfigProblems(topLevelVars(`[vars]\n${ORIGIN}\nMAIL_FROM = "no-reply@collabkart.in"\n`))).toEqual([])
  })

  it('refuses a wrangler.toml that lowers the password hashing cost the test suites lower', () => {
    const problems = deployConfigProblems(topLevelVars(`[vars]\n${ORIGIN}\nPASSWORD_ITERATIONS = "1000"\n`))
    expect(problems).toEqual([
      'PASSWORD_ITERATIONS is for the test suites only: remove it from wrangler.toml (a deployed Worker hashes at 100,000 iterations).',
    ])
  })

  it('refuses a wrangler.toml that would send payouts to the local stand-ins', () => {
    expect(deployConfigProblems(topLevelVars(`[vars]\n${ORIGIN}\nPAYOUT_STAND_IN = "1"\n`))).toEqual([
      'PAYOUT_STAND_IN is for local runs only: remove it from wrangler.toml (payouts would never reach a provider).',
    ])
  })

  it('refuses a blank address and a local-only switch, as before', () => {
    const problems = deployConfigProblems(topLevelVars('[vars]\nPUBLIC_ORIGIN = ""\nALLOW_HOST_ORIGIN = "1"\n'))
    expect(problems).toHaveLength(2)
    expect(problems[1]).toBe('ALLOW_HOST_ORIGIN is for local runs only (.dev.vars): remove it from wrangler.toml.')
  })
})
