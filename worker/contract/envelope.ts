/** Every /api response. statusCode 1 = success, 0 = failure (the HTTP status tells which failure). */
export type Envelope<T> = {
  statusCode: 0 | 1
  message: string
  data: T
}
