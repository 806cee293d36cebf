// The image rule of every picker: JPEG, PNG, WebP or GIF, decided by the file's first bytes as the
// server decides it (worker/domain/images.ts; a unit test keeps the two equal). Checking when the
// file is picked means a text file never shows up as a broken preview that only fails on save.

export const NOT_AN_IMAGE_MESSAGE = 'Only JPEG, PNG, WebP or GIF images are allowed'

/** For the file inputs' `accept`: the picker offers only the four types the server stores. */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif'

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0))

/** The image type these first bytes announce, or null when they are not one of the four. */
export function imageTypeOf(bytes: Uint8Array): 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  return null
}

/** Whether the picked file is an image the server will take (reads its first 12 bytes only). */
export async function isAcceptedImage(file: Blob): Promise<boolean> {
  try {
    return imageTypeOf(new Uint8Array(await file.slice(0, 12).arrayBuffer())) !== null
  } catch {
    return false
  }
}
