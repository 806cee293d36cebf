// Rules for a product's image list: 1 to 5 images in all, and deletes only of the product's own.
// Paths are matched as ImageURL lists them; a full address (https://host/media/products/x.jpg) or
// a /media/-prefixed path is accepted too, since the web app shows images under /media/.

import { LAST_IMAGE_MESSAGE, MAX_PRODUCT_IMAGES, NO_SUCH_IMAGE_MESSAGE, PRODUCT_MESSAGES } from '../contract/product'
import { stripMediaPrefix } from './images'

export type Problem = { problem: string }

/** The spec's message when adding `adding` images to `current` is refused: none chosen, or over 5 in all. */
export function addImagesProblem(current: number, adding: number): string | null {
  if (adding === 0) return PRODUCT_MESSAGES.imagesRequired
  if (current + adding > MAX_PRODUCT_IMAGES) return PRODUCT_MESSAGES.tooManyImages
  return null
}

/** Splits `current` into what stays and what goes; a foreign path or removing every image is a problem. */
export function splitImages(current: string[], requested: string[]): { keep: string[]; remove: string[] } | Problem {
  const remove = [...new Set(requested.map(stripMediaPrefix))]
  if (remove.some((path) => !current.includes(path))) return { problem: NO_SUCH_IMAGE_MESSAGE }
  const keep = current.filter((path) => !remove.includes(path))
  if (keep.length === 0) return { problem: LAST_IMAGE_MESSAGE }
  return { keep, remove }
}
