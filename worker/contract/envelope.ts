/** Every /api response. statusCode 1 = success, 0 = failure (the HTTP status tells which failure). */
export type Envelope<T> = {
  /** Only on the calls whose callers read it (the public influencer calls): true when statusCode is 1. */
  success?: boolean
  statusCode: 0 | 1
  message: string
  data: T
}

/**
 * A profile save that changed the password: the change revoked every token issued before it,
 * including the caller's, so a fresh one comes back in `token`, beside `data`.
 */
export type EnvelopeWithToken<T> = Envelope<T> & { token?: string }
