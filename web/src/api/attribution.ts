import { ATTRIBUTION_ROUTES, type AttributionRule } from '@contract/attribution'
import { callData, callRoute } from './client'

// The vendor's attribution window and rule for store orders (decision 292).

export const getAttributionSettings = () => callData(ATTRIBUTION_ROUTES.settings)
export const saveAttributionSettings = (input: { AttributionDays: string; AttributionRule: AttributionRule }) =>
  callRoute(ATTRIBUTION_ROUTES.saveSettings, { json: input })
