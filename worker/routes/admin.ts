// /api/admin (decision 020): the back office. Sign-in is public; every other route needs a caller with
// role `admin` (401 without a current token, 403 for vendors and influencers), checked before the
// body or query is read (the definitions in contract/admin-routes.ts say so). There is no route that
// edits or deletes an audit entry.

import type { Context } from 'hono'
import { ADMIN_MESSAGES, DATA_REQUEST_MESSAGES, DEAD_EVENT_MESSAGES, type Reason, reasonOf, requestIdOf } from '../contract/admin'
import { ADMIN_ROUTES as R } from '../contract/admin-routes'
import { DISPUTE_MESSAGES } from '../contract/disputes'
import { type AuditActor, findAdmin, findAdminByEmail } from '../db/admin'
import { db } from '../db/client'
import { InvalidInput, NotFound, Unauthenticated } from '../domain/errors'
import { passwordIterations } from '../domain/passwords'
import type { AppEnv } from '../env'
import { callerOf } from '../middleware/auth'
import { requestNetwork } from '../middleware/network'
import { pathId } from '../middleware/validate'
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
import { adminExport, closeDataRequest, dataRequestPage, eraseAccount, logDataRequest } from '../services/data-requests'
import { deadEventPage, replayDeadEvent } from '../services/dead-events'
import { disputePage, resolveDispute } from '../services/disputes'
import { deadMailPage } from '../services/operator-mail'
import { changeAdminPassword } from '../services/profile'
import { issueToken } from '../services/session'
import type { AccountKind } from '../types'
import { handle, mountAll } from './define'

async function signedIn(c: Context<AppEnv>) {
  const admin = await findAdmin(db(c), callerOf(c).id)
  if (!admin) throw new Unauthenticated()
  return admin
}

async function actorOf(c: Context<AppEnv>): Promise<AuditActor> {
  const admin = await signedIn(c)
  return { AdminID: admin.AdminID, adminEmail: admin.Email }
}

const selfOf = (admin: { AdminID: number; Name: string; Email: string }) => ({ AdminID: admin.AdminID, Name: admin.Name, Email: admin.Email })

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

export const adminRoutes = mountAll(
  handle(R.login, async (c, r) => {
    const { Email, Password } = await r.body()
    const d = db(c)
    const admin = await checkLogin(d, c.env.JWT_SECRET, Email, Password, (email) => findAdminByEmail(d, email), requestNetwork(c), passwordIterations(c.env))
    const token = await issueToken('admin', admin.AdminID, admin.tokenVersion, c.env.JWT_SECRET)
    return r.ok({ token, admin: selfOf(admin) })
  }),
  handle(R.me, async (c, r) => r.ok(selfOf(await signedIn(c)))),
  handle(R.password, async (c, r) => {
    const admin = await signedIn(c)
    const token = await changeAdminPassword(db(c), c.env.JWT_SECRET, admin, await r.body(), requestNetwork(c), passwordIterations(c.env))
    return r.ok(selfOf(admin), token)
  }),
  handle(R.overview, async (c, r) => r.ok(await overview(db(c), c.env.IMPRESSIONS))),
  handle(R.marketers, async (c, r) => r.pageOf(marketerPage(db(c), r.query()))),
  handle(R.vendors, async (c, r) => r.pageOf(vendorPage(db(c), r.query()))),
  handle(R.products, async (c, r) => r.pageOf(productPageForAdmin(db(c), r.query()))),
  handle(R.audit, async (c, r) => r.pageOf(auditPage(db(c), r.query()))),
  handle(R.disputes, async (c, r) => r.pageOf(disputePage(db(c), {}, r.query()))),
  handle(R.resolveDispute, async (c, r) => {
    const disputeId = pathId(c, 'id', DISPUTE_MESSAGES.disputeNotFound)
    const { Note } = await r.body()
    return r.ok(await resolveDispute(db(c), { role: 'admin', actor: await actorOf(c) }, disputeId, Note))
  }),
  handle(R.marketer, async (c, r) => r.ok(await marketerDetail(db(c), pathId(c, 'id', ADMIN_MESSAGES.marketerNotFound)))),
  handle(R.verifyMarketer, async (c, r) => {
    const id = pathId(c, 'id', ADMIN_MESSAGES.marketerNotFound)
    await setVerified(db(c), await actorOf(c), id, true, reasonOf(await r.body()))
    return r.ok(await marketerDetail(db(c), id))
  }),
  handle(R.unverifyMarketer, async (c, r) => {
    const id = pathId(c, 'id', ADMIN_MESSAGES.marketerNotFound)
    await setVerified(db(c), await actorOf(c), id, false, reasonOf(await r.body()))
    return r.ok(await marketerDetail(db(c), id))
  }),
  handle(R.verifyVendor, async (c, r) => {
    const id = pathId(c, 'id', ADMIN_MESSAGES.vendorNotFound)
    await setVendorVerified(db(c), await actorOf(c), id, true, reasonOf(await r.body()))
    return r.ok(null)
  }),
  handle(R.unverifyVendor, async (c, r) => {
    const id = pathId(c, 'id', ADMIN_MESSAGES.vendorNotFound)
    await setVendorVerified(db(c), await actorOf(c), id, false, reasonOf(await r.body()))
    return r.ok(null)
  }),
  handle(R.suspend, async (c, r) => {
    const { kind, id } = accountOf(c)
    await suspend(db(c), await actorOf(c), kind, id, given(await r.body()))
    return r.ok(null)
  }),
  handle(R.reinstate, async (c, r) => {
    const { kind, id } = accountOf(c)
    await reinstate(db(c), await actorOf(c), kind, id, given(await r.body()))
    return r.ok(null)
  }),
  handle(R.exportAccount, async (c, r) => {
    const { kind, id } = accountOf(c)
    const data = await adminExport(db(c), c.env, await actorOf(c), kind, id)
    c.header('Content-Disposition', `attachment; filename="collabkart-${kind}-${id}.json"`)
    return r.ok(data)
  }),
  handle(R.erase, async (c, r) => {
    const { kind, id } = accountOf(c)
    const input = await r.body()
    await eraseAccount(db(c), c.env.MEDIA, await actorOf(c), kind, id, input.email, given(input), requestIdOf(input.requestId))
    return r.ok(null)
  }),
  handle(R.takeDown, async (c, r) => {
    const id = pathId(c, 'id', ADMIN_MESSAGES.productNotFound)
    await takeDown(db(c), await actorOf(c), id, given(await r.body()))
    return r.ok(null)
  }),
  handle(R.restore, async (c, r) => {
    const id = pathId(c, 'id', ADMIN_MESSAGES.productNotFound)
    await restore(db(c), await actorOf(c), id, given(await r.body()))
    return r.ok(null)
  }),
  handle(R.eraseBuyer, async (c, r) => {
    const input = await r.body()
    const leads = await eraseBuyer(db(c), await actorOf(c), input.phone, given(input), requestIdOf(input.requestId))
    // The count is in the message: the definition's '1 lead erased' or '{n} leads erased'.
    const [one, many] = R.eraseBuyer.answer.message
    return r.ok({ leads }, leads === 1 ? { message: one } : { message: many, values: { n: leads } })
  }),
  handle(R.deadMail, async (c, r) => r.pageOf(deadMailPage(db(c), r.query()))),
  handle(R.deadEvents, async (c, r) => r.pageOf(deadEventPage(db(c), r.query()))),
  handle(R.replayDeadEvent, async (c, r) => {
    await replayDeadEvent(c.env, await actorOf(c), pathId(c, 'id', DEAD_EVENT_MESSAGES.notFound))
    return r.ok(null)
  }),
  handle(R.dataRequests, async (c, r) => r.pageOf(dataRequestPage(db(c), r.query()))),
  handle(R.logDataRequest, async (c, r) => {
    return r.ok(await logDataRequest(db(c), r.later, await actorOf(c), await r.body()))
  }),
  handle(R.completeDataRequest, async (c, r) => {
    const id = pathId(c, 'id', DATA_REQUEST_MESSAGES.notFound)
    const { outcome, note } = await r.body()
    await closeDataRequest(db(c), await actorOf(c), id, outcome as 'done' | 'declined', note || null)
    return r.ok(null)
  }),
)
