import type { Context } from 'hono'
import { COUPON_MESSAGES, COUPON_ROUTES as R } from '../contract/coupons'
import { db } from '../db/client'
import type { AppEnv } from '../env'
import { callerOf } from '../middleware/auth'
import { pathId } from '../middleware/validate'
import { codeUsesPage, createCode, editCode, loadOwnedCode, lookupCode, marketerCodesPage, switchCode, vendorCodesPage } from '../services/coupons'
import { handle, mountAll } from './define'

const codeIdOf = (c: Context<AppEnv>) => pathId(c, 'id', COUPON_MESSAGES.notFound)

// Creator coupon codes. The edits read their body before looking the code up (a bad body is 400
// whoever's code it names), as they always have.
export const couponRoutes = mountAll(
  // Public: the buy page checks a typed code before the form is sent. Limited per network
  // (CF-Connecting-IP, kept only as a keyed hash); local runs share one bucket.
  handle(R.lookup, async (c, r) => {
    const query = r.query()
    const network = c.req.header('cf-connecting-ip') ?? 'local'
    return r.ok(await lookupCode(db(c), c.env.JWT_SECRET, network, query.productId, query.code))
  }),
  handle(R.mine, async (c, r) => {
    const page = await marketerCodesPage(db(c), callerOf(c).id, r.query())
    return r.page(page.rows, page.paging)
  }),
  handle(R.list, async (c, r) => {
    const page = await vendorCodesPage(db(c), callerOf(c).id, r.query())
    return r.page(page.rows, page.paging)
  }),
  handle(R.create, async (c, r) => r.ok(await createCode(db(c), callerOf(c).id, await r.body()))),
  handle(R.uses, async (c, r) => {
    const code = await loadOwnedCode(db(c), callerOf(c).id, codeIdOf(c))
    const page = await codeUsesPage(db(c), code, r.query())
    return r.page(page.rows, page.paging)
  }),
  handle(R.edit, async (c, r) => {
    const input = await r.body()
    await editCode(db(c), await loadOwnedCode(db(c), callerOf(c).id, codeIdOf(c)), input)
    return r.ok(null)
  }),
  handle(R.status, async (c, r) => {
    const { Active } = await r.body()
    const code = await loadOwnedCode(db(c), callerOf(c).id, codeIdOf(c))
    await switchCode(db(c), code, Active)
    return r.ok({ CodeID: code.CodeID, Active }, { message: Active ? COUPON_MESSAGES.switchedOn : COUPON_MESSAGES.switchedOff })
  }),
)
