import type { Context } from 'hono'
import { Hono } from 'hono'
import { loginSchema, vendorRegisterSchema } from '../contract/auth'
import { VENDOR_NOT_FOUND_MESSAGE, VENDOR_PROFILE_MESSAGES, vendorUpdateSchema } from '../contract/vendor'
import { checkLogin, registerAccount } from '../services/accounts'
import { vendorAnalytics } from '../db/analytics'
import { db } from '../db/client'
import { checkImage, replaceImage } from '../db/media'
import { vendors } from '../db/schema'
import {
  findVendor,
  findVendorByEmail,
  replaceProfilePic,
  toVendorPublic,
  toVendorSelf,
} from '../db/vendors'
import type { AppEnv } from '../env'
import { assertSelf, assertSentId, requireAuth } from '../middleware/auth'
import { badRequest, notFound, ok, okWithToken } from '../middleware/envelope'
import { BODY_LIMITS, limitBody } from '../middleware/body-limit'
import { jsonBody, jsonLimit, parseWith, pathId, readForm, readJson } from '../middleware/validate'
import { saveVendorProfile } from '../services/profile'
import { exportVendor } from '../services/data-requests'
import { issueToken } from '../services/session'

const vendorIdOf = (c: Context<AppEnv>) => pathId(c, 'id', VENDOR_NOT_FOUND_MESSAGE)

export const vendorRoutes = new Hono<AppEnv>()
  .post('/register', ...jsonBody(vendorRegisterSchema), async (c) => {
    const input = c.req.valid('json')
    const d = db(c)
    const [row] = await registerAccount(
      input.Password,
      async () => Boolean(await findVendorByEmail(d, input.Email)),
      (PasswordHash) =>
        d
          .insert(vendors)
          .values({ VendorName: input.VendorName, MobileNumber: input.MobileNumber, Email: input.Email, PasswordHash })
          .returning(),
    )
    return ok(c, 'Vendor registered successfully', toVendorSelf(row), 201)
  })
  .post('/login', ...jsonBody(loginSchema), async (c) => {
    const { Email, Password } = c.req.valid('json')
    const d = db(c)
    const vendor = await checkLogin(d, Email, Password, (email) => findVendorByEmail(d, email))
    const token = await issueToken('vendor', vendor.VendorID, vendor.tokenVersion, c.env.JWT_SECRET)
    return ok(c, 'Login successful', { token, vendor: toVendorSelf(vendor) })
  })
  .get('/analytics/:id', requireAuth, async (c) => {
    const id = assertSelf(c, 'vendor', vendorIdOf(c)).id
    return ok(c, 'Analytics fetched successfully', await vendorAnalytics(db(c), c.env, id))
  })
  .post('/upload/vendor-profile/:id', limitBody(BODY_LIMITS.picture), requireAuth, async (c) => {
    const id = assertSelf(c, 'vendor', vendorIdOf(c)).id
    const { fields, files } = await readForm(c)
    assertSentId(fields.VendorID, id)
    const file = files.VendorProfilePic?.[0]
    if (!file) throw badRequest(VENDOR_PROFILE_MESSAGES.pictureRequired)
    const image = await checkImage(file)
    const d = db(c)
    const vendor = await findVendor(d, id)
    if (!vendor) throw notFound(VENDOR_NOT_FOUND_MESSAGE)
    const row = await replaceImage(c.env.MEDIA, 'vendors', image, vendor.VendorProfilePic, (path) =>
      replaceProfilePic(d, id, vendor.VendorProfilePic, path),
    )
    return ok(c, 'Profile picture updated successfully', toVendorSelf(row))
  })
  .get('/:id/export', requireAuth, async (c) => {
    const id = assertSelf(c, 'vendor', vendorIdOf(c)).id
    c.header('Content-Disposition', `attachment; filename="collabkart-vendor-${id}.json"`)
    return ok(c, 'Data exported', await exportVendor(db(c), c.env, id))
  })
  .get('/:id', async (c) => {
    const vendor = await findVendor(db(c), vendorIdOf(c))
    if (!vendor) throw notFound(VENDOR_NOT_FOUND_MESSAGE)
    const caller = c.get('caller')
    const self = caller?.role === 'vendor' && caller.id === vendor.VendorID
    return ok(c, 'Vendor fetched successfully', self ? toVendorSelf(vendor) : toVendorPublic(vendor))
  })
  .put('/:id', jsonLimit, requireAuth, async (c) => {
    const id = assertSelf(c, 'vendor', vendorIdOf(c)).id
    const body = await readJson(c)
    assertSentId(body.VendorID, id)
    const input = parseWith(vendorUpdateSchema, body)
    const { row, token } = await saveVendorProfile(db(c), c.env.JWT_SECRET, id, input)
    return okWithToken(c, 'Profile updated successfully', toVendorSelf(row), token)
  })
