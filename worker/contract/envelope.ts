/** Every /api response. statusCode 1 = success, 0 = failure (the HTTP status tells which failure). */
export type Envelope<T> = {
  /** Only on the calls whose callers read it (the public influencer calls): true when statusCode is 1. */
  success?: boolean
  statusCode: 0 | 1
  message: string
  data: T
}
