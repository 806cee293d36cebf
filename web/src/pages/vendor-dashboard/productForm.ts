import { MAX_PRODUCT_IMAGES, PRODUCT_MESSAGES, PRODUCT_RULE_MESSAGES, productProblem, SKU_TAKEN_MESSAGE } from '@contract/product'

// The product forms' state and the rules the modal applies before calling the API.

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

/**
 * The contract's checks (spec 000 section 5, shared with the server) in the spec's order; on
 * create the chosen files count as checks 9-10, on edit the server's 1-5 images rule is applied to
 * what the product will hold after saving (kept plus added), with the same two messages.
 */
export function productFormError(values: ProductFormValues, imageCount: number, creating: boolean): string | null {
  if (creating) return productProblem({ ...values, images: Array.from({ length: imageCount }) }, true)
  // The link is checked last, after the images, as on create: first everything else...
  const problem = productProblem({ ...values, product_link: '' }, false)
  if (problem) return problem
  if (imageCount < 1) return PRODUCT_MESSAGES.imagesRequired
  if (imageCount > MAX_PRODUCT_IMAGES) return PRODUCT_MESSAGES.tooManyImages
  return productProblem(values, false)
}

/**
 * The order of image calls when saving an edit, so the product never has zero images nor more
 * than five in between: delete first, unless that would empty it, then add first and delete
 * the last old image afterwards.
 */
export function imageSteps(
  existing: readonly string[],
  removed: readonly string[],
  addedCount: number,
): { deleteFirst: string[]; add: boolean; deleteAfter: string[] } {
  const kept = existing.filter((p) => !removed.includes(p))
  const add = addedCount > 0
  if (kept.length > 0 || !add || removed.length === 0) return { deleteFirst: [...removed], add, deleteAfter: [] }
  return { deleteFirst: removed.slice(0, -1), add, deleteAfter: removed.slice(-1) }
}

const m = PRODUCT_MESSAGES
const r = PRODUCT_RULE_MESSAGES
// Each of the checks' messages and the field it is about (the checks give one message at a time).
const FIELD_OF_MESSAGE: Readonly<Record<string, keyof ProductFormValues | 'images'>> = {
  [m.nameRequired]: 'ProductName',
  [r.nameTooLong]: 'ProductName',
  [m.priceRequired]: 'Price',
  [r.priceInvalid]: 'Price',
  [r.priceDecimals]: 'Price',
  [r.priceTooHigh]: 'Price',
  [m.commissionTypeRequired]: 'CommissionType',
  [r.commissionTypeInvalid]: 'CommissionType',
  [m.commissionValueRequired]: 'CommissionValue',
  [r.commissionValueInvalid]: 'CommissionValue',
  [r.commissionValueDecimals]: 'CommissionValue',
  [m.fixedNotBelowPrice]: 'CommissionValue',
  [m.percentageNotBelow100]: 'CommissionValue',
  [m.skuRequired]: 'SKU',
  [r.skuTooLong]: 'SKU',
  [SKU_TAKEN_MESSAGE]: 'SKU',
  [m.descriptionRequired]: 'Description',
  [r.descriptionTooLong]: 'Description',
  [r.categoryRequired]: 'Category',
  [r.categoryInvalid]: 'Category',
  [m.imagesRequired]: 'images',
  [m.tooManyImages]: 'images',
  [r.productLinkInvalid]: 'product_link',
  [r.productLinkCredentials]: 'product_link',
}

/** The field a product form message is about, or null for one about no field. */
export const productFieldOf = (message: string): string | null => FIELD_OF_MESSAGE[message] ?? null

/** The server's refusals that name a field of the product form (the SKU another product has). */
export const PRODUCT_SERVER_FIELDS: Readonly<Record<string, string>> = { [SKU_TAKEN_MESSAGE]: 'SKU' }
