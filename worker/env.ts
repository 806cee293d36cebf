import type { ExecutionContext } from 'hono'
import type { Caller } from './middleware/auth'

export type Bindings = {
  DB: D1Database
  MEDIA: R2Bucket
  IMPRESSIONS: KVNamespace
  ASSETS: Fetcher
  JWT_SECRET: string
  /** The site's public address (https://collabkart.in) for absolute URLs; unset locally: the request's origin. */
  PUBLIC_ORIGIN?: string
}

export type Variables = {
  caller: Caller | null
  /** Set by withSuccessFlag: the envelope carries `success`. */
  successFlag: boolean
}

export type AppEnv = { Bindings: Bindings; Variables: Variables }

/** Sends a request through the whole app again, in the same invocation (app.fetch). */
export type AppDispatch = (request: Request, env: Bindings, ctx?: ExecutionContext) => Response | Promise<Response>
