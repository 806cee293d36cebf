import * as z from 'zod/mini'
import { idField } from '../../contract/fields'
import { linkPerformanceQuerySchema } from '../../contract/performance'
import { productListQuerySchema } from '../../contract/product-list'
import { INVALID_TRACKING_LINK, trackQuery } from '../../routes/impressions'
import { routes } from '../registry'

const MARKETER_ID_INVALID = 'Please provide a valid marketerId'
// The route reads marketerId itself, before the list's query.
const productLinksQuery = z.extend(productListQuerySchema, { marketerId: idField(MARKETER_ID_INVALID) })

export const affiliateRoutes = routes(
  {
    method: 'get',
    path: '/api/affiliate/product-links',
    summary: "The influencer's affiliate links to the catalogue",
    description:
      'Active products, newest first, each with `Link` (`{origin}/affiliate/track?productId=…&vendorId=…&marketerId=…`) and `ShortLink` (`{origin}/s/{code}`). `marketerId` must be the caller.',
    access: ['marketer'],
    query: productLinksQuery,
    answer: { message: 'Affiliate links fetched successfully', data: 'Products with the caller’s `Link` and `ShortLink`.', paged: true },
  },
  {
    method: 'get',
    path: '/api/affiliate/my-links',
    summary: "'My Links': the influencer's links with their figures",
    access: ['marketer'],
    query: linkPerformanceQuerySchema,
    answer: {
      message: 'Link performance fetched successfully',
      data: 'One row per active product: ProductID, ProductName, Price, Link, ShortLink, impressions, leads, conversions, conversionRate, revenue, commission.',
      paged: true,
    },
  },
  {
    method: 'post',
    path: '/api/affiliate/track/impression',
    summary: 'Count a visit to a buy page',
    description: 'The buy page calls it when it opens with all three ids. Bots and the link’s own influencer get the same answer and count nothing.',
    access: 'public',
    query: trackQuery,
    answer: { status: 202, message: 'Impression received', data: 'null' },
    errors: { 404: [INVALID_TRACKING_LINK] },
  },
)
