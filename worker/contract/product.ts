// Product shapes as the API returns them, and the product form rules: the web forms and the server
// share one set of checks, run in the spec's order (spec 000 section 5), with its messages.

import * as z from 'zod/mini'
import { hasExtraDecimals, rupeesToPaise } from './money'
import { hasCredentials } from './links'

export const PRODUCT_CATEGORIES = [
  'Electronics',
  'Books',
  'Clothing',
  'Home & Kitchen',
  'Toys & Games',
  'Health & Personal Care',
  'Beauty & Grooming',
  'Sports & Outdoors',
  'Automotive',
  'Jewelry',
  'Musical Instruments',
  'Garden & Outdoor',
  'Baby Products',
  'Pet Supplies',
  'Office Supplies',
  'Software',
  'Tools & Home Improvement',
  'Furniture',
  'Groceries',
  'Movies & TV Shows',
  'Video Games',
  'Crafts & Sewing',
  'Watches',
  'Computers & Accessories',
  'Luggage & Travel Gear',
  'Shoes',
  'Handbags & Wallets',
  'Smart Home',
  'Digital Music',
  'Arts & Photography',
] as const
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number]

export const COMMISSION_TYPES = ['Fixed', 'Percentage'] as const
export type CommissionType = (typeof COMMISSION_TYPES)[number]

export const MAX_PRODUCT_IMAGES = 5
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

/** A product form's body limit: up to 5 images of 5 MB, and the text fields (a 5,000-character description) beside them. */
export const PRODUCT_FORM_MAX_BYTES = MAX_PRODUCT_IMAGES * MAX_IMAGE_BYTES + 64 * 1024

// The image checks' words (domain/images.ts refuses with them).
export const NOT_AN_IMAGE = 'Only JPEG, PNG, WebP or GIF images are allowed'
export const IMAGE_TOO_LARGE = 'Image size should be less than 5MB'

/** A profile picture's body limit: one image and the multipart headers beside it. */
export const PICTURE_MAX_BYTES = MAX_IMAGE_BYTES + 64 * 1024

/** Two profile picture uploads at the same moment: the second is refused (services/profile.ts). */
export const PICTURE_RACE_MESSAGE = 'Your profile picture was changed at the same moment. Please try again.'

/** Two saves of one product at the same moment: the second is refused (services/products.ts). */
export const CONCURRENT_CHANGE_MESSAGE = 'This product was changed at the same moment. Please reload and try again.'

export const productAnswerSchema = z.object({
  ProductID: z.number(),
  VendorID: z.number(),
  ProductName: z.string(),
  Description: z.string(),
  /** Rupees as a string with two decimals, e.g. "1499.00" (the spec's "string number"). */
  Price: z.string(),
  CommissionType: z.enum(COMMISSION_TYPES),
  /** Rupees for Fixed, percent for Percentage. */
  CommissionValue: z.number(),
  /** Rupees, computed on the server, two decimals. */
  CommissionAmount: z.number(),
  Category: z.string(),
  SKU: z.string(),
  product_link: z.nullable(z.string()),
  /** The caller's affiliate link when the caller is a marketer; otherwise null. */
  Link: z.nullable(z.string()),
  /** The caller's short link to the product (`{origin}/s/{code}`) when the caller is a marketer; otherwise null. */
  ShortLink: z.nullable(z.string()),
  /** Comma-separated media paths (R2 keys); the first is the thumbnail. Served under /media/. */
  ImageURL: z.string(),
  IsActive: z.boolean(),
  /** Set while the back office has taken the product down (the vendor sees 'Taken down: {reason}'). */
  TakenDownReason: z.nullable(z.string()),
  createdAt: z.string(),
  Vendor: z.object({ VendorID: z.number(), VendorName: z.string() }),
})
export type ProductDTO = z.output<typeof productAnswerSchema>

// Spec 000 section 5 (Create product), checks 1-10, character for character.
export const PRODUCT_MESSAGES = {
  nameRequired: 'Please Enter Product Name',
  priceRequired: 'Please enter Price',
  commissionTypeRequired: 'Please enter Commission Type',
  commissionValueRequired: 'Please enter Commission Value',
  fixedNotBelowPrice: 'Commission should not be greater than the price!',
  percentageNotBelow100: 'Percentage should not be greater than the price!',
  skuRequired: 'Please enter SKU',
  descriptionRequired: 'Please enter Description',
  imagesRequired: 'Please select at least one image',
  tooManyImages: 'You can upload up to 5 images only',
} as const

// Rules the spec implies without wording them (numeric inputs, fixed lists); ours.
export const PRODUCT_NAME_MAX = 150
export const SKU_MAX = 50
export const DESCRIPTION_MAX = 5000
export const PRODUCT_LINK_MAX = 2048
/** ₹1 crore: a bound that no real listing reaches but keeps paise far from float trouble. */
export const PRICE_MAX_PAISE = 1_00_00_000 * 100

export const PRODUCT_RULE_MESSAGES = {
  nameTooLong: `Product name should be at most ${PRODUCT_NAME_MAX} characters`,
  priceInvalid: 'Price should be a positive number',
  priceDecimals: 'Price can have at most two decimals',
  priceTooHigh: 'Price should not be more than ₹1,00,00,000',
  commissionTypeInvalid: 'Commission Type should be Fixed or Percentage',
  commissionValueInvalid: 'Commission Value should be a positive number',
  commissionValueDecimals: 'Commission Value can have at most two decimals',
  skuTooLong: `SKU should be at most ${SKU_MAX} characters`,
  descriptionTooLong: `Description should be at most ${DESCRIPTION_MAX} characters`,
  categoryRequired: 'Please select a Category',
  categoryInvalid: 'Please select a Category from the list',
  productLinkInvalid: 'Product link should be a web address starting with http:// or https://',
  productLinkCredentials: 'Product link should not contain a user name or password',
} as const

export const SKU_TAKEN_MESSAGE = 'You already have a product with this SKU'
export const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found'

/** What the product forms hold: text inputs (numbers allowed for the numeric ones) and the chosen images. */
export type ProductFormValues = {
  ProductName?: string
  Price?: string | number
  CommissionType?: string
  CommissionValue?: string | number
  SKU?: string
  Description?: string
  Category?: string
  product_link?: string | null
  /** Files chosen in this form; counted only by the create rules. */
  images?: readonly unknown[]
}

const blank = (value: string | number | null | undefined) => value === undefined || value === null || String(value).trim() === ''
const isCategory = (value: string): value is ProductCategory => (PRODUCT_CATEGORIES as readonly string[]).includes(value)
const isCommissionType = (value: string): value is CommissionType => (COMMISSION_TYPES as readonly string[]).includes(value)

function linkProblem(link: string | null | undefined): string | null {
  if (blank(link)) return null
  const text = String(link).trim()
  if (text.length > PRODUCT_LINK_MAX || !/^https?:\/\/\S+$/i.test(text)) return PRODUCT_RULE_MESSAGES.productLinkInvalid
  try {
    new URL(text)
  } catch {
    return PRODUCT_RULE_MESSAGES.productLinkInvalid
  }
  return hasCredentials(text) ? PRODUCT_RULE_MESSAGES.productLinkCredentials : null
}

/**
 * The first problem with a product form, in the spec's order: create checks 1-10 with
 * `countImages`, edit checks 1-8 without. Our extra rules sit right after the spec check of the
 * same field, so the spec's message always wins for a field the spec checks; the product link,
 * which no spec check covers, comes last.
 */
export function productProblem(v: ProductFormValues, countImages: boolean): string | null {
  const m = PRODUCT_MESSAGES
  const r = PRODUCT_RULE_MESSAGES
  const name = (v.ProductName ?? '').trim()
  if (!name) return m.nameRequired
  if (name.length > PRODUCT_NAME_MAX) return r.nameTooLong

  if (blank(v.Price)) return m.priceRequired
  if (hasExtraDecimals(v.Price)) return r.priceDecimals
  const price = rupeesToPaise(v.Price)
  if (price === null || price <= 0) return r.priceInvalid
  if (price > PRICE_MAX_PAISE) return r.priceTooHigh

  const type = (v.CommissionType ?? '').trim()
  if (!type) return m.commissionTypeRequired
  if (!isCommissionType(type)) return r.commissionTypeInvalid

  if (blank(v.CommissionValue)) return m.commissionValueRequired
  if (hasExtraDecimals(v.CommissionValue)) return r.commissionValueDecimals
  const value = rupeesToPaise(v.CommissionValue)
  if (value === null || value <= 0) return r.commissionValueInvalid
  // Fixed is rupees (compared in paise); Percentage is percent, so 100 % is 10000 in hundredths.
  if (type === 'Fixed' && value >= price) return m.fixedNotBelowPrice
  if (type === 'Percentage' && value >= 100_00) return m.percentageNotBelow100

  const sku = (v.SKU ?? '').trim()
  if (!sku) return m.skuRequired
  if (sku.length > SKU_MAX) return r.skuTooLong

  const description = (v.Description ?? '').trim()
  if (!description) return m.descriptionRequired
  if (description.length > DESCRIPTION_MAX) return r.descriptionTooLong

  const category = (v.Category ?? '').trim()
  if (!category) return r.categoryRequired
  if (!isCategory(category)) return r.categoryInvalid

  if (countImages) {
    const count = v.images?.length ?? 0
    if (count < 1) return m.imagesRequired
    if (count > MAX_PRODUCT_IMAGES) return m.tooManyImages
  }

  // The link is optional and not one of the spec's checks: it answers after all ten of them.
  return linkProblem(v.product_link)
}

/** A checked product form, money in paise. */
export type ProductInput = {
  ProductName: string
  Description: string
  PricePaise: number
  CommissionType: CommissionType
  /** Rupees for Fixed, percent for Percentage. */
  CommissionValue: number
  Category: ProductCategory
  SKU: string
  product_link: string | null
}

// Only reached after productProblem found nothing, so every value below is present and valid.
function toProductInput(v: ProductFormValues): ProductInput {
  const link = (v.product_link ?? '').trim()
  return {
    ProductName: (v.ProductName ?? '').trim(),
    Description: (v.Description ?? '').trim(),
    PricePaise: rupeesToPaise(v.Price) ?? 0,
    CommissionType: (v.CommissionType ?? '').trim() as CommissionType,
    CommissionValue: (rupeesToPaise(v.CommissionValue) ?? 0) / 100,
    Category: (v.Category ?? '').trim() as ProductCategory,
    SKU: (v.SKU ?? '').trim(),
    product_link: link || null,
  }
}

// Loose shapes: every rule lives in productProblem, so the order of messages is the spec's and a
// wrongly typed value still gets the field's "required" message.
const text = (required: string) => z.optional(z.nullable(z.string({ error: required })))
const amount = (required: string) => z.optional(z.union([z.string(), z.number()], { error: required }))
const productFields = z.object({
  ProductName: text(PRODUCT_MESSAGES.nameRequired),
  Price: amount(PRODUCT_MESSAGES.priceRequired),
  CommissionType: text(PRODUCT_MESSAGES.commissionTypeRequired),
  CommissionValue: amount(PRODUCT_MESSAGES.commissionValueRequired),
  SKU: text(PRODUCT_MESSAGES.skuRequired),
  Description: text(PRODUCT_MESSAGES.descriptionRequired),
  Category: text(PRODUCT_RULE_MESSAGES.categoryRequired),
  product_link: text(PRODUCT_RULE_MESSAGES.productLinkInvalid),
  images: z.optional(z.array(z.unknown())),
})

const productSchema = (countImages: boolean) =>
  z.pipe(
    productFields.check(
      z.superRefine((values, ctx) => {
        const message = productProblem(values as ProductFormValues, countImages)
        if (message) ctx.addIssue({ code: 'custom', message, input: values })
      }),
    ),
    z.transform((values) => toProductInput(values as ProductFormValues)),
  )

/** Create product (checks 1-10): the text fields plus `images`, the chosen files. */
export const createProductSchema = productSchema(true)
/** Edit product (checks 1-8): images are managed separately and never required here. */
export const updateProductSchema = productSchema(false)

export const NO_SUCH_IMAGE_MESSAGE = 'This image does not belong to the product'
export const LAST_IMAGE_MESSAGE = 'A product needs at least one image'

/** DELETE products/delete-images/{id}: the media paths to remove, as found in ImageURL. */
export const deleteImagesSchema = z.object(
  {
    images: z
      .array(z.string({ error: PRODUCT_MESSAGES.imagesRequired }), { error: PRODUCT_MESSAGES.imagesRequired })
      .check(z.minLength(1, PRODUCT_MESSAGES.imagesRequired)),
  },
  { error: PRODUCT_MESSAGES.imagesRequired },
)
export type DeleteImagesInput = z.input<typeof deleteImagesSchema>
