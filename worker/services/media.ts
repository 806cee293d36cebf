// The rules an uploaded image must pass before it is stored (db/media.ts stores it in R2).

import { MAX_IMAGE_BYTES } from '../contract/product'
import { type CheckedImage, checkImageBytes, IMAGE_TOO_LARGE } from '../domain/images'
import { InvalidInput } from '../domain/errors'

/** Checks an uploaded file (or decoded bytes); 400 with the rule's message when it is not a usable image. */
export async function checkImage(input: File | Uint8Array): Promise<CheckedImage> {
  // Refuse an oversized file before reading it into memory.
  if (input instanceof File && input.size > MAX_IMAGE_BYTES) throw new InvalidInput(IMAGE_TOO_LARGE)
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(await input.arrayBuffer())
  const checked = checkImageBytes(bytes)
  if ('problem' in checked) throw new InvalidInput(checked.problem)
  return checked
}

export const checkImages = (inputs: (File | Uint8Array)[]) => Promise.all(inputs.map(checkImage))
