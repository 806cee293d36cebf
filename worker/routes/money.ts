// /api/money (decision 018): the ledger, payouts, payout details and the vendor's money settings.
// Every route needs a signed-in vendor or influencer and reads or writes only the caller's own
// money; each definition (contract/money-routes.ts) names the roles it serves (an admin token gets
// 403 on all of them).

import type { Context } from 'hono'
import { DISPUTE_MESSAGES } from '../contract/disputes'
import { VERIFY_MESSAGES } from '../contract/email-verification'
import { MONEY_ROUTES as R } from '../contract/money-routes'
import { db } from '../db/client'
import { findTerms, saveTerms } from '../db/ledger'
import { NotFound } from '../domain/errors'
import { byRole, refuse } from '../domain/roles'
import type { AppEnv } from '../env'
import { eventsOf } from '../middleware/after-answer'
import { callerOf } from '../middleware/auth'
import { pathId } from '../middleware/validate'
import { disputePage, openDispute, resolveDispute } from '../services/disputes'
import { assertEmailVerified } from '../services/email-verification'
import { entryPage, marketerBalances, statementCsv, vendorBalances } from '../services/ledger'
import { ownDetails, saveDetails } from '../services/payout-details'
import { owedPage, payoutPage, payoutsCsv, previewPayout, recordPayout } from '../services/payouts'
import { handle, mountAll } from './define'

const csv = (c: Context<AppEnv>, name: string, body: string) =>
  c.body(body, 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' })

export const moneyRoutes = mountAll(
  handle(R.balance, async (c, r) => {
    const now = Date.now()
    const data = await byRole(callerOf(c), {
      vendor: (id) => vendorBalances(db(c), id, now),
      marketer: (id) => marketerBalances(db(c), id, now),
      admin: refuse,
    })
    return r.ok(data)
  }),
  handle(R.entries, async (c, r) => {
    const page = await entryPage(db(c), callerOf(c), r.query(), Date.now())
    return r.page(page.rows, page.paging)
  }),
  handle(R.payouts, async (c, r) => {
    const page = await payoutPage(db(c), callerOf(c), r.query())
    return r.page(page.rows, page.paging)
  }),
  handle(R.payoutsCsv, async (c, r) => {
    const range = r.query()
    return csv(c, 'collabkart-payouts.csv', await payoutsCsv(db(c), callerOf(c), range.from, range.to))
  }),
  handle(R.statementCsv, async (c, r) => csv(c, 'collabkart-statement.csv', await statementCsv(db(c), callerOf(c).id, r.query(), Date.now()))),
  handle(R.owed, async (c, r) => {
    const page = await owedPage(db(c), callerOf(c).id, r.query(), Date.now())
    return r.page(page.rows, page.paging)
  }),
  handle(R.preview, async (c, r) => r.ok(await previewPayout(db(c), callerOf(c).id, await r.body(), Date.now()))),
  handle(R.recordPayout, async (c, r) => {
    // The address is checked before the body is read (decision 131): a refused request writes nothing.
    await assertEmailVerified(db(c), 'vendor', callerOf(c).id, VERIFY_MESSAGES.payoutNeedsVerified)
    return r.ok(await recordPayout(db(c), eventsOf(c), callerOf(c).id, await r.body(), Date.now()))
  }),
  handle(R.details, async (c, r) => r.ok(await ownDetails(db(c), callerOf(c).id))),
  handle(R.saveDetails, async (c, r) => {
    await assertEmailVerified(db(c), 'marketer', callerOf(c).id, VERIFY_MESSAGES.detailsNeedVerified)
    return r.ok(await saveDetails(db(c), eventsOf(c), callerOf(c).id, await r.body()))
  }),
  handle(R.dispute, async (c, r) => {
    const entryId = pathId(c, 'id', DISPUTE_MESSAGES.entryNotFound)
    const { Note } = await r.body()
    return r.ok(await openDispute(db(c), callerOf(c).id, entryId, Note))
  }),
  handle(R.disputes, async (c, r) => {
    const page = await disputePage(db(c), { VendorID: callerOf(c).id }, r.query())
    return r.page(page.rows, page.paging)
  }),
  handle(R.resolveDispute, async (c, r) => {
    const disputeId = pathId(c, 'id', DISPUTE_MESSAGES.disputeNotFound)
    const { Note } = await r.body()
    return r.ok(await resolveDispute(db(c), { role: 'vendor', id: callerOf(c).id }, disputeId, Note))
  }),
  handle(R.settings, async (c, r) => {
    const terms = await findTerms(db(c), callerOf(c).id)
    if (!terms) throw new NotFound('Vendor not found')
    return r.ok(terms)
  }),
  handle(R.saveSettings, async (c, r) => {
    const terms = await r.body()
    await saveTerms(db(c), callerOf(c).id, terms)
    return r.ok(terms)
  }),
)
