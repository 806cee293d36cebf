import { describe, expect, it } from 'vitest'
import { affiliateLink, productPath } from '../../web/src/lib/links'
import { TOAST_AUTO_CLOSE_MS } from '../../web/src/lib/toast'
import { BUY_TOAST_MS } from '../../web/src/pages/buy/BuyToasts'
import { buyPagePath, productPagePath } from '../../worker/contract/paths'

// The Worker writes page paths (canonical URLs, the sitemap, the buy page's links) with
// worker/contract/paths.ts; the app links with web/src/lib/links.ts. They must name the same pages.
describe('page paths the Worker writes', () => {
  it('name the same product page the app links to', () => {
    const base = { ProductID: 7, VendorID: 3, ProductName: 'Handwoven Cotton Kurta – Indigo', SKU: 'HH-KUR-IND-01' }
    for (const product of [base, { ...base, SKU: '' }, { ...base, SKU: 'AB 12' }, { ...base, ProductName: '!!!' }]) {
      expect(productPagePath(product)).toBe(productPath(product))
    }
  })

  it('name the same buy page as the affiliate link', () => {
    const link = affiliateLink('https://collabkart.in', { ProductID: 7, VendorID: 3 }, 11)
    expect(`https://collabkart.in${buyPagePath({ productId: 7, vendorId: 3, marketerId: 11 })}`).toBe(link)
  })
})

describe('the buy page toasts', () => {
  it('stay as long as the app toasts', () => {
    expect(BUY_TOAST_MS).toBe(TOAST_AUTO_CLOSE_MS)
  })
})
