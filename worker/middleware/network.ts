import type { Context } from 'hono'
import { networkOf } from '../domain/subjects'
import type { AppEnv } from '../env'

/** The caller's network for the failed-login limit: Cloudflare sets CF-Connecting-IP; local runs share one. */
export const requestNetwork = (c: Context<AppEnv>): string => networkOf(c.req.header('cf-connecting-ip'))
