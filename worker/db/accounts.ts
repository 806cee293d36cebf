import { EMAIL_TAKEN_MESSAGE, INVALID_LOGIN_MESSAGE, TOO_MANY_LOGINS_MESSAGE } from '../contract/auth'
import { burnPasswordCheck, hashPassword, verifyPassword } from '../domain/passwords'
import { type Role, signToken } from '../domain/tokens'
import { conflict, tooMany, unauthorized } from '../middleware/envelope'
import { type Db, isUniqueViolation } from './client'
import { FAILED_LOGINS, isLimited, recordEvent } from './rate-limit'

type Account = { PasswordHash: string }

/**
 * The login rule shared by vendors and marketers: the same 401 for an unknown email and a wrong
 * password, and a 429 once an email has 10 failures in 15 minutes.
 */
export async function checkLogin<A extends Account>(
  db: Db,
  email: string,
  password: string,
  find: (email: string) => Promise<A | undefined>,
): Promise<A> {
  // Failures are counted per email and role-agnostic: the attacker guesses the password, not the role.
  if (await isLimited(db, FAILED_LOGINS, email)) throw tooMany(TOO_MANY_LOGINS_MESSAGE)
  const account = await find(email)
  const valid = account ? await verifyPassword(password, account.PasswordHash) : (await burnPasswordCheck(password), false)
  if (!account || !valid) {
    await recordEvent(db, FAILED_LOGINS, email)
    throw unauthorized(INVALID_LOGIN_MESSAGE)
  }
  return account
}

export async function issueToken(role: Role, id: number, secret: string): Promise<string> {
  return signToken({ role, id }, secret)
}

/** Hashes the password and runs the insert; a taken email (even in a race) becomes 409. */
export async function registerAccount<T>(
  password: string,
  emailTaken: () => Promise<boolean>,
  insert: (passwordHash: string) => Promise<T>,
): Promise<T> {
  if (await emailTaken()) throw conflict(EMAIL_TAKEN_MESSAGE)
  const passwordHash = await hashPassword(password)
  try {
    return await insert(passwordHash)
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN_MESSAGE)
    throw err
  }
}
