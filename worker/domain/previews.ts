// Preview images of the social media setup arrive as data URLs inside the JSON payload. Each one is
// decoded and checked like an upload (the type from the bytes, at most 5 MB); a media path the
// record already holds keeps its image; blank removes it.

import { MAX_PREVIEW_DATA_URL_CHARS, PREVIEW_UNKNOWN } from '../contract/marketer'
import { type CheckedImage, checkImageBytes, IMAGE_TOO_LARGE, isMediaPath, NOT_AN_IMAGE, stripMediaPrefix } from './images'

export type PreviewPlan = { keep: string } | { upload: CheckedImage } | { clear: true }

// The media type part is short in any real data URL; bounding it keeps the match cheap whatever follows.
const DATA_URL = /^data:[^,]{0,200};base64,/i

/** The bytes of a base64 data URL, or null when the value is not one. */
export function decodeDataUrl(value: string): Uint8Array | null {
  const header = DATA_URL.exec(value)
  if (!header) return null
  try {
    const binary = atob(value.slice(header[0].length).replace(/\s+/g, ''))
    // A plain loop: a 5 MB image is 5 million bytes, and a mapping callback per byte costs CPU time.
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    return bytes
  } catch {
    return null
  }
}

/** A media path as stored ("previews/<uuid>.jpg"), also when sent back as "/media/..." or a full address. */
export function mediaKeyOf(value: string): string | null {
  const key = stripMediaPrefix(value)
  return isMediaPath(key) ? key : null
}

/** What to do with one preview slot; `current` are the record's stored previews (any slot). */
export function planPreview(value: string | null | undefined, current: (string | null)[]): PreviewPlan | { problem: string } {
  const text = value?.trim() ?? ''
  if (!text) return { clear: true }
  if (DATA_URL.test(text)) {
    if (text.length > MAX_PREVIEW_DATA_URL_CHARS) return { problem: IMAGE_TOO_LARGE }
    const bytes = decodeDataUrl(text)
    if (!bytes) return { problem: NOT_AN_IMAGE }
    const checked = checkImageBytes(bytes)
    return 'problem' in checked ? checked : { upload: checked }
  }
  const key = mediaKeyOf(text)
  // Only the influencer's own stored previews may be kept: pointing at someone else's object is refused.
  if (key && current.includes(key)) return { keep: key }
  return { problem: PREVIEW_UNKNOWN }
}
