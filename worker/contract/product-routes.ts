// The catalogue, a vendor's products and an influencer's links to them, one definition per route
// (route.ts, decision 283).

import * as z from 'zod/mini'
import { ADMIN_MESSAGES } from './admin'
import { idField } from './fields'
import { linkPerformanceQuerySchema, linkPerformanceRowSchema, SUB_ROWS_SHOWN, subPerformanceRowSchema } from './performance'
import {
  CONCURRENT_CHANGE_MESSAGE,
  createProductSchema,
  deleteImagesSchema,
  IMAGE_TOO_LARGE,
  LAST_IMAGE_MESSAGE,
  NO_SUCH_IMAGE_MESSAGE,
  NOT_AN_IMAGE,
  PRODUCT_FORM_MAX_BYTES,
  PRODUCT_MESSAGES,
  PRODUCT_NOT_FOUND_MESSAGE,
  productAnswerSchema,
  SKU_TAKEN_MESSAGE,
  updateProductSchema,
} from './product'
import { productListQuerySchema } from './product-list'
import { defineRoute } from './route'
import { VENDOR_NOT_FOUND_MESSAGE } from './vendor'

const vendorOnly = ['vendor'] as const
const IMAGE_PROBLEMS = [NOT_AN_IMAGE, IMAGE_TOO_LARGE]
const images = { images: 'many' } as const
const FETCHED = 'Products fetched successfully'
const PRODUCT =
  '`Price` a string with two decimals, `CommissionAmount` in rupees, `ImageURL` comma-separated media paths, and for an influencer their `Link` and `ShortLink` (null for everyone else).'

export const MARKETER_ID_INVALID = 'Please provide a valid marketerId'

export const PRODUCT_ROUTES = {
  catalogue: defineRoute({
    method: 'get',
    path: '/api/products',
    summary: 'The catalogue: active products',
    description: 'Newest first. `q` matches the name, SKU, price as printed (`1499.00`) or commission amount.',
    access: 'optional',
    query: productListQuerySchema,
    answer: { message: FETCHED, schema: productAnswerSchema, paged: true, description: PRODUCT },
  }),
  byVendor: defineRoute({
    method: 'get',
    path: '/api/products/getProductByVendor/{vendorId}',
    summary: "A vendor's products",
    description: 'Inactive products only to the vendor themself; an unknown vendor has none (an empty page).',
    access: 'optional',
    params: { vendorId: { description: 'The VendorID.' } },
    query: productListQuerySchema,
    answer: { message: FETCHED, schema: productAnswerSchema, paged: true, description: PRODUCT },
    errors: { 404: [VENDOR_NOT_FOUND_MESSAGE] },
  }),
  one: defineRoute({
    method: 'get',
    path: '/api/products/{id}',
    summary: 'One product',
    access: 'optional',
    params: { id: { description: 'The ProductID.' } },
    answer: { message: 'Product fetched successfully', schema: productAnswerSchema, description: PRODUCT },
    errors: { 404: [PRODUCT_NOT_FOUND_MESSAGE] },
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/products',
    summary: 'Create a product',
    description:
      'Images: 1 to 5, each at most 5 MB, JPEG, PNG, WebP or GIF by their first bytes (`images` repeated, or `images[]`). `VendorID`, when sent, must be the caller.',
    access: vendorOnly,
    body: { multipart: createProductSchema, files: images, maxBytes: PRODUCT_FORM_MAX_BYTES },
    answer: { status: 201, message: 'Product created successfully', schema: productAnswerSchema },
    errors: { 400: IMAGE_PROBLEMS, 409: [SKU_TAKEN_MESSAGE] },
  }),
  update: defineRoute({
    method: 'put',
    path: '/api/products/update/{productId}',
    summary: 'Edit a product',
    description: 'The same fields as on create; `images` are optional and added to the product.',
    access: vendorOnly,
    params: { productId: { description: 'The ProductID.' } },
    body: { multipart: updateProductSchema, files: images, maxBytes: PRODUCT_FORM_MAX_BYTES },
    answer: { message: 'Product updated successfully', schema: productAnswerSchema },
    errors: {
      400: [PRODUCT_MESSAGES.tooManyImages, ...IMAGE_PROBLEMS],
      404: [PRODUCT_NOT_FOUND_MESSAGE],
      409: [SKU_TAKEN_MESSAGE, CONCURRENT_CHANGE_MESSAGE],
    },
  }),
  addImages: defineRoute({
    method: 'put',
    path: '/api/products/update-images/{productId}',
    summary: 'Add images to a product',
    access: vendorOnly,
    params: { productId: { description: 'The ProductID.' } },
    body: { multipart: null, files: images, maxBytes: PRODUCT_FORM_MAX_BYTES },
    answer: { message: 'Product images updated successfully', schema: productAnswerSchema },
    errors: {
      400: [PRODUCT_MESSAGES.imagesRequired, PRODUCT_MESSAGES.tooManyImages, ...IMAGE_PROBLEMS],
      404: [PRODUCT_NOT_FOUND_MESSAGE],
      409: [CONCURRENT_CHANGE_MESSAGE],
    },
  }),
  deleteImages: defineRoute({
    method: 'delete',
    path: '/api/products/delete-images/{productId}',
    summary: 'Remove images from a product',
    access: vendorOnly,
    params: { productId: { description: 'The ProductID.' } },
    body: { json: deleteImagesSchema },
    answer: { message: 'Product images deleted successfully', schema: productAnswerSchema },
    errors: { 400: [NO_SUCH_IMAGE_MESSAGE, LAST_IMAGE_MESSAGE], 404: [PRODUCT_NOT_FOUND_MESSAGE], 409: [CONCURRENT_CHANGE_MESSAGE] },
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/api/products/{id}',
    summary: 'Delete a product',
    access: vendorOnly,
    params: { id: { description: 'The ProductID.' } },
    answer: { message: 'Product deleted successfully', schema: null },
    errors: { 404: [PRODUCT_NOT_FOUND_MESSAGE] },
  }),
  toggle: defineRoute({
    method: 'put',
    path: '/api/products/status/{id}',
    summary: 'Switch a product on or off',
    access: vendorOnly,
    params: { id: { description: 'The ProductID.' } },
    answer: { message: ['Product activated', 'Product deactivated'], schema: productAnswerSchema },
    errors: { 403: [ADMIN_MESSAGES.takenDownNoReactivate], 404: [PRODUCT_NOT_FOUND_MESSAGE] },
  }),
}

// The route reads marketerId itself, before the list's query.
const productLinksQuery = z.extend(productListQuerySchema, { marketerId: idField(MARKETER_ID_INVALID) })

export const AFFILIATE_ROUTES = {
  productLinks: defineRoute({
    method: 'get',
    path: '/api/affiliate/product-links',
    summary: "The influencer's affiliate links to the catalogue",
    description:
      'Active products, newest first, each with `Link` (`{origin}/affiliate/track?productId=…&vendorId=…&marketerId=…`) and `ShortLink` (`{origin}/s/{code}`). `marketerId` must be the caller.',
    access: ['marketer'],
    query: productLinksQuery,
    answer: { message: 'Affiliate links fetched successfully', schema: productAnswerSchema, paged: true },
  }),
  myLinks: defineRoute({
    method: 'get',
    path: '/api/affiliate/my-links',
    summary: "'My Links': the influencer's links with their figures",
    access: ['marketer'],
    query: linkPerformanceQuerySchema,
    answer: {
      message: 'Link performance fetched successfully',
      schema: linkPerformanceRowSchema,
      paged: true,
      description: 'One row per active product; money in rupees, conversionRate in percent.',
    },
  }),
  mySubs: defineRoute({
    method: 'get',
    path: '/api/affiliate/my-links/subs',
    summary: "'My Links' by sub-ID: clicks, leads and conversions per link and sub-ID",
    description: `All time, most clicks first, at most ${SUB_ROWS_SHOWN} rows. A sub-ID is what the influencer adds to a link as \`?sub=ig-reel-12\` (up to 64 of \`A-Z a-z 0-9 . _ -\`).`,
    access: ['marketer'],
    answer: { message: 'Sub-ID performance fetched successfully', schema: z.array(subPerformanceRowSchema) },
  }),
}
