import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { mediaSize } from '../../worker/contract/media'
import { storeImages } from '../../worker/db/media'
import { checkImage } from '../../worker/services/media'
import { imageSize } from '../../worker/domain/image-size'
import { isMediaPath } from '../../worker/domain/images'
import { makeMarketer, makeProduct, makeVendor } from '../helpers/factories'
import { gifOfSize, imageFile, JPEG_3X2, PNG, PNG_3X2, WEBP_EXTENDED_3X2, WEBP_LOSSLESS_3X2, WEBP_LOSSY_3X2, withExifOrientation } from '../helpers/images'
import { call } from '../helpers/api'

describe('image sizes read from the header bytes', () => {
  it('reads JPEG, PNG, GIF and the three WebP layouts', () => {
    const threeByTwo = { width: 3, height: 2 }
    expect(imageSize(JPEG_3X2, 'image/jpeg')).toEqual(threeByTwo)
    expect(imageSize(PNG_3X2, 'image/png')).toEqual(threeByTwo)
    expect(imageSize(gifOfSize(640, 480), 'image/gif')).toEqual({ width: 640, height: 480 })
    expect(imageSize(WEBP_LOSSY_3X2, 'image/webp')).toEqual(threeByTwo)
    expect(imageSize(WEBP_LOSSLESS_3X2, 'image/webp')).toEqual(threeByTwo)
    expect(imageSize(WEBP_EXTENDED_3X2, 'image/webp')).toEqual(threeByTwo)
  })

  it('gives the size a phone photo is shown at when its EXIF says the camera was turned', () => {
    expect(imageSize(withExifOrientation(JPEG_3X2, 6), 'image/jpeg')).toEqual({ width: 2, height: 3 })
    expect(imageSize(withExifOrientation(JPEG_3X2, 1), 'image/jpeg')).toEqual({ width: 3, height: 2 })
  })

  it('answers null, never throws, for cut-off or corrupt headers', () => {
    for (const cut of [4, 12, 20, 100]) {
      expect(imageSize(JPEG_3X2.subarray(0, cut), 'image/jpeg')).toBeNull()
      expect(imageSize(PNG_3X2.subarray(0, Math.min(cut, 20)), 'image/png')).toBeNull()
      expect(imageSize(WEBP_EXTENDED_3X2.subarray(0, Math.min(cut, 28)), 'image/webp')).toBeNull()
    }
    const zeroWidth = gifOfSize(0, 10)
    expect(imageSize(zeroWidth, 'image/gif')).toBeNull()
    const loop = JPEG_3X2.slice()
    loop.set([0xff, 0xe0, 0x00, 0x00], 2) // a segment claiming length 0
    expect(imageSize(loop, 'image/jpeg')).toBeNull()
  })
})

describe('uploads keep their size in the media path', () => {
  it('stores the pixel size in the key, and the key is still a media path', async () => {
    const [key] = await storeImages(env.MEDIA, 'products', [await checkImage(imageFile(PNG_3X2))])
    expect(key).toMatch(/^products\/[0-9a-f-]{36}_3x2\.png$/)
    expect(isMediaPath(key)).toBe(true)
    expect(mediaSize(key)).toEqual({ width: 3, height: 2 })
    expect(mediaSize(`/media/${key}`)).toEqual({ width: 3, height: 2 })
  })

  it('answers product images with their sizes in ImageURL', async () => {
    const vendor = await makeVendor()
    const product = await makeProduct(vendor, {}, [imageFile(PNG_3X2), imageFile(gifOfSize(800, 600), 'a.gif', 'image/gif')])
    expect(product.ImageURL.split(',').map(mediaSize)).toEqual([
      { width: 3, height: 2 },
      { width: 800, height: 600 },
    ])
  })

  it('keeps a profile picture size with the picture', async () => {
    const marketer = await makeMarketer()
    const form = new FormData()
    form.append('MarketerID', String(marketer.id))
    form.append('MarketerProfilePic', imageFile(withExifOrientation(JPEG_3X2, 6), 'me.jpg', 'image/jpeg'))
    const res = await call<{ profilePicUrl: string }>('POST', `/api/marketers/upload/marketer-profile/${marketer.id}`, { form, token: marketer.token })
    expect(res.status).toBe(200)
    expect(mediaSize(res.body.data.profilePicUrl)).toEqual({ width: 2, height: 3 })
  })

  it('still accepts paths stored before sizes were recorded, without a size', () => {
    const old = 'products/0f8fad5b-d9cb-469f-a165-70867728950e.jpg'
    expect(isMediaPath(old)).toBe(true)
    expect(mediaSize(old)).toBeNull()
    expect(isMediaPath('products/0f8fad5b-d9cb-469f-a165-70867728950e_0x5.jpg')).toBe(false)
    expect(isMediaPath('products/0f8fad5b-d9cb-469f-a165-70867728950e_123456x5.jpg')).toBe(false)
  })

  it('stores an image whose header gives no size under a key without one', async () => {
    const [key] = await storeImages(env.MEDIA, 'products', [await checkImage(PNG)])
    // The 1x1 PNG has a size; a PNG whose IHDR is cut off has none but is still a PNG by its signature.
    expect(mediaSize(key)).toEqual({ width: 1, height: 1 })
    const [bare] = await storeImages(env.MEDIA, 'products', [await checkImage(PNG.subarray(0, 12))])
    expect(bare).toMatch(/^products\/[0-9a-f-]{36}\.png$/)
  })
})
