import { safeParse } from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { createLeadSchema } from '../../worker/contract/lead'
import { paiseToRupeeString, rupeesToPaise } from '../../worker/contract/money'
import { createProductSchema, updateProductSchema } from '../../worker/contract/product'
import { firstMessage } from '../../worker/contract/fields'
import { commissionPaise } from '../../worker/domain/commission'
import { addImagesProblem, splitImages } from '../../worker/domain/product-images'

// The rules as the web forms use them: the same schemas, no HTTP in between.

describe('commission maths', () => {
  it('is the value itself for Fixed', () => {
    expect(commissionPaise(149_900, 'Fixed', 150)).toBe(15_000)
    expect(commissionPaise(149_900, 'Fixed', 99.99)).toBe(9_999)
  })

  it('is price x value / 100 for Percentage, rounded half up to the paisa', () => {
    expect(commissionPaise(229_900, 'Percentage', 12)).toBe(27_588) // 2299 x 12% = 275.88
    expect(commissionPaise(459_900, 'Percentage', 7.5)).toBe(34_493) // 344.925 -> 344.93
    expect(commissionPaise(100, 'Percentage', 0.5)).toBe(1) // 0.005 -> 0.01
    expect(commissionPaise(100, 'Percentage', 0.49)).toBe(0) // 0.0049 -> 0.00
    expect(commissionPaise(1_00_00_000_00, 'Percentage', 99.99)).toBe(99_99_000_00)
  })
})

describe('rupee amounts', () => {
  it('reads plain amounts with up to two decimals as paise', () => {
    expect(rupeesToPaise('1499')).toBe(149_900)
    expect(rupeesToPaise(' 349.5 ')).toBe(34_950)
    expect(rupeesToPaise(7.25)).toBe(725)
    expect(rupeesToPaise('0.01')).toBe(1)
  })

  it('refuses anything else', () => {
    for (const value of ['', 'abc', '-1', '1e3', '12.345', '1,499', '.5', undefined, null]) {
      expect(rupeesToPaise(value)).toBeNull()
    }
  })

  it('writes paise back as a two-decimal string', () => {
    expect(paiseToRupeeString(149_900)).toBe('1499.00')
    expect(paiseToRupeeString(34_950)).toBe('349.50')
    expect(paiseToRupeeString(5)).toBe('0.05')
  })
})

describe('product form schemas', () => {
  const form = {
    ProductName: ' Kurta ',
    Price: 1499,
    CommissionType: 'Percentage',
    CommissionValue: '12.5',
    SKU: ' K-1 ',
    Description: 'Cotton',
    Category: 'Clothing',
    product_link: '',
    images: [{}, {}],
  }

  it('turns a valid form into trimmed values with the price in paise', () => {
    const result = safeParse(createProductSchema, form)
    expect(result.success).toBe(true)
    expect(result.data).toEqual({
      ProductName: 'Kurta',
      Description: 'Cotton',
      PricePaise: 149_900,
      CommissionType: 'Percentage',
      CommissionValue: 12.5,
      Category: 'Clothing',
      SKU: 'K-1',
      product_link: null,
    })
  })

  it('counts images on create only', () => {
    const none = safeParse(createProductSchema, { ...form, images: [] })
    expect(none.success ? null : firstMessage(none.error)).toBe('Please select at least one image')
    const six = safeParse(createProductSchema, { ...form, images: Array.from({ length: 6 }, () => ({})) })
    expect(six.success ? null : firstMessage(six.error)).toBe('You can upload up to 5 images only')
    expect(safeParse(updateProductSchema, { ...form, images: [] }).success).toBe(true)
  })

  it('reports a bad product link only after the image count (spec check 10)', () => {
    const badLink = { ...form, product_link: 'ftp://example.in' }
    const none = safeParse(createProductSchema, { ...badLink, images: [] })
    expect(none.success ? null : firstMessage(none.error)).toBe('Please select at least one image')
    const six = safeParse(createProductSchema, { ...badLink, images: Array.from({ length: 6 }, () => ({})) })
    expect(six.success ? null : firstMessage(six.error)).toBe('You can upload up to 5 images only')
    const counted = safeParse(createProductSchema, badLink)
    expect(counted.success ? null : firstMessage(counted.error)).toBe('Product link should be a web address starting with http:// or https://')
  })

  it('says that a price or commission has too many decimals, and keeps the number message for the rest', () => {
    const message = (values: Record<string, unknown>) => {
      const result = safeParse(updateProductSchema, { ...form, ...values })
      return result.success ? null : firstMessage(result.error)
    }
    expect(message({ Price: '10.555' })).toBe('Price can have at most two decimals')
    expect(message({ Price: 10.555 })).toBe('Price can have at most two decimals')
    expect(message({ Price: '10.55' })).toBeNull()
    expect(message({ Price: 'ten' })).toBe('Price should be a positive number')
    expect(message({ Price: '0' })).toBe('Price should be a positive number')
    expect(message({ CommissionValue: '2.505' })).toBe('Commission Value can have at most two decimals')
    expect(message({ CommissionValue: '-2.505' })).toBe('Commission Value should be a positive number')
  })

  it('gives the required message for a value of the wrong type', () => {
    const result = safeParse(createProductSchema, { ...form, ProductName: 42 })
    expect(result.success ? null : firstMessage(result.error)).toBe('Please Enter Product Name')
  })
})

describe('buy form schema', () => {
  it('trims, lower-cases the email and turns a blank one into null', () => {
    const base = { ProductID: '3', VendorID: 2, MarketerID: '5', ClientName: ' Kiran ', ClientPhone: '9876543210' }
    expect(safeParse(createLeadSchema, { ...base, ClientEmail: ' K@Example.IN ' }).data).toMatchObject({
      ProductID: 3,
      MarketerID: 5,
      ClientName: 'Kiran',
      ClientEmail: 'k@example.in',
    })
    expect(safeParse(createLeadSchema, { ...base, ClientEmail: '  ' }).data?.ClientEmail).toBeNull()
  })
})

describe('image list rules', () => {
  it('allows 1 to 5 images in all', () => {
    expect(addImagesProblem(3, 2)).toBeNull()
    expect(addImagesProblem(3, 3)).toBe('You can upload up to 5 images only')
    expect(addImagesProblem(3, 0)).toBe('Please select at least one image')
  })

  it('removes only the product’s own images, and never the last', () => {
    const current = ['products/a.png', 'products/b.png']
    expect(splitImages(current, ['https://collabkart.in/media/products/b.png'])).toEqual({
      keep: ['products/a.png'],
      remove: ['products/b.png'],
    })
    expect(splitImages(current, ['products/c.png'])).toEqual({ problem: 'This image does not belong to the product' })
    expect(splitImages(current, ['products/a.png', '/media/products/b.png'])).toEqual({
      problem: 'A product needs at least one image',
    })
  })
})
