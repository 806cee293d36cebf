import { ADMIN_MESSAGES } from '../../contract/admin'
import {
  createProductSchema,
  deleteImagesSchema,
  LAST_IMAGE_MESSAGE,
  NO_SUCH_IMAGE_MESSAGE,
  PRODUCT_MESSAGES,
  PRODUCT_NOT_FOUND_MESSAGE,
  SKU_TAKEN_MESSAGE,
  updateProductSchema,
} from '../../contract/product'
import { productListQuerySchema } from '../../contract/product-list'
import { VENDOR_NOT_FOUND_MESSAGE } from '../../contract/vendor'
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE } from '../../domain/images'
import { BODY_LIMITS } from '../../middleware/body-limit'
import { CONCURRENT_CHANGE_MESSAGE } from '../../services/products'
import { routes } from '../registry'

const vendorOnly = ['vendor'] as const
const PRODUCT =
  'The product (`ProductDTO`): `Price` a string with two decimals, `CommissionAmount` in rupees, `ImageURL` comma-separated media paths, `Vendor`, and for an influencer their `Link` and `ShortLink` (null for everyone else).'
const IMAGE_PROBLEMS = [NOT_AN_IMAGE, IMAGE_TOO_LARGE]
const FETCHED = 'Products fetched successfully'

export const productRoutes = routes(
  {
    method: 'get',
    path: '/api/products',
    summary: 'The catalogue: active products',
    description: 'Newest first. `q` matches the name, SKU, price as printed (`1499.00`) or commission amount.',
    access: 'optional',
    query: productListQuerySchema,
    answer: { message: FETCHED, data: `Products, newest first. ${PRODUCT}`, paged: true },
  },
  {
    method: 'get',
    path: '/api/products/getProductByVendor/{vendorId}',
    summary: "A vendor's products",
    description: 'Inactive products only to the vendor themself; an unknown vendor has none (an empty page).',
    access: 'optional',
    query: productListQuerySchema,
    answer: { message: FETCHED, data: `Products, newest first. ${PRODUCT}`, paged: true },
    errors: { 404: [VENDOR_NOT_FOUND_MESSAGE] },
  },
  {
    method: 'get',
    path: '/api/products/{id}',
    summary: 'One product',
    access: 'optional',
    answer: { message: 'Product fetched successfully', data: PRODUCT },
    errors: { 404: [PRODUCT_NOT_FOUND_MESSAGE] },
  },
  {
    method: 'post',
    path: '/api/products',
    summary: 'Create a product',
    description:
      'Images: 1 to 5, each at most 5 MB, JPEG, PNG, WebP or GIF by their first bytes (`images` repeated, or `images[]`). `VendorID`, when sent, must be the caller.',
    access: vendorOnly,
    body: { multipart: createProductSchema, files: { images: 'many' }, maxBytes: BODY_LIMITS.productForm },
    answer: { status: 201, message: 'Product created successfully', data: PRODUCT },
    errors: { 400: IMAGE_PROBLEMS, 409: [SKU_TAKEN_MESSAGE] },
  },
  {
    method: 'put',
    path: '/api/products/update/{productId}',
    summary: 'Edit a product',
    description: 'The same fields as on create; `images` are optional and added to the product.',
    access: vendorOnly,
    body: { multipart: updateProductSchema, files: { images: 'many' }, maxBytes: BODY_LIMITS.productForm },
    answer: { message: 'Product updated successfully', data: PRODUCT },
    errors: { 400: [PRODUCT_MESSAGES.tooManyImages, ...IMAGE_PROBLEMS], 404: [PRODUCT_NOT_FOUND_MESSAGE], 409: [SKU_TAKEN_MESSAGE, CONCURRENT_CHANGE_MESSAGE] },
  },
  {
    method: 'put',
    path: '/api/products/update-images/{productId}',
    summary: 'Add images to a product',
    access: vendorOnly,
    body: { multipart: null, files: { images: 'many' }, maxBytes: BODY_LIMITS.productForm },
    answer: { message: 'Product images updated successfully', data: PRODUCT },
    errors: {
      400: [PRODUCT_MESSAGES.imagesRequired, PRODUCT_MESSAGES.tooManyImages, ...IMAGE_PROBLEMS],
      404: [PRODUCT_NOT_FOUND_MESSAGE],
      409: [CONCURRENT_CHANGE_MESSAGE],
    },
  },
  {
    method: 'delete',
    path: '/api/products/delete-images/{productId}',
    summary: 'Remove images from a product',
    access: vendorOnly,
    body: { json: deleteImagesSchema },
    answer: { message: 'Product images deleted successfully', data: PRODUCT },
    errors: { 400: [NO_SUCH_IMAGE_MESSAGE, LAST_IMAGE_MESSAGE], 404: [PRODUCT_NOT_FOUND_MESSAGE], 409: [CONCURRENT_CHANGE_MESSAGE] },
  },
  {
    method: 'delete',
    path: '/api/products/{id}',
    summary: 'Delete a product',
    access: vendorOnly,
    answer: { message: 'Product deleted successfully', data: 'null' },
    errors: { 404: [PRODUCT_NOT_FOUND_MESSAGE] },
  },
  {
    method: 'put',
    path: '/api/products/status/{id}',
    summary: 'Switch a product on or off',
    access: vendorOnly,
    answer: { message: ['Product activated', 'Product deactivated'], data: PRODUCT },
    errors: { 403: [ADMIN_MESSAGES.takenDownNoReactivate], 404: [PRODUCT_NOT_FOUND_MESSAGE] },
  },
)
