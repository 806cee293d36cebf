// Media paths carry the image's pixel size: `products/<uuid>_800x600.jpg`. The size is read from the
// file's header when it is uploaded (worker/domain/image-size.ts) and travels with the path wherever
// the path goes (ImageURL, profile pictures, previews), so a page can reserve the image's box and a
// link preview can announce its size without another lookup. Paths stored before sizes were
// recorded (`products/<uuid>.jpg`) have none: `mediaSize` answers null and callers fall back.

export type MediaSize = { width: number; height: number }

// At most 5 digits each, as the stored keys allow: the end of the path is matched, nothing backtracks.
const SIZE_SUFFIX = /_([1-9][0-9]{0,4})x([1-9][0-9]{0,4})\.[a-z]{3,4}$/

/** The pixel size recorded in a media path (with or without a /media/ prefix), or null. */
export function mediaSize(path: string | null | undefined): MediaSize | null {
  const match = path ? SIZE_SUFFIX.exec(path) : null
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null
}

/** The key suffix for a size, empty when the size is unknown or too large to record. */
export function sizeSuffix(size: MediaSize | null): string {
  if (!size || size.width > 99_999 || size.height > 99_999) return ''
  return `_${size.width}x${size.height}`
}
