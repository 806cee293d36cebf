// /api/vendors: sign-up and sign-in, the dashboard's totals and performance, the profile and its
// picture, the data export, from their definitions (worker/contract/vendor-routes.ts). The
// services leave their mails (a verification link) for after the answer through r.later.

import type { Context } from 'hono'
import { VENDOR_PERFORMANCE_VIEWS, type VendorPerformanceView } from '../contract/performance'
import { VENDOR_NOT_FOUND_MESSAGE, VENDOR_PROFILE_MESSAGES } from '../contract/vendor'
import { VENDOR_ROUTES as R } from '../contract/vendor-routes'
import { vendorAnalytics } from '../db/analytics'
import { db } from '../db/client'
import { findVendor, findVendorByEmail, toVendorPublic, toVendorSelf } from '../db/vendors'
import { InvalidInput, NotFound } from '../domain/errors'
import { passwordIterations } from '../domain/passwords'
import type { AppEnv } from '../env'
import { eventsOf } from '../middleware/after-answer'
import { assertSelf, assertSentId, callerOf } from '../middleware/auth'
import { requestNetwork } from '../middleware/network'
import { pathId, readForm, readJson } from '../middleware/validate'
import { checkLogin, registerVendor } from '../services/accounts'
import { exportVendor } from '../services/data-requests'
import { vendorPerformanceCsv, vendorPerformancePage } from '../services/performance'
import { changeVendorPicture, saveVendorProfile } from '../services/profile'
import { issueToken } from '../services/session'
import { handle, mountAll } from './define'

const vendorIdOf = (c: Context<AppEnv>) => pathId(c, 'id', VENDOR_NOT_FOUND_MESSAGE)

/** The path's {id} must be the signed-in vendor (403 for another). */
const ownId = (c: Context<AppEnv>) => assertSelf(c, 'vendor', vendorIdOf(c)).id

function viewOf(c: Context<AppEnv>): VendorPerformanceView {
  const view = VENDOR_PERFORMANCE_VIEWS.find((v) => v === c.req.param('view'))
  if (!view) throw new NotFound('Route not found')
  return view
}

export const vendorRoutes = mountAll(
  handle(R.register, async (c, r) => r.ok(toVendorSelf(await registerVendor(db(c), r.later, await r.body(), passwordIterations(c.env))))),
  handle(R.login, async (c, r) => {
    const { Email, Password } = await r.body()
    const d = db(c)
    const vendor = await checkLogin(d, c.env.JWT_SECRET, Email, Password, (email) => findVendorByEmail(d, email), requestNetwork(c), passwordIterations(c.env))
    const token = await issueToken('vendor', vendor.VendorID, vendor.tokenVersion, c.env.JWT_SECRET)
    return r.ok({ token, vendor: toVendorSelf(vendor) })
  }),
  handle(R.analytics, async (c, r) => r.ok(await vendorAnalytics(db(c), c.env, ownId(c)))),
  handle(R.picture, async (c, r) => {
    const id = ownId(c)
    const { fields, files } = await readForm(c)
    assertSentId(fields.VendorID, id)
    const file = files.VendorProfilePic?.[0]
    if (!file) throw new InvalidInput(VENDOR_PROFILE_MESSAGES.pictureRequired)
    return r.ok(toVendorSelf(await changeVendorPicture(db(c), c.env.MEDIA, id, file)))
  }),
  // The vendor's own performance by product or by influencer, paged, or all rows as CSV.
  handle(R.performance, async (c, r) => r.pageOf(vendorPerformancePage(c.env, callerOf(c).id, viewOf(c), r.query()))),
  handle(R.performanceCsv, async (c, r) => {
    const view = viewOf(c)
    const query = r.query()
    const csv = await vendorPerformanceCsv(c.env, callerOf(c).id, view, query)
    const name = `collabkart-performance-${view}-${query.period === 'all' ? 'all-time' : `${query.period}-days`}.csv`
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store' })
  }),
  handle(R.exportData, async (c, r) => {
    const id = ownId(c)
    c.header('Content-Disposition', `attachment; filename="collabkart-vendor-${id}.json"`)
    return r.ok(await exportVendor(db(c), c.env, id))
  }),
  handle(R.one, async (c, r) => {
    const vendor = await findVendor(db(c), vendorIdOf(c))
    const caller = c.get('caller')
    const self = caller?.role === 'vendor' && caller.id === vendor?.VendorID
    // A suspended vendor leaves the public side with their products (a suspended vendor's own
    // tokens stop working, so `self` never sees it either); leads keep their names through the lists.
    if (!vendor || (vendor.suspendedAt !== null && !self)) throw new NotFound(VENDOR_NOT_FOUND_MESSAGE)
    return r.ok(self ? toVendorSelf(vendor) : toVendorPublic(vendor))
  }),
  handle(R.update, async (c, r) => {
    const id = ownId(c)
    // A VendorID in the body must be the path's (403) before the fields are checked (400).
    assertSentId((await readJson(c)).VendorID, id)
    const input = await r.body()
    const { row, token } = await saveVendorProfile(db(c), eventsOf(c), r.later, c.env.JWT_SECRET, id, input, requestNetwork(c), passwordIterations(c.env))
    return r.ok(toVendorSelf(row), token)
  }),
)
