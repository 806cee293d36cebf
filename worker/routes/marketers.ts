import type { Context } from 'hono'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { loginSchema, marketerRegisterSchema } from '../contract/auth'
import { directoryQuerySchema } from '../contract/directory'
import { positiveId } from '../contract/fields'
import {
  MARKETERS_FETCHED,
  PICTURE_UPDATED_MESSAGE,
  PROFILE_UPDATED_MESSAGE,
  profileUpdateSchema,
  SELECT_IMAGE_MESSAGE,
  SOCIAL_UPDATED_MESSAGE,
  socialUpdateSchema,
} from '../contract/marketer'
import { passwordIterations } from '../domain/passwords'
import { checkLogin, registerMarketer } from '../services/accounts'
import { db } from '../db/client'
import { marketerAnalytics } from '../db/analytics'
import { findMarketerByEmail, toMarketerSelf } from '../db/marketers'
import type { AppEnv } from '../env'
import { assertSelf, assertSentId, requireRole } from '../middleware/auth'
import { InvalidInput } from '../domain/errors'
import { afterAnswer, eventsOf } from '../middleware/after-answer'
import { ok, okPage, okWithToken, withSuccessFlag } from '../middleware/envelope'
import { BODY_LIMITS, limitBody } from '../middleware/body-limit'
import { jsonBody, parseWith, queryOf, readForm } from '../middleware/validate'
import { requestNetwork } from '../middleware/network'
import { directoryPage } from '../services/directory'
import { readMarketerProfile } from '../services/influencer-profile'
import { rateSubject } from '../domain/subjects'
import { changeMarketerPicture, loadMarketer, saveMarketerProfile, saveSocialMedia } from '../services/profile'
import { exportMarketer } from '../services/data-requests'
import { issueToken } from '../services/session'
import { sendVerificationLink } from '../services/email-verification'

/** The path's {id} must be the signed-in marketer (401 without a token, 403 for anyone else). */
const ownRecord = [
  requireRole('marketer'),
  createMiddleware<AppEnv>(async (c, next) => {
    assertSelf(c, 'marketer', positiveId(c.req.param('id')) ?? 0)
    await next()
  }),
] as const

/** A page of the public directory, filtered and sorted by the query. */
async function directory(c: Context<AppEnv>) {
  const page = await directoryPage(db(c), parseWith(directoryQuerySchema, queryOf(c)))
  return okPage(c, MARKETERS_FETCHED, page.rows, page.paging)
}

export const marketerRoutes = new Hono<AppEnv>()
  .post('/register', ...jsonBody(marketerRegisterSchema), async (c) => {
    const row = await registerMarketer(db(c), c.req.valid('json'), passwordIterations(c.env))
    afterAnswer(c, sendVerificationLink(db(c), c.env, 'marketer', row.MarketerID))
    return ok(c, 'Influencer registered successfully', toMarketerSelf(row), 201)
  })
  .post('/login', ...jsonBody(loginSchema), async (c) => {
    const { Email, Password } = c.req.valid('json')
    const d = db(c)
    const marketer = await checkLogin(
      d,
      c.env.JWT_SECRET,
      Email,
      Password,
      (email) => findMarketerByEmail(d, email),
      requestNetwork(c),
      passwordIterations(c.env),
    )
    const token = await issueToken('marketer', marketer.MarketerID, marketer.tokenVersion, c.env.JWT_SECRET)
    return ok(c, 'Login successful', { token, marketer: toMarketerSelf(marketer) })
  })
  // The setup page checks that the API is up with this call before saving; it gets the public list.
  .get('/', requireRole('vendor', 'marketer'), directory)
  // Public directory and profile. Registered before /:id so 'social-media' is never taken for an id.
  .get('/social-media', withSuccessFlag, directory)
  .get('/social-media/:id', withSuccessFlag, async (c) => {
    const ip = c.req.header('cf-connecting-ip')
    const profile = await readMarketerProfile(
      db(c),
      c.get('caller'),
      ip ? await rateSubject(c.env.JWT_SECRET, 'profile-view', ip) : null,
      positiveId(c.req.param('id')),
    )
    return ok(c, 'Influencer fetched successfully', profile)
  })
  .put('/social-media/:id', ...ownRecord, ...jsonBody(socialUpdateSchema, BODY_LIMITS.socialMedia), async (c) => {
    const d = db(c)
    const row = await saveSocialMedia(d, c.env.MEDIA, await loadMarketer(d, Number(c.req.param('id'))), c.req.valid('json'))
    return ok(c, SOCIAL_UPDATED_MESSAGE, toMarketerSelf(row))
  })
  .get('/analytics/:id', ...ownRecord, async (c) => {
    // ownRecord let only the signed-in influencer through, so the account exists.
    return ok(c, 'Analytics fetched successfully', await marketerAnalytics(db(c), c.env, Number(c.req.param('id'))))
  })
  .post('/upload/marketer-profile/:id', withSuccessFlag, ...ownRecord, limitBody(BODY_LIMITS.picture), async (c) => {
    const id = Number(c.req.param('id'))
    const { fields, files } = await readForm(c)
    const file = files.MarketerProfilePic?.[0]
    if (!file) throw new InvalidInput(SELECT_IMAGE_MESSAGE)
    assertSentId(fields.MarketerID, id)
    const profilePicUrl = await changeMarketerPicture(db(c), c.env.MEDIA, id, file)
    return ok(c, PICTURE_UPDATED_MESSAGE, { profilePicUrl })
  })
  .get('/:id/export', ...ownRecord, async (c) => {
    const id = Number(c.req.param('id'))
    c.header('Content-Disposition', `attachment; filename="collabkart-influencer-${id}.json"`)
    return ok(c, 'Data exported', await exportMarketer(db(c), c.env, id))
  })
  .get('/:id', ...ownRecord, async (c) => {
    return ok(c, 'Influencer fetched successfully', toMarketerSelf(await loadMarketer(db(c), Number(c.req.param('id')))))
  })
  .put('/:id', ...ownRecord, ...jsonBody(profileUpdateSchema), async (c) => {
    const d = db(c)
    const current = await loadMarketer(d, Number(c.req.param('id')))
    const { row, token, addressChanged } = await saveMarketerProfile(
      d,
      eventsOf(c),
      c.env.JWT_SECRET,
      current,
      c.req.valid('json'),
      requestNetwork(c),
      passwordIterations(c.env),
    )
    if (addressChanged) afterAnswer(c, sendVerificationLink(d, c.env, 'marketer', row.MarketerID))
    return okWithToken(c, PROFILE_UPDATED_MESSAGE, toMarketerSelf(row), token)
  })
