// Rows for ledger tests that drive the services directly with a chosen clock: a vendor, an
// influencer and leads inserted straight into D1 (no password hashing, no HTTP), so a property
// test can afford a fresh world per run.

import { env } from 'cloudflare:workers'
import { makeDb } from '../../worker/db/client'
import { leads, marketers, vendors } from '../../worker/db/schema'

let seq = 0

export async function moneyWorld(commissionsPaise: number[], terms = { HoldingDays: 3, PaymentTermsDays: 7 }) {
  const db = makeDb(env.DB)
  const n = seq++
  const [vendor] = await db
    .insert(vendors)
    .values({ VendorName: `Vendor ${n}`, Email: `ledger-vendor-${n}-${Date.now()}@example.in`, MobileNumber: '9876543210', PasswordHash: 'x', ...terms })
    .returning()
  const [marketer] = await db
    .insert(marketers)
    .values({ MarketerName: `Creator ${n}`, Email: `ledger-creator-${n}-${Date.now()}@example.in`, MobileNumber: '9123456780', PasswordHash: 'x' })
    .returning()
  const rows = await db
    .insert(leads)
    .values(
      commissionsPaise.map((paise, i) => ({
        VendorID: vendor.VendorID,
        MarketerID: marketer.MarketerID,
        ClientName: 'Kiran',
        ClientPhone: `90000${String(i).padStart(5, '0')}`,
        ProductName: `Product ${i}`,
        PricePaise: paise * 10,
        CommissionAmountPaise: paise,
      })),
    )
    .returning({ LeadID: leads.LeadID })
  return { db, vendorId: vendor.VendorID, marketerId: marketer.MarketerID, leadIds: rows.map((r) => r.LeadID) }
}

let utrSeq = 0
export const nextUtr = () => `LEDGER${Date.now().toString(36).toUpperCase()}${String(utrSeq++).padStart(6, '0')}`
