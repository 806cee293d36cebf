import { IMPRESSION_ROUTES, INVALID_TRACKING_LINK } from '../contract/impressions'
import { isTrackable, recordImpression } from '../db/impressions'
import { isBot, visitorId } from '../domain/impressions'
import { verifyToken } from '../domain/tokens'
import { bearerToken } from '../middleware/auth'
import { NotFound } from '../domain/errors'
import { writeFinished } from '../middleware/shared-reads'
import { handle, mountAll } from './define'

// Public: the buy page calls it when it opens with all three ids.
export const impressionRoutes = mountAll(
  handle(IMPRESSION_ROUTES.record, async (c, r) => {
    const ref = r.query()
    if (!(await isTrackable(c.env, ref))) throw new NotFound(INVALID_TRACKING_LINK)
    const userAgent = c.req.header('user-agent') ?? ''
    // Bots get the same answer as people: nothing tells a crawler that it was recognised. Nor does
    // an influencer signed in on their own link: looking at it is not an audience.
    // Signature and expiry only, no session read: a revoked token of the link's own influencer can at
    // worst leave their own visit uncounted.
    const token = bearerToken(c)
    const claims = token ? await verifyToken(token, c.env.JWT_SECRET) : null
    const ownVisit = claims?.role === 'marketer' && claims.id === ref.marketerId
    if (!isBot(userAgent) && !ownVisit) {
      // Hashing the visitor and the KV writes run after the response: the page waits on no storage
      // (validation comes from the isolate's cache), and a lost write costs one impression, never a wrong one.
      const ip = c.req.header('cf-connecting-ip') ?? ''
      // Once the batch is written, reads arriving after it count it (dashboards show fresh impressions at once).
      c.executionCtx.waitUntil(
        visitorId(ip, userAgent, c.env.JWT_SECRET)
          .then((visitor) => recordImpression(c.env.IMPRESSIONS, ref, visitor))
          .then(writeFinished),
      )
    }
    return r.ok(null)
  }),
)
