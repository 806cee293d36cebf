import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { SOCIAL_MEDIA_MAX_BYTES } from '../contract/marketer'
import { PICTURE_MAX_BYTES, PRODUCT_FORM_MAX_BYTES } from '../contract/product'
import type { AppEnv } from '../env'
import { fail } from './envelope'

// Every route that reads a body refuses one over its size before reading it (Content-Length), or
// while reading it (a chunked body is counted and cut off), so no parser or pattern ever sees more
// than the largest legitimate payload. The upload limits themselves (5 MB an image, 5 images a
// product) are still checked per file with their own messages: these caps sit just above them.

const KB = 1024

export const BODY_LIMITS = {
  /** Every JSON payload but the setup form's: the largest is a profile with a 1,000-character bio. */
  json: 64 * KB,
  /** The social media setup sends up to three preview images as base64 data URLs in its JSON. */
  socialMedia: SOCIAL_MEDIA_MAX_BYTES,
  /** One profile picture. */
  picture: PICTURE_MAX_BYTES,
  /** A product form: up to 5 images of 5 MB and the text fields. */
  productForm: PRODUCT_FORM_MAX_BYTES,
} as const

function readableSize(bytes: number): string {
  return bytes < 1024 * KB ? `${Math.round(bytes / KB)} KB` : `${(bytes / (1024 * KB)).toFixed(1)} MB`
}

export const bodyTooLargeMessage = (maxSize: number) => `Request body is too large (at most ${readableSize(maxSize)}).`

/** 413 with the envelope when the body is over `maxSize` bytes. */
export const limitBody = (maxSize: number): MiddlewareHandler<AppEnv> => bodyLimit({ maxSize, onError: (c) => fail(c, 413, bodyTooLargeMessage(maxSize)) })
