// A deployed Worker must know its public address (decision 061): without PUBLIC_ORIGIN, affiliate
// links, short links, canonical URLs and the sitemap would follow the request's Host header.
// wrangler.toml ships it blank (a fresh clone runs locally), so a deploy that forgets it would
// inherit that. Local runs say so explicitly with ALLOW_HOST_ORIGIN=1 (.dev.vars, which only
// `wrangler dev` reads, the scripts' `wrangler dev --var`, the tests' bindings); anything else
// without a valid PUBLIC_ORIGIN answers 500 to every request and says why in the log.

import { createMiddleware } from 'hono/factory'
import { configuredOrigin } from '../domain/affiliate'
import type { AppEnv, Bindings } from '../env'
import { fail } from './envelope'

export const MISCONFIGURED_MESSAGE = 'Collabkart is not configured correctly yet. Please try again later.'

let reported = false

/** Whether links may be built at all: a valid PUBLIC_ORIGIN, or a local run that allows the request's address. */
export const originConfigured = (env: Pick<Bindings, 'PUBLIC_ORIGIN' | 'ALLOW_HOST_ORIGIN'>): boolean =>
  configuredOrigin(env.PUBLIC_ORIGIN) !== null || env.ALLOW_HOST_ORIGIN === '1'

export const requirePublicOrigin = createMiddleware<AppEnv>(async (c, next) => {
  if (originConfigured(c.env)) return next()
  // Once per isolate: the message, not a stack, and not on every request.
  if (!reported) {
    reported = true
    console.error(
      `Misconfigured: PUBLIC_ORIGIN ${c.env.PUBLIC_ORIGIN?.trim() ? `"${c.env.PUBLIC_ORIGIN}" is not an http(s) address` : 'is not set'}; ` +
        'refusing every request rather than building links from the Host header. Set it under [vars] in wrangler.toml (docs/deploy.md).',
    )
  }
  return fail(c, 500, MISCONFIGURED_MESSAGE)
})
