// Verified addresses (decision 131). Sign-up, a changed address and Resend mail a link with the
// password reset's rules (32 bytes from the CSPRNG kept only as their SHA-256, single use, built on
// PUBLIC_ORIGIN, never the Host header) that works for 24 hours. Unverified accounts use the app
// as before; saving payout details and recording payouts wait for a verified address, so money
// notices (a UTR, a changed bank account) only ever go to an address someone proved they read.

import { VERIFY_MESSAGES, VERIFY_RESENDS_PER_HOUR, VERIFY_TTL_HOURS, verifyPagePath } from '../contract/email-verification'
import type { Db } from '../db/client'
import { consumeVerification, findVerifiable, insertVerification, isEmailVerified, type VerifyRole } from '../db/email-verifications'
import { type Limit, takeSlot } from '../db/rate-limit'
import { configuredOrigin } from '../domain/affiliate'
import { Forbidden, InvalidInput, NotFound, RateLimited } from '../domain/errors'
import { verifyEmailMail } from '../domain/mail-templates'
import { randomToken, sha256Hex } from '../domain/secrets'
import { rateSubject } from '../domain/subjects'
import type { Bindings } from '../env'
import { enqueueMail } from './mail-outbox'
import type { Events } from './event-sink'
import type { Later } from './later-sink'

export type { VerifyRole }

export const RESENDS_PER_ACCOUNT: Limit = { scope: 'verify-resend', max: VERIFY_RESENDS_PER_HOUR, windowMs: 60 * 60_000 }

/**
 * Mails a fresh link to the account's current address. Runs after the answer (sign-up, a changed
 * address, Resend), so it never slows or fails the request. A deployed Worker always has
 * PUBLIC_ORIGIN (middleware/public-origin.ts refuses to run without it); without it (the worker
 * tests) no link can be built and none is mailed.
 */
export async function sendVerificationLink(db: Db, env: Bindings, role: VerifyRole, accountId: number): Promise<void> {
  const base = configuredOrigin(env.PUBLIC_ORIGIN)
  const account = await findVerifiable(db, role, accountId)
  if (!base || !account || account.blocked || account.verifiedAt) return
  const token = randomToken()
  const expiresAt = new Date(Date.now() + VERIFY_TTL_HOURS * 3_600_000).toISOString()
  const id = await insertVerification(db, { role, accountId, email: account.email, tokenHash: await sha256Hex(token), expiresAt })
  await enqueueMail(env, {
    eventKey: `verify:${id}`,
    kind: 'email-verification',
    to: account.email,
    content: verifyEmailMail(account.name, `${base}${verifyPagePath(role)}?token=${token}`, VERIFY_TTL_HOURS),
  })
}

/** Stamps the account verified from a live link; 400 with a way to ask again otherwise. */
export async function verifyEmail(db: Db, events: Events, role: VerifyRole, token: string): Promise<{ accountId: number; at: string }> {
  const now = new Date().toISOString()
  const done = await consumeVerification(db, role, await sha256Hex(token), now)
  if (!done) throw new InvalidInput(VERIFY_MESSAGES.linkInvalid)
  await events.raise({ type: 'account.email_verified', role, accountId: done.accountId, at: now })
  return { accountId: done.accountId, at: now }
}

/** Which happened: a link is on its way, or the address was verified already. */
export type ResendAnswer = { message: typeof VERIFY_MESSAGES.sent | typeof VERIFY_MESSAGES.alreadyVerified; emailVerified: boolean }

/**
 * Resend for the signed-in account: a verified one is told so and mailed nothing (and spends no
 * try); otherwise one of RESENDS_PER_ACCOUNT tries an hour (429 past it), the mail after the answer.
 */
export async function resendVerification(db: Db, later: Later, secret: string, role: VerifyRole, accountId: number): Promise<ResendAnswer> {
  const account = await findVerifiable(db, role, accountId)
  if (!account) throw new NotFound('Account not found')
  if (account.verifiedAt) return { message: VERIFY_MESSAGES.alreadyVerified, emailVerified: true }
  const subject = await rateSubject(secret, RESENDS_PER_ACCOUNT.scope, `${role}:${accountId}`)
  if ((await takeSlot(db, RESENDS_PER_ACCOUNT, subject)) === null) throw new RateLimited(VERIFY_MESSAGES.tooMany)
  later.run((env) => sendVerificationLink(db, env, role, accountId))
  return { message: VERIFY_MESSAGES.sent, emailVerified: false }
}

/** The money gates: 403 with `message` unless the account's current address is verified. */
export async function assertEmailVerified(db: Db, role: VerifyRole, accountId: number, message: string): Promise<void> {
  if (!(await isEmailVerified(db, role, accountId))) throw new Forbidden(message)
}
