import { Hono } from 'hono'
import {
  COUPON_MESSAGES,
  codeLookupQuerySchema,
  codeStateSchema,
  codeUsesQuerySchema,
  createCodeSchema,
  editCodeSchema,
  marketerCodesQuerySchema,
  vendorCodesQuerySchema,
} from '../contract/coupons'
import { db } from '../db/client'
import type { AppEnv } from '../env'
import { callerOf, requireRole } from '../middleware/auth'
import { ok, okPage } from '../middleware/envelope'
import { jsonBody, parseWith, pathId, queryOf } from '../middleware/validate'
import { codeUsesPage, createCode, editCode, loadOwnedCode, lookupCode, marketerCodesPage, switchCode, vendorCodesPage } from '../services/coupons'

const codeIdOf = (c: Parameters<typeof pathId>[0]) => pathId(c, 'id', COUPON_MESSAGES.notFound)

// Mounted at /api/coupons: creator coupon codes.
export const couponRoutes = new Hono<AppEnv>()
  // Public: the buy page checks a typed code before the form is sent. Limited per network
  // (CF-Connecting-IP, kept only as a keyed hash); local runs share one bucket.
  .get('/lookup', async (c) => {
    const query = parseWith(codeLookupQuerySchema, queryOf(c))
    const network = c.req.header('cf-connecting-ip') ?? 'local'
    return ok(c, COUPON_MESSAGES.found, await lookupCode(db(c), c.env.JWT_SECRET, network, query.productId, query.code))
  })
  .get('/mine', requireRole('marketer'), async (c) => {
    const page = await marketerCodesPage(db(c), callerOf(c).id, parseWith(marketerCodesQuerySchema, queryOf(c)))
    return okPage(c, COUPON_MESSAGES.listed, page.rows, page.paging)
  })
  .get('/', requireRole('vendor'), async (c) => {
    const page = await vendorCodesPage(db(c), callerOf(c).id, parseWith(vendorCodesQuerySchema, queryOf(c)))
    return okPage(c, COUPON_MESSAGES.listed, page.rows, page.paging)
  })
  .post('/', requireRole('vendor'), ...jsonBody(createCodeSchema), async (c) => {
    return ok(c, COUPON_MESSAGES.created, await createCode(db(c), callerOf(c).id, c.req.valid('json')), 201)
  })
  .get('/:id/uses', requireRole('vendor'), async (c) => {
    const code = await loadOwnedCode(db(c), callerOf(c).id, codeIdOf(c))
    const page = await codeUsesPage(db(c), code, parseWith(codeUsesQuerySchema, queryOf(c)))
    return okPage(c, COUPON_MESSAGES.usesListed, page.rows, page.paging)
  })
  .put('/:id', requireRole('vendor'), ...jsonBody(editCodeSchema), async (c) => {
    const code = await loadOwnedCode(db(c), callerOf(c).id, codeIdOf(c))
    await editCode(db(c), code, c.req.valid('json'))
    return ok(c, COUPON_MESSAGES.updated, null)
  })
  .put('/:id/status', requireRole('vendor'), ...jsonBody(codeStateSchema), async (c) => {
    const code = await loadOwnedCode(db(c), callerOf(c).id, codeIdOf(c))
    const { Active } = c.req.valid('json')
    await switchCode(db(c), code, Active)
    return ok(c, Active ? COUPON_MESSAGES.switchedOn : COUPON_MESSAGES.switchedOff, { CodeID: code.CodeID, Active })
  })
