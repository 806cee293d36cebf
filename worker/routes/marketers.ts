// /api/marketers: sign-up and sign-in, the directory and public profile, the social media setup,
// the dashboard's totals, the profile and its picture, the data export, from their definitions
// (worker/contract/marketer-routes.ts). The services leave their mails (a verification link) for
// after the answer through r.later.

import type { Context } from 'hono'
import { positiveId } from '../contract/fields'
import { SELECT_IMAGE_MESSAGE } from '../contract/marketer'
import { MARKETER_ROUTES as R } from '../contract/marketer-routes'
import { marketerAnalytics } from '../db/analytics'
import { db } from '../db/client'
import { findMarketerByEmail, toMarketerSelf } from '../db/marketers'
import { InvalidInput } from '../domain/errors'
import { passwordIterations } from '../domain/passwords'
import { rateSubject } from '../domain/subjects'
import type { AppEnv } from '../env'
import { eventsOf } from '../middleware/after-answer'
import { assertSelf, assertSentId } from '../middleware/auth'
import { requestNetwork } from '../middleware/network'
import { readForm } from '../middleware/validate'
import { checkLogin, registerMarketer } from '../services/accounts'
import { exportMarketer } from '../services/data-requests'
import { directoryPage } from '../services/directory'
import { readMarketerProfile } from '../services/influencer-profile'
import { changeMarketerPicture, loadMarketer, saveMarketerProfile, saveSocialMedia } from '../services/profile'
import { issueToken } from '../services/session'
import { handle, mountAll } from './define'

/** The path's {id} must be the signed-in influencer (403 for anyone else), before any body is read. */
const ownId = (c: Context<AppEnv>) => assertSelf(c, 'marketer', positiveId(c.req.param('id')) ?? 0).id

export const marketerRoutes = mountAll(
  handle(R.register, async (c, r) => r.ok(toMarketerSelf(await registerMarketer(db(c), r.later, await r.body(), passwordIterations(c.env))))),
  handle(R.login, async (c, r) => {
    const { Email, Password } = await r.body()
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
    return r.ok({ token, marketer: toMarketerSelf(marketer) })
  }),
  // The setup page checks that the API is up with this call before saving; it gets the public list.
  handle(R.directorySignedIn, async (c, r) => r.pageOf(directoryPage(db(c), r.query()))),
  // Public directory and profile. Registered before /{id} so 'social-media' is never taken for an id.
  handle(R.directory, async (c, r) => r.pageOf(directoryPage(db(c), r.query()))),
  handle(R.profile, async (c, r) => {
    const ip = c.req.header('cf-connecting-ip')
    const profile = await readMarketerProfile(
      db(c),
      c.get('caller'),
      ip ? await rateSubject(c.env.JWT_SECRET, 'profile-view', ip) : null,
      positiveId(c.req.param('id')),
    )
    return r.ok(profile)
  }),
  handle(R.saveSocial, async (c, r) => {
    const id = ownId(c)
    const d = db(c)
    const input = await r.body()
    return r.ok(toMarketerSelf(await saveSocialMedia(d, c.env.MEDIA, await loadMarketer(d, id), input)))
  }),
  // ownId lets only the signed-in influencer through, so the account exists.
  handle(R.analytics, async (c, r) => r.ok(await marketerAnalytics(db(c), c.env, ownId(c)))),
  handle(R.picture, async (c, r) => {
    const id = ownId(c)
    const { fields, files } = await readForm(c)
    const file = files.MarketerProfilePic?.[0]
    if (!file) throw new InvalidInput(SELECT_IMAGE_MESSAGE)
    assertSentId(fields.MarketerID, id)
    return r.ok({ profilePicUrl: await changeMarketerPicture(db(c), c.env.MEDIA, id, file) })
  }),
  handle(R.exportData, async (c, r) => {
    const id = ownId(c)
    c.header('Content-Disposition', `attachment; filename="collabkart-influencer-${id}.json"`)
    return r.ok(await exportMarketer(db(c), c.env, id))
  }),
  handle(R.own, async (c, r) => r.ok(toMarketerSelf(await loadMarketer(db(c), ownId(c))))),
  handle(R.update, async (c, r) => {
    const d = db(c)
    const current = await loadMarketer(d, ownId(c))
    const input = await r.body()
    const { row, token } = await saveMarketerProfile(d, eventsOf(c), r.later, c.env.JWT_SECRET, current, input, requestNetwork(c), passwordIterations(c.env))
    return r.ok(toMarketerSelf(row), token)
  }),
)
