// /api/money/payout-account (decisions 297, 298): the vendor's own RazorpayX or Cashfree account,
// pay now, pay runs and the payouts sent; the providers' webhooks are mounted apart, before the
// session check (their signature authenticates).

import { Hono } from 'hono'
import { PAYOUT_ACCOUNT_MESSAGES as M, PAYOUT_ACCOUNT_ROUTES as R, PAYOUT_WEBHOOK_ROUTES as W } from '../contract/payout-accounts'
import { db } from '../db/client'
import { byRole, refuse } from '../domain/roles'
import type { AppEnv } from '../env'
import { publicOrigin } from '../html/document'
import { eventsOf } from '../middleware/after-answer'
import { callerOf } from '../middleware/auth'
import { limitBody } from '../middleware/body-limit'
import { pathId } from '../middleware/validate'
import {
  checkPayoutAccount,
  connectPayoutAccount,
  disconnectPayoutAccount,
  payNow,
  payoutAccount,
  receivePayoutWebhook,
  runPayouts,
  transferList,
} from '../services/provider-payouts'
import { handle, honoPath, mountAll } from './define'

export const payoutAccountRoutes = mountAll(
  handle(R.account, async (c, r) => r.ok(await payoutAccount(db(c), publicOrigin(c.env, c.req.url), callerOf(c).id))),
  handle(R.connect, async (c, r) => r.ok(await connectPayoutAccount(c.env, db(c), publicOrigin(c.env, c.req.url), callerOf(c).id, await r.body(), Date.now()))),
  handle(R.check, async (c, r) => r.ok(await checkPayoutAccount(c.env, db(c), callerOf(c).id, Date.now()))),
  handle(R.disconnect, async (c, r) => {
    await disconnectPayoutAccount(db(c), callerOf(c).id)
    return r.ok(null)
  }),
  handle(R.payNow, async (c, r) => r.ok(await payNow(c.env, db(c), eventsOf(c), callerOf(c).id, (await r.body()).MarketerID, Date.now()))),
  handle(R.run, async (c, r) => r.ok(await runPayouts(c.env, db(c), eventsOf(c), callerOf(c).id, Date.now()))),
  handle(R.transfers, async (c, r) => {
    const owner = byRole<{ VendorID?: number; MarketerID?: number }>(callerOf(c), {
      vendor: (VendorID) => ({ VendorID }),
      marketer: (MarketerID) => ({ MarketerID }),
      admin: refuse,
    })
    return r.ok(await transferList(db(c), owner))
  }),
)

export const payoutWebhookRoutes = new Hono<AppEnv>().use(honoPath(W.receive), limitBody(256 * 1024)).route(
  '/',
  mountAll(
    handle(W.receive, async (c, r) => {
      const vendorId = pathId(c, 'id', M.webhookForged)
      const outcome = await receivePayoutWebhook(
        c.env,
        db(c),
        eventsOf(c),
        c.req.param('provider') ?? '',
        vendorId,
        await c.req.text(),
        (name) => c.req.header(name),
        Date.now(),
      )
      return r.ok(null, { message: outcome === 'duplicate' ? M.webhookDuplicate : M.webhookReceived })
    }),
  ),
)
