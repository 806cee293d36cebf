// Image rules shared by product images, profile pictures and preview images. The type is
// decided from the file's first bytes: a name or a Content-Type header is whatever the client says.

import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, NOT_AN_IMAGE } from '../contract/product'
import { type ImageSize, type ImageType, imageSize } from './image-size'

export { IMAGE_TOO_LARGE, NOT_AN_IMAGE } from '../contract/product'

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0))

export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  return null
}

/** `size` is null when the header does not say (the image is still accepted: browsers may show it). */
export type CheckedImage = { bytes: Uint8Array; type: ImageType; size: ImageSize | null }

/** The problem with these bytes as an uploaded image, or a checked image ready to store. */
export function checkImageBytes(bytes: Uint8Array): CheckedImage | { problem: string } {
  if (bytes.byteLength > MAX_IMAGE_BYTES) return { problem: IMAGE_TOO_LARGE }
  const type = sniffImageType(bytes)
  if (!type) return { problem: NOT_AN_IMAGE }
  return { bytes, type, size: imageSize(bytes, type) }
}

// R2 keys of stored images: a folder, a random UUID, the pixel size when known (keys stored before
// sizes were recorded have none) and the extension of the sniffed type. See contract/media.ts.
const MEDIA_PATH = /^(products|vendors|marketers|previews)\/[0-9a-f-]{36}(?:_[1-9][0-9]{0,4}x[1-9][0-9]{0,4})?\.(jpg|png|webp|gif)$/

/** Whether `value` is the key of an image this app stored (records hold these "media paths"). */
export const isMediaPath = (value: string) => MEDIA_PATH.test(value)

/**
 * A media path as the records hold it ("products/<uuid>.png"), also when the web sends it back the
 * way it shows it: "/media/products/...", "media/products/..." or a full https://host/media/... address.
 */
export function stripMediaPrefix(value: string): string {
  let path = value.trim()
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname
    } catch {
      return path
    }
  }
  return path.replace(/^\/+/, '').replace(/^media\//, '')
}
