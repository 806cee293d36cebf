// Real, tiny images of each accepted type (and things that only pretend to be images), for upload tests.

const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0))

export const PNG = fromBase64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=')
export const GIF = fromBase64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7')
export const WEBP = fromBase64('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=')
export const JPEG = fromBase64(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
)

/** A text file renamed to .png: the name says image, the bytes do not. */
export const FAKE_PNG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>')

/** A PNG signature followed by padding, just over the 5 MB limit. */
export function oversizedPng(): Uint8Array {
  const bytes = new Uint8Array(5 * 1024 * 1024 + 1)
  bytes.set(PNG.subarray(0, 8))
  return bytes
}

export const imageFile = (bytes: Uint8Array, name = 'photo.png', type = 'image/png') =>
  new File([bytes], name, { type })

/** The image as a data URL, the way the social media setup form sends preview images. */
export const dataUrl = (bytes: Uint8Array, type = 'image/png') => {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return `data:${type};base64,${btoa(binary)}`
}
