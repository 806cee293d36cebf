// R2 storage for every uploaded image. Records keep the object key (the "media path"); the web app
// prefixes it with /media/, which the Worker serves from R2 (routes/media.ts).

import { sizeSuffix } from '../contract/media'
import { IMAGE_TYPES } from '../domain/image-size'
import { type CheckedImage, isMediaPath } from '../domain/images'

export type MediaFolder = 'products' | 'vendors' | 'marketers' | 'previews'

/** Stores checked images under random keys (never colliding, never guessable from the upload) that carry their pixel size. */
export async function storeImages(bucket: R2Bucket, folder: MediaFolder, images: CheckedImage[]): Promise<string[]> {
  const keys: string[] = []
  try {
    for (const image of images) {
      const key = `${folder}/${crypto.randomUUID()}${sizeSuffix(image.size)}.${IMAGE_TYPES[image.type]}`
      await bucket.put(key, image.bytes, { httpMetadata: { contentType: image.type } })
      keys.push(key)
    }
  } catch (err) {
    // A half-finished batch must not leave orphans behind.
    await deleteMedia(bucket, keys)
    throw err
  }
  return keys
}

/** Deletes objects by media path; blank or foreign values are ignored so callers can pass old fields as they are. */
export async function deleteMedia(bucket: R2Bucket, paths: (string | null | undefined)[]): Promise<void> {
  const keys = paths.filter((p): p is string => !!p && isMediaPath(p))
  if (keys.length) await bucket.delete(keys)
}

/**
 * Runs `write` with freshly stored images and removes them again if `write` fails, so a failed
 * database write never leaves orphan objects in R2.
 */
export async function withStoredImages<T>(bucket: R2Bucket, folder: MediaFolder, images: CheckedImage[], write: (keys: string[]) => Promise<T>): Promise<T> {
  const keys = await storeImages(bucket, folder, images)
  try {
    return await write(keys)
  } catch (err) {
    await deleteMedia(bucket, keys)
    throw err
  }
}

/**
 * Replaces a record's single image (a profile picture): stores `image`, lets `save` point the
 * record at the new key, then deletes `previous`. `save` should only write while the record still
 * holds `previous` and throw otherwise (services/media.ts PICTURE_RACE_MESSAGE): of two uploads at once the loser's
 * object is then removed, and no object is left that no record points at.
 */
export async function replaceImage<T>(
  bucket: R2Bucket,
  folder: MediaFolder,
  image: CheckedImage,
  previous: string | null,
  save: (key: string) => Promise<T>,
): Promise<T> {
  const saved = await withStoredImages(bucket, folder, [image], ([key]) => save(key))
  await deleteMedia(bucket, [previous])
  return saved
}
