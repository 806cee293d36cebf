import { Hono } from 'hono'
import { loginSchema, vendorRegisterSchema } from '../contract/auth'
import { checkLogin, issueToken, registerAccount } from '../db/accounts'
import { db } from '../db/client'
import { vendors } from '../db/schema'
import { findVendorByEmail, toVendorSelf } from '../db/vendors'
import type { AppEnv } from '../env'
import { ok } from '../middleware/envelope'
import { jsonBody } from '../middleware/validate'

export const vendorRoutes = new Hono<AppEnv>()
  .post('/register', jsonBody(vendorRegisterSchema), async (c) => {
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
  .post('/login', jsonBody(loginSchema), async (c) => {
    const { Email, Password } = c.req.valid('json')
    const d = db(c)
    const vendor = await checkLogin(d, Email, Password, (email) => findVendorByEmail(d, email))
    const token = await issueToken('vendor', vendor.VendorID, c.env.JWT_SECRET)
    return ok(c, 'Login successful', { token, vendor: toVendorSelf(vendor) })
  })
