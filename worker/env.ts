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
