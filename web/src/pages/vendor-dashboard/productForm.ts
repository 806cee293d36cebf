import { MAX_PRODUCT_IMAGES } from '@contract/product'

// The create/edit product checks of spec 000 section 5, in the spec's order: the first failing
// check's message is what the form toasts.

export type ProductFormValues = {
  ProductName: string
  Price: string
  CommissionType: string
  CommissionValue: string
  Category: string
  SKU: string
  Description: string
  product_link: string
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  ProductName: '',
  Price: '',
  CommissionType: '',
  CommissionValue: '',
  Category: '',
  SKU: '',
  Description: '',
  product_link: '',
}

export const PRODUCT_MESSAGES = {
  name: 'Please Enter Product Name',
  price: 'Please enter Price',
  commissionType: 'Please enter Commission Type',
  commissionValue: 'Please enter Commission Value',
  fixedAbovePrice: 'Commission should not be greater than the price!',
  percentAbove100: 'Percentage should not be greater than the price!',
  sku: 'Please enter SKU',
  description: 'Please enter Description',
  noImage: 'Please select at least one image',
  tooManyImages: 'You can upload up to 5 images only',
} as const

const blank = (value: string) => value.trim() === ''

/**
 * Checks 1-8 always; checks 9-10 on the number of images the product will have after saving
 * (on create: the chosen files; on edit: kept plus added images).
 */
export function productFormError(values: ProductFormValues, imageCount: number): string | null {
  if (blank(values.ProductName)) return PRODUCT_MESSAGES.name
  if (blank(values.Price)) return PRODUCT_MESSAGES.price
  if (blank(values.CommissionType)) return PRODUCT_MESSAGES.commissionType
  if (blank(values.CommissionValue)) return PRODUCT_MESSAGES.commissionValue
  const price = Number(values.Price)
  const commission = Number(values.CommissionValue)
  if (values.CommissionType === 'Fixed' && commission >= price) return PRODUCT_MESSAGES.fixedAbovePrice
  if (values.CommissionType === 'Percentage' && commission >= 100) return PRODUCT_MESSAGES.percentAbove100
  if (blank(values.SKU)) return PRODUCT_MESSAGES.sku
  if (blank(values.Description)) return PRODUCT_MESSAGES.description
  if (imageCount < 1) return PRODUCT_MESSAGES.noImage
  if (imageCount > MAX_PRODUCT_IMAGES) return PRODUCT_MESSAGES.tooManyImages
  return null
}

/**
 * The order of image calls when saving an edit, so the product never has zero images nor more
 * than five in between: delete first, unless that would empty it, then add first and delete
 * the last old image afterwards.
 */
export function imageSteps(existing: readonly string[], removed: readonly string[], addedCount: number): { deleteFirst: string[]; add: boolean; deleteAfter: string[] } {
  const kept = existing.filter((p) => !removed.includes(p))
  const add = addedCount > 0
  if (kept.length > 0 || !add || removed.length === 0) return { deleteFirst: [...removed], add, deleteAfter: [] }
  return { deleteFirst: removed.slice(0, -1), add, deleteAfter: removed.slice(-1) }
}
