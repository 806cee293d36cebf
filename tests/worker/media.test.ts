import { env, exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { deleteMedia, storeImages, withStoredImages } from '../../worker/db/media'
import { checkImage } from '../../worker/services/media'
import { IMAGE_TOO_LARGE, isMediaPath, NOT_AN_IMAGE, sniffImageType } from '../../worker/domain/images'
import { ORIGIN } from '../helpers/api'
import { FAKE_PNG, GIF, imageFile, JPEG, oversizedPng, PNG, WEBP } from '../helpers/images'

const get = (path: string, headers: Record<string, string> = {}) => exports.default.fetch(new Request(`${ORIGIN}${path}`, { headers }))

describe('image checks', () => {
  it('decides the type from the bytes', () => {
    expect(sniffImageType(JPEG)).toBe('image/jpeg')
    expect(sniffImageType(PNG)).toBe('image/png')
    expect(sniffImageType(GIF)).toBe('image/gif')
    expect(sniffImageType(WEBP)).toBe('image/webp')
    expect(sniffImageType(FAKE_PNG)).toBeNull()
  })

  it('refuses a renamed text file and a file over 5 MB with a 400', async () => {
    await expect(checkImage(imageFile(FAKE_PNG))).rejects.toMatchObject({ code: 'invalid_input', message: NOT_AN_IMAGE })
    await expect(checkImage(imageFile(oversizedPng()))).rejects.toMatchObject({ code: 'invalid_input', message: IMAGE_TOO_LARGE })
  })
})

describe('GET /media/*', () => {
  it('serves a stored image with its type, an ETag and an immutable cache lifetime', async () => {
    const [key] = await storeImages(env.MEDIA, 'products', [await checkImage(imageFile(PNG))])
    expect(isMediaPath(key)).toBe(true)

    const res = await get(`/media/${key}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('cache-control')).toContain('immutable')
    const etag = res.headers.get('etag')
    expect(etag).toBeTruthy()
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG)

    const again = await get(`/media/${key}`, { 'if-none-match': etag ?? '' })
    expect(again.status).toBe(304)
  })

  it('answers 404 for a missing or malformed key', async () => {
    expect((await get('/media/products/00000000-0000-4000-8000-000000000000.png')).status).toBe(404)
    expect((await get('/media/../secrets.txt')).status).toBe(404)
    expect((await get('/media/')).status).toBe(404)
  })

  it('no longer serves a deleted image', async () => {
    const [key] = await storeImages(env.MEDIA, 'marketers', [await checkImage(JPEG)])
    await deleteMedia(env.MEDIA, [key, null, 'https://elsewhere.example/x.png'])
    expect((await get(`/media/${key}`)).status).toBe(404)
  })
})

describe('withStoredImages', () => {
  it('removes the stored objects when the database write fails', async () => {
    let stored: string[] = []
    const write = async (keys: string[]) => {
      stored = keys
      throw new Error('insert failed')
    }
    await expect(withStoredImages(env.MEDIA, 'products', [await checkImage(GIF)], write)).rejects.toThrow('insert failed')
    expect(stored).toHaveLength(1)
    expect(await env.MEDIA.head(stored[0])).toBeNull()
  })
})
