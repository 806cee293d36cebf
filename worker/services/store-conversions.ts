// The store webhooks' way into the conversion API (services/conversions.ts): a paid order becomes a
// conversion by its ck_ref, a refund or cancellation its reversal.

import { InvalidInput } from '../domain/errors'
import type { StoreOrderSink } from './store-webhooks'

export const CONVERSIONS_NOT_ENABLED = 'Conversions from stores are not enabled yet'

export const storeConversions: StoreOrderSink = {
  convert: async () => {
    throw new InvalidInput(CONVERSIONS_NOT_ENABLED)
  },
  reverse: async () => {
    throw new InvalidInput(CONVERSIONS_NOT_ENABLED)
  },
}
