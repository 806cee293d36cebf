import { Hono } from 'hono'
import { loginSchema, marketerRegisterSchema } from '../contract/auth'
import { checkLogin, issueToken, registerAccount } from '../db/accounts'
import { db } from '../db/client'
import { findMarketerByEmail, toMarketerSelf } from '../db/marketers'
import { marketers } from '../db/schema'
import type { AppEnv } from '../env'
import { ok } from '../middleware/envelope'
import { jsonBody } from '../middleware/validate'

export const marketerRoutes = new Hono<AppEnv>()
  .post('/register', jsonBody(marketerRegisterSchema), async (c) => {
    const input = c.req.valid('json')
    const d = db(c)
    const [row] = await registerAccount(
      input.Password,
      async () => Boolean(await findMarketerByEmail(d, input.Email)),
      (PasswordHash) =>
        d
          .insert(marketers)
          .values({ MarketerName: input.MarketerName, MobileNumber: input.MobileNumber, Email: input.Email, PasswordHash })
          .returning(),
    )
    return ok(c, 'Influencer registered successfully', toMarketerSelf(row), 201)
  })
  .post('/login', jsonBody(loginSchema), async (c) => {
    const { Email, Password } = c.req.valid('json')
    const d = db(c)
    const marketer = await checkLogin(d, Email, Password, (email) => findMarketerByEmail(d, email))
    const token = await issueToken('marketer', marketer.MarketerID, c.env.JWT_SECRET)
    return ok(c, 'Login successful', { token, marketer: toMarketerSelf(marketer) })
  })
