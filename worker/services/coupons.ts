// Creator coupon codes (decision 210): the vendor gives, edits and switches codes; creators list
// theirs; the buy page, lead creation and the conversion API all look a code up the same way.

import {
  ACTIVE_CODES_MAX,
  type ActiveCodeDTO,
  type CodeDTO,
  type CodeRefusal,
  COUPON_MESSAGES,
  type CodeState,
  type CodeUseDTO,
  type CreateCode,
  type EditCode,
  isCodeShape,
  normaliseCode,
  type PublicCodeDTO,
} from '../contract/coupons'
import { CAMPAIGN_MESSAGES } from '../contract/campaigns'
import { paiseToRupeeString } from '../contract/money'
import { findCampaign, findMember, productsOfCampaigns } from '../db/campaigns'
import type { Db } from '../db/client'
import {
  type CodeForProduct,
  type CodeListRow,
  codeLeadsAfter,
  codesPage,
  countOwnActiveProducts,
  findCode,
  findVendorCode,
  insertCode,
  productsOfCodes,
  setCodeOff,
  updateCode,
  usableCodeForLink,
  usableCodesOf,
} from '../db/coupons'
import { findMarketer } from '../db/marketers'
import { findProduct } from '../db/products'
import { type Limit, releaseSlot, takeSlot } from '../db/rate-limit'
import type { CouponCode } from '../db/schema'
import { campaignRunning } from '../domain/campaigns'
import { codeRefusal } from '../domain/coupons'
import { Conflict, Forbidden, InvalidInput, NotFound, RateLimited } from '../domain/errors'
import { rateSubject } from '../domain/subjects'
import { indiaToday } from '../domain/working-days'
import { pageThrough } from './paging'

const toCodeDTO = (row: CodeListRow, named: Array<{ CodeID: number; ProductID: number; ProductName: string }>): CodeDTO => ({
  CodeID: row.CodeID,
  Code: row.Code,
  BuyerText: row.BuyerText,
  VendorID: row.VendorID,
  VendorName: row.VendorName,
  MarketerID: row.MarketerID,
  MarketerName: row.MarketerName,
  AllProducts: row.AllProducts,
  Products: row.AllProducts ? [] : named.filter((p) => p.CodeID === row.CodeID).map(({ ProductID, ProductName }) => ({ ProductID, ProductName })),
  CampaignID: row.CampaignID,
  CampaignTitle: row.CampaignID === null ? null : (row.CampaignTitle ?? null),
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  UseLimit: row.UseLimit,
  Uses: row.Uses,
  Active: row.offAt === null,
  createdAt: row.createdAt,
})

/**
 * Gives a creator a code (decision 210: any creator who is not suspended). Uniqueness per vendor,
 * whatever the case, is the database's unique index: of two creations at once one gets 201, the
 * other 409.
 */
export async function createCode(db: Db, vendorId: number, input: CreateCode, now = Date.now()): Promise<CodeDTO> {
  const marketer = await findMarketer(db, input.MarketerID)
  if (!marketer || marketer.suspendedAt !== null) throw new InvalidInput(COUPON_MESSAGES.marketerNotFound)
  const campaignId = input.CampaignID ?? null
  const all = campaignId === null && input.AllProducts === true
  const ids =
    campaignId !== null ? await campaignProductIds(db, vendorId, campaignId, marketer.MarketerID, now) : all ? [] : [...new Set(input.ProductIDs ?? [])]
  if (campaignId === null && !all && (await countOwnActiveProducts(db, vendorId, ids)) !== ids.length) {
    throw new InvalidInput(COUPON_MESSAGES.productNotYours)
  }
  const at = new Date(now).toISOString()
  if (input.endsAt && input.endsAt <= at) throw new InvalidInput(COUPON_MESSAGES.endPassed)
  const codeId = await insertCode(db, {
    VendorID: vendorId,
    MarketerID: marketer.MarketerID,
    Code: input.Code,
    CodeNorm: normaliseCode(input.Code),
    BuyerText: input.BuyerText,
    AllProducts: all,
    ProductIDs: ids,
    startsAt: input.startsAt ?? null,
    endsAt: input.endsAt ?? null,
    UseLimit: input.UseLimit ?? null,
    CampaignID: campaignId,
    createdAt: at,
  })
  if (codeId === null) throw new Conflict(COUPON_MESSAGES.clash)
  const page = await codesPage(db, { owner: { VendorID: vendorId } }, codeId + 1, 1)
  const named = await productsOfCodes(db, [codeId])
  return toCodeDTO(page.rows[0], named)
}

/**
 * A campaign code's products (decision 213): the campaign must be the vendor's (404 / 403 as for
 * the campaign itself), running, and the creator an accepted member of it; the code then covers
 * exactly the campaign's products (fixed once the campaign is created).
 */
async function campaignProductIds(db: Db, vendorId: number, campaignId: number, marketerId: number, now: number): Promise<number[]> {
  const [campaign, member] = await Promise.all([findCampaign(db, campaignId), findMember(db, campaignId, marketerId)])
  if (!campaign) throw new NotFound(CAMPAIGN_MESSAGES.notFound)
  if (campaign.VendorID !== vendorId) throw new Forbidden(CAMPAIGN_MESSAGES.notYours)
  if (member?.Status !== 'Accepted') throw new InvalidInput(COUPON_MESSAGES.campaignMarketerNotAccepted)
  if (!campaignRunning(campaign, indiaToday(now))) throw new InvalidInput(COUPON_MESSAGES.campaignEnded)
  return (await productsOfCampaigns(db, [campaignId])).map((p) => p.ProductID)
}

type ListQuery = { limit?: number; cursor?: string }

async function listCodes(db: Db, filter: Parameters<typeof codesPage>[1], query: ListQuery) {
  const page = await pageThrough({
    cursor: query.cursor,
    limit: query.limit,
    order: 'newest',
    kinds: ['number'],
    fetch: (from, limit) => codesPage(db, filter, from ? Number(from[0]) : null, limit),
    keyOf: (row) => [row.CodeID],
  })
  const named = await productsOfCodes(
    db,
    page.rows.filter((r) => !r.AllProducts).map((r) => r.CodeID),
  )
  return { rows: page.rows.map((r) => toCodeDTO(r, named)), paging: page.paging }
}

export const vendorCodesPage = (db: Db, vendorId: number, query: ListQuery & { q?: string; marketerId?: number; state?: CodeState }) =>
  listCodes(db, { owner: { VendorID: vendorId }, q: query.q, marketerId: query.marketerId, state: query.state }, query)

export const marketerCodesPage = (db: Db, marketerId: number, query: ListQuery) => listCodes(db, { owner: { MarketerID: marketerId } }, query)

/** The vendor's own code; none and another vendor's are the same 404, as for every other record (decision 258). */
export async function loadOwnedCode(db: Db, vendorId: number, codeId: number): Promise<CouponCode> {
  const code = await findCode(db, codeId)
  if (!code || code.VendorID !== vendorId) throw new NotFound(COUPON_MESSAGES.notFound)
  return code
}

export async function editCode(db: Db, code: CouponCode, input: EditCode, now = Date.now()): Promise<void> {
  const endsAt = input.endsAt === undefined ? code.endsAt : input.endsAt
  if (input.endsAt && code.startsAt && input.endsAt <= code.startsAt) throw new InvalidInput(COUPON_MESSAGES.endBeforeStart)
  if (input.endsAt && input.endsAt <= new Date(now).toISOString()) throw new InvalidInput(COUPON_MESSAGES.endPassed)
  await updateCode(db, code.CodeID, {
    ...(input.BuyerText === undefined ? {} : { BuyerText: input.BuyerText }),
    ...(input.endsAt === undefined ? {} : { endsAt }),
    ...(input.UseLimit === undefined ? {} : { UseLimit: input.UseLimit }),
  })
}

/** The leads a code brought, newest first; the total is the code's use count (no rows counted). */
export async function codeUsesPage(db: Db, code: CouponCode, query: ListQuery) {
  const page = await pageThrough({
    cursor: query.cursor,
    limit: query.limit,
    order: 'newest',
    kinds: ['number'],
    fetch: async (from, limit) => ({ rows: await codeLeadsAfter(db, code.CodeID, from ? Number(from[0]) : null, limit), total: code.Uses }),
    keyOf: (row) => [row.LeadID],
  })
  const rows: CodeUseDTO[] = page.rows.map(({ PricePaise, ...r }) => ({ ...r, Price: paiseToRupeeString(PricePaise) }))
  return { rows, paging: page.paging }
}

export const switchCode = (db: Db, code: CouponCode, active: boolean, now = Date.now()) => setCodeOff(db, code.CodeID, !active, new Date(now).toISOString())

/** A code of `vendorId` as a buyer typed it, with why it cannot be used for `productId` now (null: it can). */
async function checkCode(
  db: Db,
  vendorId: number,
  typed: string,
  productId: number | null,
  now: number,
): Promise<{ code: CodeForProduct | null; refusal: CodeRefusal | null }> {
  const text = typed.trim()
  const code = isCodeShape(text) ? await findVendorCode(db, vendorId, normaliseCode(text), productId) : null
  const usable = code && !code.suspended ? code : null
  return { code: usable, refusal: codeRefusal(usable, productId === null ? true : (usable?.covers ?? false), new Date(now).toISOString()) }
}

/**
 * Codes a network may try that do not work (decision 246): a buyer mistypes a few, a script
 * guessing codes hundreds. Codes that work give their try back, so buyers behind one carrier's
 * shared address are not held up by each other's good codes. At most an hour, so the cron's prune
 * (db/rate-limit.ts pruneEvents) keeps the table small.
 */
export const CODE_LOOKUP_MISSES: Limit = { scope: 'code-lookup', max: 30, windowMs: 10 * 60_000 }

/**
 * GET /api/coupons/lookup: what the buy page shows for a typed code (the code and what it gives),
 * or the buyer's message (400); 429 once the network has tried 30 codes that do not work in 10
 * minutes. The try is taken before the check, in one statement, so a burst cannot pass the limit.
 */
export async function lookupCode(db: Db, secret: string, network: string, productId: number, typed: string, now = Date.now()): Promise<PublicCodeDTO> {
  const slot = await takeSlot(db, CODE_LOOKUP_MISSES, await rateSubject(secret, CODE_LOOKUP_MISSES.scope, network), now)
  if (slot === null) throw new RateLimited(COUPON_MESSAGES.tooManyLookups)
  const product = await findProduct(db, productId)
  if (!product?.IsActive) throw new InvalidInput(COUPON_MESSAGES.notForProduct)
  const { code, refusal } = await checkCode(db, product.VendorID, typed, productId, now)
  if (refusal || !code) throw new InvalidInput(COUPON_MESSAGES[refusal ?? 'unknown'])
  await releaseSlot(db, slot)
  return { Code: code.Code, BuyerText: code.BuyerText }
}

/**
 * What a buy-form lead's creator code does: a code of the product's vendor usable now
 * for the product names the code, whose creator the insert then gives the lead (explicit intent
 * beats the link); any other code names none, and `notice` tells the buyer why (the lead stays
 * with the link's creator). Blank: no code, no notice.
 */
export async function attributeLead(
  db: Db,
  lead: { VendorID: number; ProductID: number; CreatorCode?: string | null },
  callerMarketerId: number | null = null,
  now = Date.now(),
): Promise<{ codeId: number | null; notice: string | null; code: { MarketerID: number; CampaignID: number | null } | null }> {
  const typed = lead.CreatorCode?.trim() ?? ''
  if (!typed) return { codeId: null, notice: null, code: null }
  const { code, refusal } = await checkCode(db, lead.VendorID, typed, lead.ProductID, now)
  if (refusal || !code) return { codeId: null, notice: COUPON_MESSAGES.notApplied(COUPON_MESSAGES[refusal ?? 'unknown']), code: null }
  // A creator typing their own code would be paying themselves, as on their own link.
  if (code.MarketerID === callerMarketerId) return { codeId: null, notice: COUPON_MESSAGES.notApplied(COUPON_MESSAGES.ownCode), code: null }
  return { codeId: code.CodeID, notice: null, code: { MarketerID: code.MarketerID, CampaignID: code.CampaignID } }
}

/** The notice when the checked code was no longer usable at the insert (its last use went to someone else, or it just ended). */
export const codeLostNotice = () => COUPON_MESSAGES.notApplied(COUPON_MESSAGES.usedUp)

/** The vendor's code for an order (conversion API, store webhook): the code, or the refusal's message. */
export async function codeForOrder(db: Db, vendorId: number, typed: string, at: number): Promise<{ code: CodeForProduct } | { refusal: string }> {
  const { code, refusal } = await checkCode(db, vendorId, typed, null, at)
  if (refusal || !code) return { refusal: COUPON_MESSAGES[refusal ?? 'unknown'] }
  return { code }
}

/**
 * A creator's codes that can be used now, for their storefront: newest first, at most
 * 50, with the products each covers (AllProducts: every active product of the vendor).
 */
export async function activeCodesOf(db: Db, marketerId: number, now = Date.now()): Promise<ActiveCodeDTO[]> {
  const rows = await usableCodesOf(db, marketerId, new Date(now).toISOString(), ACTIVE_CODES_MAX)
  const named = await productsOfCodes(
    db,
    rows.filter((r) => !r.AllProducts).map((r) => r.CodeID),
  )
  return rows.map((r) => ({
    CodeID: r.CodeID,
    Code: r.Code,
    BuyerText: r.BuyerText,
    MarketerID: r.MarketerID,
    MarketerName: r.MarketerName,
    VendorID: r.VendorID,
    VendorName: r.VendorName,
    AllProducts: r.AllProducts,
    ProductIDs: named.filter((p) => p.CodeID === r.CodeID).map((p) => p.ProductID),
    CampaignID: r.CampaignID,
    endsAt: r.endsAt,
  }))
}

/** The code the buy page shows for a creator's link: their newest code usable now for the product. */
export const linkCodeOf = (db: Db, marketerId: number, productId: number, now = Date.now()) =>
  usableCodeForLink(db, marketerId, productId, new Date(now).toISOString())
