// A visit to a buy page, counted at the edge (decision 007): the public call the buy page makes
// when it opens with the link's three ids.

import * as z from 'zod/mini'
import { idField } from './fields'
import { defineRoute } from './route'

export const INVALID_TRACKING_LINK = 'Invalid tracking link'

// The same id rule as every path id (positiveId): "1e3", " 7" or "0x10" are not links we made.
const linkId = idField(INVALID_TRACKING_LINK)
export const trackQuery = z.object({ productId: linkId, vendorId: linkId, marketerId: linkId })

export const IMPRESSION_ROUTES = {
  record: defineRoute({
    method: 'post',
    path: '/api/affiliate/track/impression',
    summary: 'Count a visit to a buy page',
    description: 'The buy page calls it when it opens with all three ids. Bots and the link’s own influencer get the same answer and count nothing.',
    access: 'public',
    query: trackQuery,
    answer: { status: 202, message: 'Impression received', schema: null },
    errors: { 404: [INVALID_TRACKING_LINK] },
  }),
}
