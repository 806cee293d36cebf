// /api/admin (decision 020): the back office. Sign-in is public; every other route needs a caller with
// role `admin` (401 without a current token, 403 for vendors and influencers), checked before the
// body or query is read. There is no route that edits or deletes an audit entry.

import type { Context } from 'hono'
import { Hono } from 'hono'
import {
  ADMIN_MESSAGES,
  ADMIN_PASSWORD_CHANGED,
  adminPasswordSchema,
  accountListQuerySchema,
  adminProductQuerySchema,
  auditQuerySchema,
  buyerEraseSchema,
  DEAD_MAIL_FETCHED,
  DEAD_EVENT_MESSAGES,
  deadEventQuerySchema,
  deadMailQuerySchema,
  DATA_REQUEST_MESSAGES,
  dataRequestCompleteSchema,
  dataRequestCreateSchema,
  dataRequestQuerySchema,
  requestIdOf,
  eraseSchema,
  optionalReasonSchema,
  type Reason,
  reasonOf,
  reasonSchema,
} from '../contract/admin'
import { loginSchema } from '../contract/auth'
import { DISPUTE_MESSAGES, disputeNoteSchema, disputeQuerySchema } from '../contract/disputes'
import { type AuditActor, findAdmin, findAdminByEmail } from '../db/admin'
import { db } from '../db/client'
import type { AppEnv } from '../env'
import { afterAnswer } from '../middleware/after-answer'
import { callerOf, requireRole } from '../middleware/auth'
import { NotFound, Unauthenticated } from '../domain/errors'
import { ok, okPage, okWithToken } from '../middleware/envelope'
import { jsonBody, jsonLimit, parseWith, pathId, queryOf, readJson } from '../middleware/validate'
import { requestNetwork } from '../middleware/network'
import { InvalidInput } from '../domain/errors'
import { passwordIterations } from '../domain/passwords'
import { checkLogin } from '../services/accounts'
import {
  auditPage,
  eraseBuyer,
  marketerDetail,
  marketerPage,
  overview,
  productPageForAdmin,
  reinstate,
  restore,
  setVendorVerified,
  setVerified,
  suspend,
  takeDown,
  vendorPage,
} from '../services/admin'
import type { AccountKind } from '../types'
import { adminExport, closeDataRequest, dataRequestPage, eraseAccount, logDataRequest } from '../services/data-requests'
import { disputePage, resolveDispute } from '../services/disputes'
import { deadEventPage, replayDeadEvent } from '../services/dead-events'
import { deadMailPage } from '../services/operator-mail'
import { changeAdminPassword } from '../services/profile'
import { issueToken } from '../services/session'

const onlyAdmin = requireRole('admin')

async function actorOf(c: Context<AppEnv>): Promise<AuditActor> {
  const admin = await findAdmin(db(c), callerOf(c).id)
  if (!admin) throw new Unauthenticated()
  return { AdminID: admin.AdminID, adminEmail: admin.Email }
}

const KINDS: Record<string, { kind: AccountKind; missing: string }> = {
  vendors: { kind: 'vendor', missing: ADMIN_MESSAGES.vendorNotFound },
  influencers: { kind: 'marketer', missing: ADMIN_MESSAGES.marketerNotFound },
}

/** `/vendors/:id/...` or `/influencers/:id/...`: which kind, and the id (404 when it names nothing). */
function accountOf(c: Context<AppEnv>): { kind: AccountKind; id: number } {
  const entry = KINDS[c.req.param('kind') ?? '']
  // The route patterns allow only these two; anything else names no route.
  if (!entry) throw new NotFound('Route not found')
  return { kind: entry.kind, id: pathId(c, 'id', entry.missing) }
}

/** The reason of a body whose schema already required one. */
function given(input: Parameters<typeof reasonOf>[0]): Reason {
  const reason = reasonOf(input)
  if (!reason) throw new InvalidInput(ADMIN_MESSAGES.reasonRequired)
  return reason
}

async function body<S extends Parameters<typeof parseWith>[0]>(c: Context<AppEnv>, schema: S) {
  return parseWith(schema, await readJson(c))
}

export const adminRoutes = new Hono<AppEnv>()
  .post('/login', ...jsonBody(loginSchema), async (c) => {
    const { Email, Password } = c.req.valid('json')
    const d = db(c)
    const admin = await checkLogin(d, c.env.JWT_SECRET, Email, Password, (email) => findAdminByEmail(d, email), requestNetwork(c), passwordIterations(c.env))
    const token = await issueToken('admin', admin.AdminID, admin.tokenVersion, c.env.JWT_SECRET)
    return ok(c, 'Login successful', { token, admin: { AdminID: admin.AdminID, Name: admin.Name, Email: admin.Email } })
  })
  .use('*', async (c, next) => {
    // Everything below sign-in is the console's: admins only.
    if (c.req.path.endsWith('/admin/login')) return next()
    return onlyAdmin(c, next)
  })
  .get('/me', async (c) => {
    const admin = await findAdmin(db(c), callerOf(c).id)
    if (!admin) throw new Unauthenticated()
    return ok(c, 'Admin fetched successfully', { AdminID: admin.AdminID, Name: admin.Name, Email: admin.Email })
  })
  .put('/password', jsonLimit, async (c) => {
    const admin = await findAdmin(db(c), callerOf(c).id)
    if (!admin) throw new Unauthenticated()
    const token = await changeAdminPassword(db(c), c.env.JWT_SECRET, admin, await body(c, adminPasswordSchema), requestNetwork(c), passwordIterations(c.env))
    return okWithToken(c, ADMIN_PASSWORD_CHANGED, { AdminID: admin.AdminID, Name: admin.Name, Email: admin.Email }, token)
  })
  .get('/overview', async (c) => ok(c, 'Overview fetched successfully', await overview(db(c), c.env.IMPRESSIONS)))
  .get('/influencers', async (c) => {
    const page = await marketerPage(db(c), parseWith(accountListQuerySchema, queryOf(c)))
    return okPage(c, 'Influencers fetched successfully', page.rows, page.paging)
  })
  .get('/vendors', async (c) => {
    const page = await vendorPage(db(c), parseWith(accountListQuerySchema, queryOf(c)))
    return okPage(c, 'Vendors fetched successfully', page.rows, page.paging)
  })
  .get('/products', async (c) => {
    const page = await productPageForAdmin(db(c), parseWith(adminProductQuerySchema, queryOf(c)))
    return okPage(c, 'Products fetched successfully', page.rows, page.paging)
  })
  .get('/audit', async (c) => {
    const page = await auditPage(db(c), parseWith(auditQuerySchema, queryOf(c)))
    return okPage(c, 'Audit log fetched successfully', page.rows, page.paging)
  })
  .get('/disputes', async (c) => {
    const page = await disputePage(db(c), {}, parseWith(disputeQuerySchema, queryOf(c)))
    return okPage(c, 'Disputes fetched successfully', page.rows, page.paging)
  })
  .post('/disputes/:id/resolve', jsonLimit, async (c) => {
    const disputeId = pathId(c, 'id', DISPUTE_MESSAGES.disputeNotFound)
    const { Note } = await body(c, disputeNoteSchema)
    return ok(c, DISPUTE_MESSAGES.resolved, await resolveDispute(db(c), { role: 'admin', actor: await actorOf(c) }, disputeId, Note))
  })
  .get('/influencers/:id', async (c) => {
    const id = pathId(c, 'id', ADMIN_MESSAGES.marketerNotFound)
    return ok(c, 'Influencer fetched successfully', await marketerDetail(db(c), id))
  })
  .post('/influencers/:id/verify', jsonLimit, async (c) => {
    const id = pathId(c, 'id', ADMIN_MESSAGES.marketerNotFound)
    const reason = reasonOf(await body(c, optionalReasonSchema))
    await setVerified(db(c), await actorOf(c), id, true, reason)
    return ok(c, 'Influencer verified', await marketerDetail(db(c), id))
  })
  .post('/influencers/:id/unverify', jsonLimit, async (c) => {
    const id = pathId(c, 'id', ADMIN_MESSAGES.marketerNotFound)
    const reason = reasonOf(await body(c, optionalReasonSchema))
    await setVerified(db(c), await actorOf(c), id, false, reason)
    return ok(c, 'Verification removed', await marketerDetail(db(c), id))
  })
  .post('/vendors/:id/verify', jsonLimit, async (c) => {
    const id = pathId(c, 'id', ADMIN_MESSAGES.vendorNotFound)
    const reason = reasonOf(await body(c, optionalReasonSchema))
    await setVendorVerified(db(c), await actorOf(c), id, true, reason)
    return ok(c, 'Vendor verified', null)
  })
  .post('/vendors/:id/unverify', jsonLimit, async (c) => {
    const id = pathId(c, 'id', ADMIN_MESSAGES.vendorNotFound)
    const reason = reasonOf(await body(c, optionalReasonSchema))
    await setVendorVerified(db(c), await actorOf(c), id, false, reason)
    return ok(c, 'Verification removed', null)
  })
  .post('/:kind{vendors|influencers}/:id/suspend', jsonLimit, async (c) => {
    const { kind, id } = accountOf(c)
    const reason = given(await body(c, reasonSchema))
    await suspend(db(c), await actorOf(c), kind, id, reason)
    return ok(c, 'Account suspended', null)
  })
  .post('/:kind{vendors|influencers}/:id/reinstate', jsonLimit, async (c) => {
    const { kind, id } = accountOf(c)
    const reason = given(await body(c, reasonSchema))
    await reinstate(db(c), await actorOf(c), kind, id, reason)
    return ok(c, 'Account reinstated', null)
  })
  .get('/:kind{vendors|influencers}/:id/export', async (c) => {
    const { kind, id } = accountOf(c)
    const data = await adminExport(db(c), c.env, await actorOf(c), kind, id)
    c.header('Content-Disposition', `attachment; filename="collabkart-${kind}-${id}.json"`)
    return ok(c, 'Data exported', data)
  })
  .post('/:kind{vendors|influencers}/:id/erase', jsonLimit, async (c) => {
    const { kind, id } = accountOf(c)
    const input = await body(c, eraseSchema)
    await eraseAccount(db(c), c.env.MEDIA, await actorOf(c), kind, id, input.email, given(input), requestIdOf(input.requestId))
    return ok(c, 'Personal data erased', null)
  })
  .post('/products/:id/take-down', jsonLimit, async (c) => {
    const id = pathId(c, 'id', ADMIN_MESSAGES.productNotFound)
    const reason = given(await body(c, reasonSchema))
    await takeDown(db(c), await actorOf(c), id, reason)
    return ok(c, 'Product taken down', null)
  })
  .post('/products/:id/restore', jsonLimit, async (c) => {
    const id = pathId(c, 'id', ADMIN_MESSAGES.productNotFound)
    const reason = given(await body(c, reasonSchema))
    await restore(db(c), await actorOf(c), id, reason)
    return ok(c, 'Product restored', null)
  })
  .post('/buyers/erase', jsonLimit, async (c) => {
    const input = await body(c, buyerEraseSchema)
    const leads = await eraseBuyer(db(c), await actorOf(c), input.phone, given(input), requestIdOf(input.requestId))
    return ok(c, leads === 1 ? '1 lead erased' : `${leads} leads erased`, { leads })
  })
  .get('/mail/dead', async (c) => {
    const page = await deadMailPage(db(c), parseWith(deadMailQuerySchema, queryOf(c)))
    return okPage(c, DEAD_MAIL_FETCHED, page.rows, page.paging)
  })
  .get('/events/dead', async (c) => {
    const page = await deadEventPage(db(c), parseWith(deadEventQuerySchema, queryOf(c)))
    return okPage(c, DEAD_EVENT_MESSAGES.fetched, page.rows, page.paging)
  })
  .post('/events/dead/:id/replay', async (c) => {
    await replayDeadEvent(c.env, await actorOf(c), pathId(c, 'id', DEAD_EVENT_MESSAGES.notFound))
    return ok(c, DEAD_EVENT_MESSAGES.replayed, null)
  })
  .get('/data-requests', async (c) => {
    const page = await dataRequestPage(db(c), parseWith(dataRequestQuerySchema, queryOf(c)))
    return okPage(c, 'Data requests fetched successfully', page.rows, page.paging)
  })
  .post('/data-requests', jsonLimit, async (c) => {
    const logged = await logDataRequest(db(c), await actorOf(c), await body(c, dataRequestCreateSchema))
    afterAnswer(c, logged.later(c.env))
    return ok(c, DATA_REQUEST_MESSAGES.logged, { id: logged.id }, 201)
  })
  .post('/data-requests/:id/complete', jsonLimit, async (c) => {
    const id = pathId(c, 'id', DATA_REQUEST_MESSAGES.notFound)
    const { outcome, note } = await body(c, dataRequestCompleteSchema)
    await closeDataRequest(db(c), await actorOf(c), id, outcome as 'done' | 'declined', note || null)
    return ok(c, DATA_REQUEST_MESSAGES.completed, null)
  })
