import { describe, expect, it } from 'vitest'
import { matchRoutes } from 'react-router'
import { affiliateLink, PRODUCT_BY_ID_ROUTE, PRODUCT_ROUTE, productPath, readBuyParams, withMarketerId } from '../../web/src/lib/links'
import { cardCommission, searchProducts, sortNewestFirst } from '../../web/src/lib/products'
import { BUY_CODE_MESSAGES, BUY_FORM_MESSAGES, buyFieldErrors, buyFormError, codeShapeOk, phoneInput } from '../../web/src/pages/buy/buyForm'
import { COUPON_MESSAGES, isCodeShape } from '../../worker/contract/coupons'
import { LEAD_MESSAGES, leadProblem } from '../../worker/contract/lead'
import type { ProductDTO } from '../../worker/contract/product'

const product = (over: Partial<ProductDTO>): ProductDTO => ({
  ProductID: 1,
  VendorID: 2,
  ProductName: 'Handwoven Cotton Kurta – Indigo',
  Description: '',
  Price: '1499.00',
  CommissionType: 'Fixed',
  CommissionValue: 150,
  CommissionAmount: 150,
  Category: 'Clothing',
  SKU: 'HH-KUR-IND-01',
  product_link: null,
  Link: null,
  ShortLink: null,
  ImageURL: '',
  IsActive: true,
  TakenDownReason: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  Vendor: { VendorID: 2, VendorName: 'Handloom Haus' },
  ...over,
})

describe('product links', () => {
  it('builds /product/{id}/{slug}/{sku} from the title', () => {
    expect(productPath(product({ ProductID: 7 }))).toBe('/product/7/handwoven-cotton-kurta-indigo/HH-KUR-IND-01')
  })

  it('leads every SKU to its product page, however the browser and the asset server rewrite the link', () => {
    const routes = [{ path: PRODUCT_ROUTE }, { path: PRODUCT_BY_ID_ROUTE }, { path: '*' }]
    for (const sku of ['AB/12', '50%', 'a?b#c', 'with  spaces ', 'हिंदी-१२', '%2F', '..', '.', 'a/../b', '#', '?']) {
      const path = productPath(product({ ProductID: 27, SKU: sku }))
      // The browser resolves dot segments; Cloudflare's asset server redirects an encoded slash to a real one.
      const arrived = new URL(path, 'https://collabkart.in').pathname.replaceAll(/%2F/gi, '/')
      const match = matchRoutes(routes, arrived)?.[0]
      expect(match?.route.path, `${sku} -> ${arrived}`).not.toBe('*')
      expect(match?.params.productId, `${sku} -> ${arrived}`).toBe('27')
    }
  })

  it('keeps an ordinary SKU readable in the link', () => {
    expect(productPath(product({ ProductID: 7, SKU: 'AB 12' }))).toBe('/product/7/handwoven-cotton-kurta-indigo/AB%2012')
  })

  it('points the affiliate link at the buy page with the three ids', () => {
    const link = affiliateLink('https://collabkart.in', product({ ProductID: 7, VendorID: 3 }), 11)
    expect(link).toBe('https://collabkart.in/affiliate/track?productId=7&vendorId=3&marketerId=11')
    expect(readBuyParams(new URL(link).searchParams)).toEqual({ productId: 7, vendorId: 3, marketerId: 11 })
  })

  it("puts the signed-in influencer's id into a visitor's pending link", () => {
    const pending = affiliateLink('https://collabkart.in', product({ ProductID: 7, VendorID: 3 }), null)
    expect(readBuyParams(new URL(pending).searchParams).marketerId).toBeNull()
    expect(withMarketerId(pending, 42)).toBe('https://collabkart.in/affiliate/track?productId=7&vendorId=3&marketerId=42')
    expect(withMarketerId('https://collabkart.in/affiliate/track?productId=7&vendorId=3&marketerId=5', 42)).toContain('marketerId=42')
  })

  it('reads only positive whole ids from the buy page query', () => {
    expect(readBuyParams(new URLSearchParams('productId=abc&vendorId=-1&marketerId=2.5'))).toEqual({ productId: null, vendorId: null, marketerId: null })
  })
})

describe('products listing', () => {
  const list = [
    product({ ProductID: 3, ProductName: 'Banarasi Silk Dupatta', SKU: 'HH-DUP-BAN-02', Price: '2299.00', CommissionAmount: 275.88 }),
    product({ ProductID: 9, ProductName: 'Smart Fitness Watch', SKU: 'VE-WAT-FIT', Price: '3999.00', CommissionAmount: 400 }),
    product({ ProductID: 5, ProductName: 'Assam Masala Chai', SKU: 'CC-MAS-250', Price: '349.00', CommissionAmount: 34.9 }),
  ]

  it('sorts newest first by ProductID', () => {
    expect(sortNewestFirst(list).map((p) => p.ProductID)).toEqual([9, 5, 3])
  })

  it('searches name, SKU, price and commission amount without regard to case', () => {
    expect(searchProducts(list, 'WATCH').map((p) => p.ProductID)).toEqual([9])
    expect(searchProducts(list, 'cc-mas').map((p) => p.ProductID)).toEqual([5])
    expect(searchProducts(list, '2299').map((p) => p.ProductID)).toEqual([3])
    expect(searchProducts(list, '275.88').map((p) => p.ProductID)).toEqual([3])
    expect(searchProducts(list, '  ')).toHaveLength(3)
    expect(searchProducts(list, 'saree')).toEqual([])
  })

  it('shows card commission in rupees with one decimal when above 0, a Fixed one as the amount', () => {
    expect(cardCommission(product({ CommissionType: 'Fixed', CommissionValue: 150, CommissionAmount: 150 }))).toBe('₹150.0')
    expect(cardCommission(product({ CommissionType: 'Fixed', CommissionValue: 1250, CommissionAmount: 1250 }))).toBe('₹1,250.0')
    expect(cardCommission(product({ CommissionType: 'Fixed', CommissionValue: 0, CommissionAmount: 0 }))).toBe('₹0')
  })

  it('shows a Percentage commission as the rupees it earns, the rate in brackets', () => {
    expect(cardCommission(product({ Price: '1499.00', CommissionType: 'Percentage', CommissionValue: 10, CommissionAmount: 149.9 }))).toBe('₹149.9 (10%)')
    expect(cardCommission(product({ Price: '4599.00', CommissionType: 'Percentage', CommissionValue: 7.5, CommissionAmount: 344.93 }))).toBe('₹344.9 (7.5%)')
    expect(cardCommission(product({ Price: '2299.00', CommissionType: 'Percentage', CommissionValue: 12, CommissionAmount: 275.88 }))).toBe('₹275.9 (12%)')
  })
})

describe('buy form', () => {
  const ok = { productId: 7, vendorId: 3, marketerId: 11, name: 'Kiran', email: '', phone: '9876543210' }

  it('checks the rules in the spec order with its messages', () => {
    expect(buyFormError({ ...ok, name: '  ' })).toBe('Please Enter Your Name')
    expect(buyFormError({ ...ok, name: 'x'.repeat(51) })).toBe('Name should be less than 50 characters.')
    expect(buyFormError({ ...ok, phone: '' })).toBe('Please Enter Your Mobile Number')
    expect(buyFormError({ ...ok, phone: '98765' })).toBe('Mobile number should be exactly 10 digits')
    expect(buyFormError(ok)).toBeNull()
  })

  it('refuses a one-letter name and an email that is not an address, naming each field in the order the toast takes', () => {
    expect(buyFormError({ ...ok, name: 'K' })).toBe('Name should be at least 2 characters.')
    expect(buyFormError({ ...ok, email: 'not-an-email' })).toBe('Invalid email format')
    expect(buyFieldErrors({ ...ok, name: ' K ', email: 'not-an-email', phone: '98765' })).toEqual([
      ['ClientName', 'Name should be at least 2 characters.'],
      ['ClientPhone', 'Mobile number should be exactly 10 digits'],
      ['ClientEmail', 'Invalid email format'],
    ])
    expect(buyFieldErrors({ ...ok, name: 'Li' })).toEqual([])
  })

  it("knows a code's shape and says 'not known' in the lookup's words", () => {
    expect(BUY_CODE_MESSAGES.unknown).toBe(COUPON_MESSAGES.unknown)
    for (const code of ['ANANYA10', ' riya2026 ', 'ABCD']) expect([code, codeShapeOk(code)]).toEqual([code, isCodeShape(code.trim())])
    for (const code of ['ABC', 'ANANYA 10', 'ANANYA-10', 'X'.repeat(21), '']) expect([code, codeShapeOk(code)]).toEqual([code, false])
  })

  it('does not require an email and keeps only 10 digits of the phone', () => {
    expect(buyFormError({ ...ok, email: '' })).toBeNull()
    expect(phoneInput('98a76-54 32109999')).toBe('9876543210')
  })

  it('gives the same answer as the server rules for every kind of input', () => {
    const cases = [
      ok,
      { ...ok, marketerId: null },
      { ...ok, name: '' },
      { ...ok, name: 'K' },
      { ...ok, name: ' K ', email: 'not-an-email' },
      { ...ok, email: 'not-an-email' },
      { ...ok, name: 'y'.repeat(60), phone: '' },
      { ...ok, phone: '12345678901' },
      { ...ok, phone: '1234567890' },
      { ...ok, phone: '+91 98765 43210' },
      { ...ok, phone: '+91 12345 67890' },
      { ...ok, phone: '0 98765-43210' },
      { ...ok, phone: `+91 ${'9'.repeat(30)}` },
      { ...ok, phone: '' },
      { ...ok, email: 'kiran@' },
      { ...ok, email: 'kiran@example.in' },
      { ...ok, email: 'kiran@example..in' },
      { ...ok, email: 'kiran@.example.in' },
    ]
    for (const v of cases) {
      const server = leadProblem({
        ProductID: v.productId ?? '',
        VendorID: v.vendorId ?? '',
        MarketerID: v.marketerId ?? '',
        ClientName: v.name,
        ClientEmail: v.email,
        ClientPhone: v.phone,
      })
      expect(buyFormError(v)).toBe(server)
    }
    for (const [key, message] of Object.entries(BUY_FORM_MESSAGES)) expect(LEAD_MESSAGES[key as keyof typeof LEAD_MESSAGES]).toBe(message)
  })
})
