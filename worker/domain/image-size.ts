// Pixel dimensions of an uploaded image, read from its header bytes (no decoding). Pages need them
// to reserve an image's box before it loads (no layout shift) and to announce it in link previews.
// Each reader only looks at fixed offsets or walks length-prefixed segments, so the work is linear
// in the bytes read and a malformed file answers null instead of throwing.

/** The image types an upload may have, with the file extension each is stored under. */
export const IMAGE_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const

export type ImageType = keyof typeof IMAGE_TYPES

export type ImageSize = { width: number; height: number }

const u16be = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1]
const u16le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8)
const u24le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16)
const u32be = (b: Uint8Array, i: number) => ((b[i] << 24) >>> 0) + ((b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3])
const fourCC = (b: Uint8Array, i: number) => String.fromCharCode(b[i], b[i + 1], b[i + 2], b[i + 3])

const sized = (width: number, height: number): ImageSize | null =>
  Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0 ? { width, height } : null

function pngSize(b: Uint8Array): ImageSize | null {
  // The IHDR chunk always comes first, right after the 8-byte signature.
  if (b.length < 24 || fourCC(b, 12) !== 'IHDR') return null
  return sized(u32be(b, 16), u32be(b, 20))
}

function gifSize(b: Uint8Array): ImageSize | null {
  return b.length < 10 ? null : sized(u16le(b, 6), u16le(b, 8))
}

function webpSize(b: Uint8Array): ImageSize | null {
  if (b.length < 30) return null
  switch (fourCC(b, 12)) {
    case 'VP8 ': // lossy: 14-bit sizes after the frame tag and start code
      return sized(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff)
    case 'VP8L': {
      // lossless: 14-bit width-1 and height-1 packed after the 0x2f signature byte
      if (b[20] !== 0x2f) return null
      const bits = (b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24)) >>> 0
      return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1)
    }
    case 'VP8X': // extended: 24-bit canvas width-1 and height-1
      return sized(u24le(b, 24) + 1, u24le(b, 27) + 1)
    default:
      return null
  }
}

/** EXIF orientation 5-8 means the camera turned the picture a quarter: browsers show it turned back. */
function exifTurnsQuarter(b: Uint8Array, start: number, end: number): boolean {
  // "Exif\0\0", then a TIFF header: byte order, 42, offset of the first IFD.
  if (end - start < 14 || fourCC(b, start) !== 'Exif') return false
  const tiff = start + 6
  const little = b[tiff] === 0x49
  const read16 = (i: number) => (little ? u16le(b, i) : u16be(b, i))
  const read32 = (i: number) => (little ? (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0 : u32be(b, i))
  const ifd = tiff + read32(tiff + 4)
  if (ifd + 2 > end) return false
  const entries = read16(ifd)
  for (let n = 0; n < entries; n++) {
    const entry = ifd + 2 + n * 12
    if (entry + 12 > end) return false
    if (read16(entry) === 0x0112) return read16(entry + 8) >= 5 && read16(entry + 8) <= 8
  }
  return false
}

function jpegSize(b: Uint8Array): ImageSize | null {
  let i = 2
  let turned = false
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null
    const marker = b[i + 1]
    // Fill bytes and markers without a length (RSTn, TEM) carry nothing to skip.
    if (marker === 0xff) {
      i++
      continue
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2
      continue
    }
    const length = u16be(b, i + 2)
    if (length < 2) return null
    if (marker === 0xe1) turned ||= exifTurnsQuarter(b, i + 4, Math.min(b.length, i + 2 + length))
    // Start of frame: every SOFn except DHT (C4), JPG (C8) and DAC (CC).
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isFrame) {
      if (i + 9 > b.length) return null
      const height = u16be(b, i + 5)
      const width = u16be(b, i + 7)
      return turned ? sized(height, width) : sized(width, height)
    }
    if (marker === 0xda || marker === 0xd9) return null // image data before any frame header
    i += 2 + length
  }
  return null
}

/** The size the image is shown at (EXIF rotation applied), or null when the header does not say. */
export function imageSize(bytes: Uint8Array, type: ImageType): ImageSize | null {
  switch (type) {
    case 'image/png':
      return pngSize(bytes)
    case 'image/gif':
      return gifSize(bytes)
    case 'image/webp':
      return webpSize(bytes)
    case 'image/jpeg':
      return jpegSize(bytes)
  }
}
