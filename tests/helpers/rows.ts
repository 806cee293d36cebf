// Products and leads inserted straight into D1, for suites that need them as data only (the
// catalogue and leads routes are tested in their own suites).
import { env } from 'cloudflare:workers'
import type { LeadStatus } from '../../worker/contract/lead'
import { makeDb } from '../../worker/db/client'
import { type Lead, leads, type Product, products } from '../../worker/db/schema'

let seq = 0

export async function insertProduct(VendorID: number, overrides: Partial<typeof products.$inferInsert> = {}): Promise<Product> {
  const [row] = await makeDb(env.DB)
    .insert(products)
    .values({
      VendorID,
      ProductName: 'Handwoven Cotton Kurta',
      Description: 'Breathable handloom cotton kurta.',
      PricePaise: 149_900,
      CommissionType: 'Fixed',
      CommissionValue: 150,
      CommissionAmountPaise: 15_000,
      Category: 'Clothing',
      SKU: `SKU-${Date.now().toString(36)}-${seq++}`,
      ...overrides,
    })
    .returning()
  return row
}

export async function insertLead(
  product: Product,
  MarketerID: number,
  Status: LeadStatus = 'Pending',
  overrides: Partial<typeof leads.$inferInsert> = {},
): Promise<Lead> {
  const [row] = await makeDb(env.DB)
    .insert(leads)
    .values({
      ProductID: product.ProductID,
      VendorID: product.VendorID,
      MarketerID,
      ClientName: 'Neha Gupta',
      ClientEmail: 'neha@example.in',
      ClientPhone: `98${String(100_000_00 + seq++).slice(-8)}`,
      Status,
      ProductName: product.ProductName,
      PricePaise: product.PricePaise,
      CommissionAmountPaise: product.CommissionAmountPaise,
      convertedAt: Status === 'Converted' ? new Date().toISOString() : null,
      ...overrides,
    })
    .returning()
  return row
}

/** Deletes a lead. Its money entries stay: the ledger's rows are never deleted (migration payout_integrity). */
export async function deleteLead(LeadID: number): Promise<void> {
  await env.DB.prepare('DELETE FROM leads WHERE LeadID = ?').bind(LeadID).run()
}

/** Adds `n` rolled-up impressions of a link on a day (India's, as the rollup writes it), with the rollup's own statement shape (add to the day's row, or start it). */
export async function addImpressions(day: string, product: Product, MarketerID: number, n: number): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO impressions_daily (day, ProductID, VendorID, MarketerID, n) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (day, ProductID, MarketerID) DO UPDATE SET n = n + excluded.n`,
  )
    .bind(day, product.ProductID, product.VendorID, MarketerID, n)
    .run()
}
