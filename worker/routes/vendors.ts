import type { Context } from 'hono'
import { Hono } from 'hono'
import { loginSchema, vendorRegisterSchema } from '../contract/auth'
import { VENDOR_NOT_FOUND_MESSAGE, VENDOR_PROFILE_MESSAGES, vendorUpdateSchema } from '../contract/vendor'
import { passwordIterations } from '../domain/passwords'
import { checkLogin, registerVendor } from '../services/accounts'
import { vendorAnalytics } from '../db/analytics'
import { db } from '../db/client'
import { findVendor, findVendorByEmail, toVendorPublic, toVendorSelf } from '../db/vendors'
import type { AppEnv } from '../env'
import { assertSelf, assertSentId, callerOf, requireRole } from '../middleware/auth'
import { InvalidInput, NotFound } from '../domain/errors'
import { afterAnswer, eventsOf } from '../middleware/after-answer'
import { ok, okPage, okWithToken } from '../middleware/envelope'
import { BODY_LIMITS, limitBody } from '../middleware/body-limit'
import { jsonBody, jsonLimit, parseWith, pathId, queryOf, readForm, readJson } from '../middleware/validate'
import { requestNetwork } from '../middleware/network'
import { VENDOR_PERFORMANCE_VIEWS, type VendorPerformanceView, vendorPerformanceQuerySchema } from '../contract/performance'
import { vendorPerformanceCsv, vendorPerformancePage } from '../services/performance'
import { changeVendorPicture, saveVendorProfile } from '../services/profile'
import { exportVendor } from '../services/data-requests'
import { issueToken } from '../services/session'
import { sendVerificationLink } from '../services/email-verification'

const vendorIdOf = (c: Context<AppEnv>) => pathId(c, 'id', VENDOR_NOT_FOUND_MESSAGE)

function performanceView(c: Context<AppEnv>): VendorPerformanceView {
  const view = VENDOR_PERFORMANCE_VIEWS.find((v) => v === c.req.param('view'))
  if (!view) throw new NotFound('Route not found')
  return view
}

export const vendorRoutes = new Hono<AppEnv>()
  .post('/register', ...jsonBody(vendorRegisterSchema), async (c) => {
    const row = await registerVendor(db(c), c.req.valid('json'), passwordIterations(c.env))
    afterAnswer(c, sendVerificationLink(db(c), c.env, 'vendor', row.VendorID))
    return ok(c, 'Vendor registered successfully', toVendorSelf(row), 201)
  })
  .post('/login', ...jsonBody(loginSchema), async (c) => {
    const { Email, Password } = c.req.valid('json')
    const d = db(c)
    const vendor = await checkLogin(d, c.env.JWT_SECRET, Email, Password, (email) => findVendorByEmail(d, email), requestNetwork(c), passwordIterations(c.env))
    const token = await issueToken('vendor', vendor.VendorID, vendor.tokenVersion, c.env.JWT_SECRET)
    return ok(c, 'Login successful', { token, vendor: toVendorSelf(vendor) })
  })
  .get('/analytics/:id', requireRole('vendor'), async (c) => {
    const id = assertSelf(c, 'vendor', vendorIdOf(c)).id
    return ok(c, 'Analytics fetched successfully', await vendorAnalytics(db(c), c.env, id))
  })
  .post('/upload/vendor-profile/:id', requireRole('vendor'), limitBody(BODY_LIMITS.picture), async (c) => {
    const id = assertSelf(c, 'vendor', vendorIdOf(c)).id
    const { fields, files } = await readForm(c)
    assertSentId(fields.VendorID, id)
    const file = files.VendorProfilePic?.[0]
    if (!file) throw new InvalidInput(VENDOR_PROFILE_MESSAGES.pictureRequired)
    const row = await changeVendorPicture(db(c), c.env.MEDIA, id, file)
    return ok(c, 'Profile picture updated successfully', toVendorSelf(row))
  })
  // The vendor's own performance by product or by influencer, paged, or all rows as CSV.
  .get('/performance/:view', requireRole('vendor'), async (c) => {
    const view = performanceView(c)
    const query = parseWith(vendorPerformanceQuerySchema, queryOf(c))
    const page = await vendorPerformancePage(c.env, callerOf(c).id, view, query)
    return okPage(c, 'Performance fetched successfully', page.rows, page.paging)
  })
  .get('/performance/:view/csv', requireRole('vendor'), async (c) => {
    const view = performanceView(c)
    const query = parseWith(vendorPerformanceQuerySchema, queryOf(c))
    const csv = await vendorPerformanceCsv(c.env, callerOf(c).id, view, query)
    const name = `collabkart-performance-${view}-${query.period === 'all' ? 'all-time' : `${query.period}-days`}.csv`
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store' })
  })
  .get('/:id/export', requireRole('vendor'), async (c) => {
    const id = assertSelf(c, 'vendor', vendorIdOf(c)).id
    c.header('Content-Disposition', `attachment; filename="collabkart-vendor-${id}.json"`)
    return ok(c, 'Data exported', await exportVendor(db(c), c.env, id))
  })
  .get('/:id', async (c) => {
    const vendor = await findVendor(db(c), vendorIdOf(c))
    const caller = c.get('caller')
    const self = caller?.role === 'vendor' && caller.id === vendor?.VendorID
    // A suspended vendor leaves the public side with their products (a suspended vendor's own
    // tokens stop working, so `self` never sees it either); leads keep their names through the lists.
    if (!vendor || (vendor.suspendedAt !== null && !self)) throw new NotFound(VENDOR_NOT_FOUND_MESSAGE)
    return ok(c, 'Vendor fetched successfully', self ? toVendorSelf(vendor) : toVendorPublic(vendor))
  })
  .put('/:id', requireRole('vendor'), jsonLimit, async (c) => {
    const id = assertSelf(c, 'vendor', vendorIdOf(c)).id
    const body = await readJson(c)
    assertSentId(body.VendorID, id)
    const input = parseWith(vendorUpdateSchema, body)
    const { row, token, addressChanged } = await saveVendorProfile(
      db(c),
      eventsOf(c),
      c.env.JWT_SECRET,
      id,
      input,
      requestNetwork(c),
      passwordIterations(c.env),
    )
    if (addressChanged) afterAnswer(c, sendVerificationLink(db(c), c.env, 'vendor', id))
    return okWithToken(c, 'Profile updated successfully', toVendorSelf(row), token)
  })
