// Attribution by link and creator code under any mix: whatever links and codes buyers
// arrive with (valid, expired, used up, another vendor's, another product's, unknown, none), one
// at a time or several at once, each stored lead names exactly one creator, and it is the code's
// creator exactly when the code was usable for that product at that moment. The limited code is a
// campaign's code (decision 213) and every link carries another campaign: the lead's campaign is
// the code's when the code won, else the link's while the lead stays with a member link creator.

import { env } from 'cloudflare:workers'
import fc from 'fast-check'
import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { LeadInput } from '../../worker/contract/lead'
import { makeDb } from '../../worker/db/client'
import { couponCodeProducts, couponCodes, leads, type Product } from '../../worker/db/schema'
import { createLead } from '../../worker/services/leads'
import { join, makeCampaign } from '../helpers/campaigns'
import { makeMarketer, makeVendor, makeVerifiedVendor, nextPhone } from '../helpers/factories'
import { insertProduct } from '../helpers/rows'
import { PROPERTY_TIMEOUT } from '../helpers/property'
import { keptEvents } from '../helpers/events'

const DAY = 24 * 60 * 60_000
const CODES = ['limited', 'limitedLower', 'expired', 'otherVendor', 'otherProduct', 'unknown', 'none'] as const
type CodeChoice = (typeof CODES)[number]
type Buyer = { link: number; product: number; code: CodeChoice }
type Step = Buyer[]

const buyer: fc.Arbitrary<Buyer> = fc.record({ link: fc.nat(2), product: fc.nat(1), code: fc.constantFrom(...CODES) })
// One buyer, or a few arriving at the same moment.
const step: fc.Arbitrary<Step> = fc.array(buyer, { minLength: 1, maxLength: 4 })

type World = {
  creators: number[]
  products: Product[]
  vendorId: number
  /** Codes fixed for the whole test: expired (creator 1, all products), another vendor's (creator 2), one for product 1 only (creator 2). */
  fixed: { expired: string; otherVendor: string; otherProduct: string }
  /** The limited code's campaign (creator 0, product 0, ₹250) and the links' (creators 1 and 2, both products, ₹300). */
  codeCampaign: number
  linkCampaign: number
}

let world: World
let runSeq = 0
let network = 0
const db = () => makeDb(env.DB)

async function insertCode(
  row: { VendorID: number; MarketerID: number; Code: string; AllProducts?: boolean; endsAt?: string; UseLimit?: number; CampaignID?: number },
  productIds: number[] = [],
) {
  const [code] = await db()
    .insert(couponCodes)
    .values({ BuyerText: '10% off', CodeNorm: row.Code.toUpperCase(), createdAt: new Date().toISOString(), ...row })
    .returning()
  if (productIds.length)
    await db()
      .insert(couponCodeProducts)
      .values(productIds.map((ProductID) => ({ CodeID: code.CodeID, ProductID })))
  return code
}

beforeAll(async () => {
  const vendor = await makeVerifiedVendor()
  const other = await makeVendor()
  const members = [await makeMarketer(), await makeMarketer(), await makeMarketer()]
  const marketers = members.map((m) => m.id)
  const products = [await insertProduct(vendor.id), await insertProduct(vendor.id)]
  const codeCampaign = await makeCampaign(vendor, [products[0]], { CommissionType: 'Fixed', CommissionValue: '250' })
  const linkCampaign = await makeCampaign(vendor, products, { Title: 'Wedding season', CommissionType: 'Fixed', CommissionValue: '300' })
  await join(vendor, codeCampaign.CampaignID, members[0])
  await join(vendor, linkCampaign.CampaignID, members[1])
  await join(vendor, linkCampaign.CampaignID, members[2])
  const elsewhere = await insertProduct(other.id)
  const past = new Date(Date.now() - DAY).toISOString()
  await insertCode({ VendorID: vendor.id, MarketerID: marketers[1], Code: 'OLDCODE1', AllProducts: true, endsAt: past })
  await insertCode({ VendorID: other.id, MarketerID: marketers[2], Code: 'THEIRS01' }, [elsewhere.ProductID])
  await insertCode({ VendorID: vendor.id, MarketerID: marketers[2], Code: 'SECOND01' }, [products[1].ProductID])
  world = {
    creators: marketers,
    products,
    vendorId: vendor.id,
    fixed: { expired: 'OLDCODE1', otherVendor: 'THEIRS01', otherProduct: 'SECOND01' },
    codeCampaign: codeCampaign.CampaignID,
    linkCampaign: linkCampaign.CampaignID,
  }
})

describe('attribution by link and creator code', () => {
  it('gives each lead to exactly one creator: the code’s iff the code was usable for that product then', { timeout: PROPERTY_TIMEOUT }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 4 }), async (steps, limit) => {
        // A fresh limited code each run (creator 0, product 0 only), so its uses start at 0.
        const name = `LIM${(++runSeq).toString().padStart(5, '0')}`
        const limited = await insertCode(
          { VendorID: world.vendorId, MarketerID: world.creators[0], Code: name, UseLimit: limit, CampaignID: world.codeCampaign },
          [world.products[0].ProductID],
        )
        const typedOf: Record<CodeChoice, string | null> = {
          limited: name,
          limitedLower: name.toLowerCase(),
          expired: world.fixed.expired,
          otherVendor: world.fixed.otherVendor,
          otherProduct: world.fixed.otherProduct,
          unknown: 'NOPE0000',
          none: null,
        }
        let usesLeft = limit
        const stored: number[] = []
        for (const batch of steps) {
          const inputs = batch.map<LeadInput>((b) => ({
            ProductID: world.products[b.product].ProductID,
            VendorID: world.vendorId,
            MarketerID: world.creators[b.link],
            ClientName: 'Kiran Rao',
            ClientEmail: null,
            ClientPhone: nextPhone(),
            CreatorCode: typedOf[b.code],
            CampaignID: world.linkCampaign,
          }))
          const results = await Promise.all(inputs.map((input) => createLead(db(), keptEvents(), env.JWT_SECRET, input, `net-${++network}`)))
          const rows = await db()
            .select()
            .from(leads)
            .where(
              inArray(
                leads.LeadID,
                results.map((r) => r?.LeadID ?? 0),
              ),
            )
          const byId = new Map(rows.map((r) => [r.LeadID, r]))
          // Buyers this batch whose code could win a use: the limited code, on its product.
          const wanting = batch.filter((b) => (b.code === 'limited' || b.code === 'limitedLower') && b.product === 0).length
          const winners = Math.min(wanting, usesLeft)
          let won = 0
          batch.forEach((b, i) => {
            const result = results[i]
            expect(result).not.toBeNull()
            const row = byId.get(result?.LeadID ?? 0)
            expect(row).toBeDefined()
            if (!row) return
            stored.push(row.LeadID)
            const usable = (b.code === 'limited' || b.code === 'limitedLower') && b.product === 0
            const otherProductUsable = b.code === 'otherProduct' && b.product === 1
            // The link's campaign holds for its member creators (1 and 2) while the lead stays theirs.
            const linkTerms = (stays: boolean) => (stays && b.link !== 0 ? [world.linkCampaign, 30_000] : [null, 15_000])
            if (otherProductUsable) {
              expect([row.MarketerID, row.CodeID !== null]).toEqual([world.creators[2], true])
              expect([row.CampaignID, row.CommissionAmountPaise]).toEqual(linkTerms(b.link === 2))
            } else if (usable && row.CodeID === limited.CodeID) {
              won++
              expect([row.MarketerID, row.CampaignID, row.CommissionAmountPaise]).toEqual([world.creators[0], world.codeCampaign, 25_000])
            } else {
              // Not usable (or its last use went to another buyer of the batch): the link's creator, no code.
              expect([row.MarketerID, row.CodeID]).toEqual([world.creators[b.link], null])
              expect([row.CampaignID, row.CommissionAmountPaise]).toEqual(linkTerms(true))
              expect(result?.CodeNotice ?? null).toEqual(b.code === 'none' ? null : expect.any(String))
            }
          })
          expect(won).toBe(winners)
          usesLeft -= winners
        }
        const [after] = await db().select({ Uses: couponCodes.Uses }).from(couponCodes).where(eq(couponCodes.CodeID, limited.CodeID))
        expect(after.Uses).toBe(limit - usesLeft)
        expect(new Set(stored).size).toBe(stored.length)
      }),
      { numRuns: 25 },
    )
  })
})
