// Product shapes as the API returns them. Validation schemas for the product forms live here too
// (added with the catalogue routes) so the web forms and the server share one set of messages.

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

export type ProductDTO = {
  ProductID: number
  VendorID: number
  ProductName: string
  Description: string
  /** Rupees as a string with two decimals, e.g. "1499.00" (the spec's "string number"). */
  Price: string
  CommissionType: CommissionType
  /** Rupees for Fixed, percent for Percentage. */
  CommissionValue: number
  /** Rupees, computed on the server, two decimals. */
  CommissionAmount: number
  Category: string
  SKU: string
  product_link: string | null
  /** The caller's affiliate link when the caller is a marketer; otherwise null. */
  Link: string | null
  /** Comma-separated media paths (R2 keys); the first is the thumbnail. Served under /media/. */
  ImageURL: string
  IsActive: boolean
  createdAt: string
  Vendor: { VendorID: number; VendorName: string }
}
