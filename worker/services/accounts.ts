// Sign-up and sign-in, shared by vendors and influencers (marketers).

import type { z } from 'zod/mini'
import { EMAIL_TAKEN_MESSAGE, INVALID_LOGIN_MESSAGE, type marketerRegisterSchema, TOO_MANY_LOGINS_MESSAGE, type vendorRegisterSchema } from '../contract/auth'
import { type Db, isUniqueViolation } from '../db/client'
import { findMarketerByEmail, insertMarketer } from '../db/marketers'
import type { Marketer, Vendor } from '../db/schema'
import { findVendorByEmail, insertVendor } from '../db/vendors'
import { countSlots, FAILED_LOGINS, FAILED_LOGINS_ACCOUNT, releaseSlot, takeSlot } from '../db/rate-limit'
import { rateSubject } from '../domain/subjects'
import { Conflict, Forbidden, RateLimited, Unauthenticated } from '../domain/errors'
import { SUSPENDED_MESSAGE } from '../contract/admin'
import { burnPasswordCheck, hashPassword, verifyPassword } from '../domain/passwords'
import { refuseCommonPassword } from '../domain/password-rules'
import { sendVerificationLink } from './email-verification'
import type { Later } from './later-sink'

type Account = { PasswordHash: string; suspendedAt?: string | null }

/**
 * Whether `password` is the one `hash` was made from, under the failed-login limits (decision 256):
 * 10 failures in 15 minutes per email and network, whatever the role (the attacker guesses the
 * password, not the role), so guesses from one network never lock the owner out on another. Past
 * 100 failures of the email from everywhere, only a network that has not failed yet may still try,
 * which holds a guesser with many networks to one guess each. The attempt takes its place in each
 * count before the password is checked, in the same statement as the count, so however many
 * requests arrive at once no more than 10 passwords per network are checked. A right password
 * gives its places back: signing in never locks anyone out by itself. Without a hash (unknown
 * email) the check costs the same time and counts as a failure. The counts are kept under keyed
 * hashes of the email and network (domain/subjects.ts), never the addresses.
 */
export async function checkPasswordLimited(
  db: Db,
  secret: string,
  email: string,
  password: string,
  hash: string | undefined,
  network: string,
  iterations: number,
): Promise<boolean> {
  const who = email.toLowerCase()
  const fromHere = await rateSubject(secret, FAILED_LOGINS.scope, `${who}\n${network}`)
  const slot = await takeSlot(db, FAILED_LOGINS, fromHere)
  if (slot === null) throw new RateLimited(TOO_MANY_LOGINS_MESSAGE)
  const accountSlot = await takeSlot(db, FAILED_LOGINS_ACCOUNT, await rateSubject(secret, FAILED_LOGINS_ACCOUNT.scope, who))
  if (accountSlot === null && (await countSlots(db, FAILED_LOGINS, fromHere)) > 1) {
    await releaseSlot(db, slot)
    throw new RateLimited(TOO_MANY_LOGINS_MESSAGE)
  }
  // An unknown address costs the same hashing work as a wrong password, so timing tells nothing.
  if (!hash) await burnPasswordCheck(password, iterations)
  const valid = hash ? await verifyPassword(password, hash) : false
  if (valid) await releaseSlot(db, slot, accountSlot)
  return valid
}

/**
 * The login rule shared by vendors, marketers and admins: the same 401 for an unknown email and a
 * wrong password, a 429 once an email has 10 failures in 15 minutes from `network`, and 403 for a
 * suspended account.
 * `iterations`: what new hashes get here (passwordIterations), the cost of checking an unknown email.
 */
export async function checkLogin<A extends Account>(
  db: Db,
  secret: string,
  email: string,
  password: string,
  find: (email: string) => Promise<A | undefined>,
  network: string,
  iterations: number,
): Promise<A> {
  const account = await find(email)
  const valid = await checkPasswordLimited(db, secret, email, password, account?.PasswordHash, network, iterations)
  if (!account || !valid) throw new Unauthenticated(INVALID_LOGIN_MESSAGE)
  // Told only to someone who knows the password, so the message reveals nothing to a guesser.
  if (account.suspendedAt) throw new Forbidden(SUSPENDED_MESSAGE)
  return account
}

/** Hashes the password and runs the insert; a common password is 400, a taken email (even in a race) 409. */
async function registerAccount<T>(
  password: string,
  iterations: number,
  emailTaken: () => Promise<boolean>,
  insert: (passwordHash: string) => Promise<T>,
): Promise<T> {
  refuseCommonPassword(password)
  if (await emailTaken()) throw new Conflict(EMAIL_TAKEN_MESSAGE)
  const passwordHash = await hashPassword(password, iterations)
  try {
    return await insert(passwordHash)
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(EMAIL_TAKEN_MESSAGE)
    throw err
  }
}

/** POST vendors/register: the new vendor's row; the address's verification link goes out after the answer. */
export async function registerVendor(db: Db, later: Later, input: z.output<typeof vendorRegisterSchema>, iterations: number): Promise<Vendor> {
  const { Password, ...fields } = input
  const row = await registerAccount(
    Password,
    iterations,
    async () => Boolean(await findVendorByEmail(db, input.Email)),
    (PasswordHash) => insertVendor(db, { ...fields, PasswordHash }),
  )
  later.run((env) => sendVerificationLink(db, env, 'vendor', row.VendorID))
  return row
}

/** POST marketers/register: the new influencer's row; the address's verification link goes out after the answer. */
export async function registerMarketer(db: Db, later: Later, input: z.output<typeof marketerRegisterSchema>, iterations: number): Promise<Marketer> {
  const { Password, ...fields } = input
  const row = await registerAccount(
    Password,
    iterations,
    async () => Boolean(await findMarketerByEmail(db, input.Email)),
    (PasswordHash) => insertMarketer(db, { ...fields, PasswordHash }),
  )
  later.run((env) => sendVerificationLink(db, env, 'marketer', row.MarketerID))
  return row
}
