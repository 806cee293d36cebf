import { describe, expect, it } from 'vitest'
import { imageTypeOf, isAcceptedImage, NOT_AN_IMAGE_MESSAGE } from '../../web/src/lib/images'
import { NOT_AN_IMAGE, sniffImageType } from '../../worker/domain/images'

const bytes = (...values: (number | string)[]) => new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])))

const SAMPLES = {
  jpeg: bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF'),
  png: bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d),
  gif87: bytes('GIF87a', 1, 0, 1, 0),
  gif89: bytes('GIF89a', 1, 0, 1, 0),
  webp: bytes('RIFF', 0x24, 0, 0, 0, 'WEBP'),
  text: bytes('hello, this is text'),
  riffWave: bytes('RIFF', 0x24, 0, 0, 0, 'WAVE'),
  svg: bytes('<svg xmlns='),
  pdf: bytes('%PDF-1.7'),
  empty: bytes(),
  shortJpeg: bytes(0xff, 0xd8),
}

describe('image pickers', () => {
  it('tells images from other files exactly as the server does', () => {
    for (const [name, sample] of Object.entries(SAMPLES)) expect(imageTypeOf(sample), name).toBe(sniffImageType(sample))
    expect(NOT_AN_IMAGE_MESSAGE).toBe(NOT_AN_IMAGE)
  })

  it('refuses a text file picked as an image, whatever it is called', async () => {
    expect(await isAcceptedImage(new Blob(['just some notes'], { type: 'image/png' }))).toBe(false)
    expect(await isAcceptedImage(new Blob([SAMPLES.png], { type: 'text/plain' }))).toBe(true)
    expect(await isAcceptedImage(new Blob([SAMPLES.webp]))).toBe(true)
  })
})
