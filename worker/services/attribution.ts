// The vendor's attribution settings (decision 292): how long a click credits store orders and
// whether the last or the first click wins. findClick (db/store-refs.ts) applies them.

import { ATTRIBUTION_MESSAGES, type AttributionSettings } from '../contract/attribution'
import type { Db } from '../db/client'
import { findAttributionSettings, saveAttributionSettings } from '../db/store-refs'
import { NotFound } from '../domain/errors'

export async function attributionSettingsOf(db: Db, vendorId: number): Promise<AttributionSettings> {
  const settings = await findAttributionSettings(db, vendorId)
  if (!settings) throw new NotFound(ATTRIBUTION_MESSAGES.vendorNotFound)
  return settings
}

/** Saves them for orders from now on: an order already attributed keeps its creator. */
export async function changeAttributionSettings(db: Db, vendorId: number, settings: AttributionSettings): Promise<AttributionSettings> {
  await saveAttributionSettings(db, vendorId, settings)
  return settings
}
