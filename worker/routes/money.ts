// /api/money (decision 018): the ledger, payouts, payout details and the vendor's money settings.
// Every route needs a signed-in vendor or influencer and reads or writes only the caller's own
// money; each route names the roles it serves (an admin token gets 403 on all of them).

import type { Context } from 'hono'
import { Hono } from 'hono'
import {
  entryQuerySchema,
  MONEY_MESSAGES,
  moneySettingsSchema,
  payoutDetailsSchema,
  payoutPreviewSchema,
  payoutQuerySchema,
  rangeQuerySchema,
  recordPayoutSchema,
} from '../contract/payouts'
import { VERIFY_MESSAGES } from '../contract/email-verification'
import { DISPUTE_MESSAGES, disputeNoteSchema, disputeQuerySchema } from '../contract/disputes'
import { db } from '../db/client'
import { findTerms, saveTerms } from '../db/ledger'
import type { AppEnv } from '../env'
import { byRole, refuse } from '../domain/roles'
import { eventsOf } from '../middleware/after-answer'
import { callerOf, requireRole } from '../middleware/auth'
import { requireVerifiedEmail } from '../middleware/verified-email'
import { NotFound } from '../domain/errors'
import { ok, okPage } from '../middleware/envelope'
import { jsonLimit, parseWith, pathId, queryOf, readJson } from '../middleware/validate'
import { disputePage, openDispute, resolveDispute } from '../services/disputes'
import { entryPage, marketerBalances, statementCsv, vendorBalances } from '../services/ledger'
import { ownDetails, saveDetails } from '../services/payout-details'
import { owedPage, payoutPage, payoutsCsv, previewPayout, recordPayout } from '../services/payouts'

const csv = (c: Context<AppEnv>, name: string, body: string) =>
  c.body(body, 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' })

export const moneyRoutes = new Hono<AppEnv>()
  .get('/balance', requireRole('vendor', 'marketer'), async (c) => {
    const now = Date.now()
    const data = await byRole(callerOf(c), {
      vendor: (id) => vendorBalances(db(c), id, now),
      marketer: (id) => marketerBalances(db(c), id, now),
      admin: refuse,
    })
    return ok(c, 'Balances fetched successfully', data)
  })
  .get('/entries', requireRole('vendor', 'marketer'), async (c) => {
    const page = await entryPage(db(c), callerOf(c), parseWith(entryQuerySchema, queryOf(c)), Date.now())
    return okPage(c, 'Entries fetched successfully', page.rows, page.paging)
  })
  .get('/payouts', requireRole('vendor', 'marketer'), async (c) => {
    const page = await payoutPage(db(c), callerOf(c), parseWith(payoutQuerySchema, queryOf(c)))
    return okPage(c, 'Payouts fetched successfully', page.rows, page.paging)
  })
  .get('/payouts.csv', requireRole('vendor', 'marketer'), async (c) => {
    const range = parseWith(rangeQuerySchema, queryOf(c))
    return csv(c, 'collabkart-payouts.csv', await payoutsCsv(db(c), callerOf(c), range.from, range.to))
  })
  .get('/statement.csv', requireRole('marketer'), async (c) => {
    const range = parseWith(rangeQuerySchema, queryOf(c))
    return csv(c, 'collabkart-statement.csv', await statementCsv(db(c), callerOf(c).id, range, Date.now()))
  })
  .get('/influencers', requireRole('vendor'), async (c) => {
    const page = await owedPage(db(c), callerOf(c).id, parseWith(payoutQuerySchema, queryOf(c)), Date.now())
    return okPage(c, 'Payouts owed fetched successfully', page.rows, page.paging)
  })
  .post('/payouts/preview', jsonLimit, requireRole('vendor'), async (c) => {
    const input = parseWith(payoutPreviewSchema, await readJson(c))
    return ok(c, 'Payout worked out', await previewPayout(db(c), callerOf(c).id, input, Date.now()))
  })
  .post('/payouts', jsonLimit, requireRole('vendor'), requireVerifiedEmail('vendor', VERIFY_MESSAGES.payoutNeedsVerified), async (c) => {
    const input = parseWith(recordPayoutSchema, await readJson(c))
    const payout = await recordPayout(db(c), eventsOf(c), callerOf(c).id, input, Date.now())
    return ok(c, MONEY_MESSAGES.payoutRecorded, payout, 201)
  })
  .get('/details', requireRole('marketer'), async (c) => ok(c, 'Payout details fetched successfully', await ownDetails(db(c), callerOf(c).id)))
  .put('/details', jsonLimit, requireRole('marketer'), requireVerifiedEmail('marketer', VERIFY_MESSAGES.detailsNeedVerified), async (c) => {
    const input = parseWith(payoutDetailsSchema, await readJson(c))
    const details = await saveDetails(db(c), eventsOf(c), callerOf(c).id, input)
    return ok(c, MONEY_MESSAGES.detailsSaved, details)
  })
  .post('/entries/:id/dispute', jsonLimit, requireRole('marketer'), async (c) => {
    const entryId = pathId(c, 'id', DISPUTE_MESSAGES.entryNotFound)
    const { Note } = parseWith(disputeNoteSchema, await readJson(c))
    return ok(c, DISPUTE_MESSAGES.opened, await openDispute(db(c), callerOf(c).id, entryId, Note), 201)
  })
  .get('/disputes', requireRole('vendor'), async (c) => {
    const page = await disputePage(db(c), { VendorID: callerOf(c).id }, parseWith(disputeQuerySchema, queryOf(c)))
    return okPage(c, 'Disputes fetched successfully', page.rows, page.paging)
  })
  .post('/disputes/:id/resolve', jsonLimit, requireRole('vendor'), async (c) => {
    const disputeId = pathId(c, 'id', DISPUTE_MESSAGES.disputeNotFound)
    const { Note } = parseWith(disputeNoteSchema, await readJson(c))
    return ok(c, DISPUTE_MESSAGES.resolved, await resolveDispute(db(c), { role: 'vendor', id: callerOf(c).id }, disputeId, Note))
  })
  .get('/settings', requireRole('vendor'), async (c) => {
    const terms = await findTerms(db(c), callerOf(c).id)
    if (!terms) throw new NotFound('Vendor not found')
    return ok(c, 'Payout settings fetched successfully', terms)
  })
  .put('/settings', jsonLimit, requireRole('vendor'), async (c) => {
    const terms = parseWith(moneySettingsSchema, await readJson(c))
    await saveTerms(db(c), callerOf(c).id, terms)
    return ok(c, MONEY_MESSAGES.settingsSaved, terms)
  })
