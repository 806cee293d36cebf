import { describe, expect, it } from 'vitest'
import { DISCLOSURE_LABELS, qrFileName, shareTargets, shareText } from '../../web/src/lib/share'

describe('share text', () => {
  it('starts with the disclosure label, then the product, price in rupees and the short link', () => {
    expect(shareText('#Ad', 'Saffron Tea Tin', '1499.00', 'https://collabkart.in/s/Ab3dE5gH')).toBe(
      '#Ad | Saffron Tea Tin at ₹1,499: https://collabkart.in/s/Ab3dE5gH',
    )
    expect(shareText('#Collab', 'Silk Saree', 125000.5, 'https://c.in/s/x')).toBe('#Collab | Silk Saree at ₹1,25,000.50: https://c.in/s/x')
  })

  it.each(DISCLOSURE_LABELS)('keeps %s upfront when chosen', (label) => {
    expect(shareText(label, 'Tea', 10, 'L').startsWith(`${label} | `)).toBe(true)
  })

  it('never drops the label: anything but the four becomes #Ad', () => {
    expect(shareText('', 'Tea', 10, 'L')).toBe('#Ad | Tea at ₹10: L')
    expect(shareText('#Love', 'Tea', 10, 'L')).toBe('#Ad | Tea at ₹10: L')
  })
})

describe('share targets', () => {
  const link = 'https://collabkart.in/s/Ab3dE5gH'
  const text = shareText('#Sponsored', 'Tea & Co', 99, link)
  const targets = Object.fromEntries(shareTargets(text, link).map((t) => [t.name, new URL(t.href)]))

  it('sends the whole text to WhatsApp and X', () => {
    expect(targets.WhatsApp?.searchParams.get('text')).toBe(text)
    expect(targets.X?.searchParams.get('text')).toBe(text)
  })

  it('gives Telegram the link and the text apart, and Facebook the link', () => {
    expect(targets.Telegram?.searchParams.get('url')).toBe(link)
    expect(targets.Telegram?.searchParams.get('text')).toBe('#Sponsored | Tea & Co at ₹99')
    expect(targets.Facebook?.searchParams.get('u')).toBe(link)
  })

  it('names QR files after the product', () => {
    expect(qrFileName('Saffron Tea Tin (100 g)', 'png')).toBe('saffron-tea-tin-100-g-qr.png')
    expect(qrFileName('₹₹', 'svg')).toBe('link-qr.svg')
  })
})
