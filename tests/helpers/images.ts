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

export const imageFile = (bytes: Uint8Array, name = 'photo.png', type = 'image/png') => new File([bytes], name, { type })

/** The image as a data URL, the way the social media setup form sends preview images. */
export const dataUrl = (bytes: Uint8Array, type = 'image/png') => {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return `data:${type};base64,${btoa(binary)}`
}

// 3 x 2 pixel images as Chromium's canvas encodes them, for reading sizes from headers. The WebP
// variants cover the three layouts: simple lossy (VP8), simple lossless (VP8L) and extended (VP8X).
export const PNG_3X2 = fromBase64(
  'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEklEQVR4AWI6kWL0H4aZGJAAAAAA//+eBibsAAAABklEQVQDAIn8BxzBrdLjAAAAAElFTkSuQmCC',
)
export const WEBP_LOSSY_3X2 = fromBase64('UklGRjgAAABXRUJQVlA4ICwAAACwAQCdASoDAAIAAsBMJaACdLoAAAAAAOyPwrFP8W0joUyH/xDnEFtR1iAAAA==')
export const WEBP_LOSSLESS_3X2 = fromBase64('UklGRh4AAABXRUJQVlA4TBEAAAAvAkAAAAdQsiJXpv+BiOh/AAA=')
export const WEBP_EXTENDED_3X2 = fromBase64(
  'UklGRioCAABXRUJQVlA4WAoAAAAwAAAAAgAAAQAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZBTFBIBwAAAACAgICAgIAAVlA4ICwAAACwAQCdASoDAAIAAsBMJaACdLoAAAAAAOzzK/m/4tpHQpkP/gguKfajmAAAAA==',
)
export const JPEG_3X2 = fromBase64(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAMDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAL/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJAFmX//2Q==',
)

/** A GIF whose logical screen says `width` x `height` (the header is all a size reader looks at). */
export function gifOfSize(width: number, height: number): Uint8Array {
  const bytes = GIF.slice()
  new DataView(bytes.buffer).setUint16(6, width, true)
  new DataView(bytes.buffer).setUint16(8, height, true)
  return bytes
}

/** The JPEG with an EXIF block (big-endian TIFF) saying how the camera was turned (1 upright, 6 a quarter clockwise). */
export function withExifOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0, 0, 0]
  const payload = [...new TextEncoder().encode('Exif'), 0, 0, ...tiff]
  const length = payload.length + 2
  const app1 = [0xff, 0xe1, length >> 8, length & 0xff, ...payload]
  return new Uint8Array([...jpeg.subarray(0, 2), ...app1, ...jpeg.subarray(2)])
}
