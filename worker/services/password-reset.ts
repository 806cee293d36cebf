// Forgot password and reset, after OWASP's forgot-password cheat sheet (decision 130): the same answer
// whether or not the address has an account, the work that differs done after the answer, a
// limit per address and per network that never locks an account, a 32-byte token kept only as its
// SHA-256, 30 minutes, single use, links built on PUBLIC_ORIGIN (never the Host header), and every
// older session ended by the reset.

import { RESET_MESSAGES } from '../contract/password-reset'
import type { Db } from '../db/client'
import { findResettable, insertReset, type ResetRole, consumeReset } from '../db/password-resets'
import { type Limit, takeSlot } from '../db/rate-limit'
import { configuredOrigin } from '../domain/affiliate'
import { InvalidInput, RateLimited } from '../domain/errors'
import { rateSubject } from '../domain/subjects'
import { passwordChangedMail, resetPasswordMail } from '../domain/mail-templates'
import { hashPassword } from '../domain/passwords'
import { refuseCommonPassword } from '../domain/password-rules'
import { randomToken, sha256Hex } from '../domain/secrets'
import type { Bindings } from '../env'
import type { Events } from './event-sink'
import type { Later } from './later-sink'
import { enqueueMail } from './mail-outbox'

export const RESET_TTL_MINUTES = 30
export const RESETS_PER_ADDRESS: Limit = { scope: 'reset-address', max: 5, windowMs: 60 * 60_000 }
export const RESETS_PER_NETWORK: Limit = { scope: 'reset-network', max: 20, windowMs: 60 * 60_000 }

/** The web's path segment for a role: URLs say "influencer". */
const pathRole = (role: ResetRole) => (role === 'marketer' ? 'influencer' : role)

/** Links in mails: the configured public address only; a mail must never carry a forged Host. */
const linkBase = (env: Bindings): string | null => configuredOrigin(env.PUBLIC_ORIGIN)

/**
 * Counts the request against both limits (429 past either), then answers. The account lookup, the
 * token and the mail are left to `later` (run after the answer), so an address with an account
 * answers in the same time as one without.
 */
export async function requestPasswordReset(db: Db, later: Later, secret: string, role: ResetRole, email: string, network: string): Promise<void> {
  // Keyed hashes, as every limit keeps: no address or network stays in rate_events.
  const networkSubject = await rateSubject(secret, RESETS_PER_NETWORK.scope, network)
  if ((await takeSlot(db, RESETS_PER_NETWORK, networkSubject)) === null) throw new RateLimited(RESET_MESSAGES.tooMany)
  const addressSubject = await rateSubject(secret, RESETS_PER_ADDRESS.scope, `${role}:${email}`)
  if ((await takeSlot(db, RESETS_PER_ADDRESS, addressSubject)) === null) throw new RateLimited(RESET_MESSAGES.tooMany)
  later.run((env) => sendResetLink(db, env, role, email))
}

async function sendResetLink(db: Db, env: Bindings, role: ResetRole, email: string): Promise<void> {
  const account = await findResettable(db, role, email)
  const base = linkBase(env)
  if (!account || account.blocked) return
  if (!base) {
    console.error('PUBLIC_ORIGIN is not set: no reset link can be mailed')
    return
  }
  const token = randomToken()
  const expiresAt = new Date(Date.now() + RESET_TTL_MINUTES * 60_000).toISOString()
  const resetId = await insertReset(db, { role, accountId: account.id, tokenHash: await sha256Hex(token), expiresAt })
  const link = `${base}/reset-password/${pathRole(role)}?token=${token}`
  await enqueueMail(env, {
    eventKey: `reset:${resetId}`,
    kind: 'password-reset',
    to: account.email,
    content: resetPasswordMail(account.name, link, RESET_TTL_MINUTES),
  })
}

/**
 * Sets the new password from a live link; 400 with a way to ask again otherwise. A vendor's or an
 * influencer's notice goes through their notifications (the 'password.changed' event: mail and
 * bell); an operator, who has no bell, is mailed directly after the answer.
 */
export async function resetPassword(db: Db, events: Events, later: Later, role: ResetRole, token: string, password: string, iterations: number): Promise<void> {
  // Before the link is used up: a refused password leaves it working for a better one.
  refuseCommonPassword(password)
  const now = new Date().toISOString()
  const account = await consumeReset(db, role, await sha256Hex(token), await hashPassword(password, iterations), now)
  if (!account) throw new InvalidInput(RESET_MESSAGES.linkInvalid)
  if (role === 'vendor' || role === 'marketer') {
    const revokedKeys = account.revokedKeys.map((k) => `${k.Name} (${k.Prefix}…)`)
    await events.raise({ type: 'password.changed', role, accountId: account.id, tokenVersion: account.tokenVersion, at: now, revokedKeys })
    return
  }
  later.run(async (env) => {
    const base = linkBase(env)
    const forgot = base ? `${base}/forgot-password/${pathRole(role)}` : 'the sign-in page'
    await enqueueMail(env, {
      eventKey: `password-changed:${account.resetId}`,
      kind: 'password-changed',
      to: account.email,
      content: passwordChangedMail(account.name, now, forgot),
    })
  })
}
