// Verified addresses (decision 131): the link sign-up mails (the password reset's token rules, 24
// hours), verifying, Resend and its limit, a changed address, and the two money actions that wait
// for a verified address.

import { env } from 'cloudflare:workers'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { EMAIL_VERIFICATION_ROUTES, VERIFY_MESSAGES } from '../../worker/contract/email-verification'
import { sha256Hex } from '../../worker/domain/secrets'
import { indiaDate } from '../../worker/domain/ledger'
import { addFollower } from '../../worker/services/events'
import { RESENDS_PER_ACCOUNT } from '../../worker/services/email-verification'
import { call } from '../helpers/api'
import { makeLead, makeMarketer, makeProduct, makeVendor, makeVerifiedMarketer, makeVerifiedVendor, PASSWORD } from '../helpers/factories'
import { callWith, linkIn, recordingQueue } from '../helpers/mail'
import type { MarketplaceEvent } from '../../worker/types'

const PUBLIC = 'https://collabkart.example'
const SUBJECT = 'Verify your Collabkart email address'

type Kind = {
  role: 'vendor' | 'marketer'
  web: 'vendor' | 'influencer'
  api: 'vendors' | 'marketers'
  registration: (email: string) => Record<string, string>
  profile: (email: string) => Record<string, string>
}

const KINDS: Kind[] = [
  {
    role: 'vendor',
    web: 'vendor',
    api: 'vendors',
    registration: (Email) => ({ VendorName: 'Asha Textiles', MobileNumber: '9876543210', Email, Password: PASSWORD }),
    profile: (Email) => ({ VendorName: 'Asha Textiles', Mobile: '9876543210', Email }),
  },
  {
    role: 'marketer',
    web: 'influencer',
    api: 'marketers',
    registration: (Email) => ({ MarketerName: 'Riya Sharma', MobileNumber: '9123456780', Email, Password: PASSWORD }),
    profile: (Email) => ({ MarketerName: 'Riya Sharma', MobileNumber: '9123456780', Email }),
  },
]

let seq = 0
const freshEmail = (kind: Kind) => `verify-${kind.role}-${Date.now().toString(36)}-${seq++}@example.in`
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** Signs up through the API with PUBLIC_ORIGIN set, keeping the mails the sign-up raised. */
async function signUp(kind: Kind) {
  const email = freshEmail(kind)
  const mails = recordingQueue()
  const reg = await callWith({ MAIL_QUEUE: mails.queue, PUBLIC_ORIGIN: PUBLIC }, 'POST', `/api/${kind.api}/register`, kind.registration(email))
  expect(reg.status).toBe(201)
  const login = await call<{ token: string; vendor?: { VendorID: number }; marketer?: { MarketerID: number } }>('POST', `/api/${kind.api}/login`, {
    json: { Email: email, Password: PASSWORD },
  })
  const id = login.body.data.vendor?.VendorID ?? login.body.data.marketer?.MarketerID ?? 0
  return { email, id, token: login.body.data.token, mails: mails.sent }
}

const tokenOf = (mail: Parameters<typeof linkIn>[0], kind: Kind) =>
  new URL(linkIn(mail, `${PUBLIC}/verify-email/${kind.web}?token=`)).searchParams.get('token') ?? ''

const verify = (kind: Kind, Token: unknown) => callWith({}, 'POST', EMAIL_VERIFICATION_ROUTES[kind.role].verify.path, { Token })

async function resend(kind: Kind, token: string) {
  const mails = recordingQueue()
  const res = await callWith(
    { MAIL_QUEUE: mails.queue, PUBLIC_ORIGIN: PUBLIC },
    'POST',
    EMAIL_VERIFICATION_ROUTES[kind.role].resend.path,
    undefined,
    bearer(token),
  )
  return { ...res, mails: mails.sent }
}

async function emailVerified(kind: Kind, account: { id: number; token: string }): Promise<boolean> {
  const res = await call<{ emailVerified: boolean }>('GET', `/api/${kind.api}/${account.id}`, { token: account.token })
  expect(res.status).toBe(200)
  return res.body.data.emailVerified
}

const links = async (kind: Kind, accountId: number) =>
  (
    await env.DB.prepare('SELECT * FROM email_verifications WHERE role = ? AND accountId = ? ORDER BY VerificationID')
      .bind(kind.role, accountId)
      .all<Record<string, string | number | null>>()
  ).results

// What the routes publish, as a follower (notifications, webhooks) sees it.
const published: MarketplaceEvent[] = []
const stopWatching = addFollower(async (_env, event) => {
  published.push(event)
})
afterAll(stopWatching)
beforeEach(() => {
  published.length = 0
})

describe.each(KINDS)('verified address of a $role', (kind) => {
  it('mails one 24-hour link on sign-up, stored only as its SHA-256, and the account starts unverified', async () => {
    const account = await signUp(kind)
    expect(account.mails).toHaveLength(1)
    const [mail] = account.mails
    expect(mail.message.to).toBe(account.email)
    expect(mail.message.subject).toBe(SUBJECT)
    expect(mail.message.html).toContain('Verify my email address')
    const token = tokenOf(mail, kind)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const [row, ...more] = await links(kind, account.id)
    expect(more).toHaveLength(0)
    expect(row.tokenHash).toBe(await sha256Hex(token))
    expect(row.email).toBe(account.email)
    expect(JSON.stringify(row)).not.toContain(token)
    const hours = (Date.parse(String(row.expiresAt)) - Date.parse(String(row.createdAt))) / 3_600_000
    expect(hours).toBeCloseTo(24, 1)
    expect(await emailVerified(kind, account)).toBe(false)
  })

  it('verifies the address from the link once, without signing in, and publishes the change', async () => {
    const account = await signUp(kind)
    const token = tokenOf(account.mails[0], kind)
    const res = await verify(kind, token)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe(VERIFY_MESSAGES.verified)
    expect(await emailVerified(kind, account)).toBe(true)
    expect(published).toEqual([{ type: 'account.email_verified', role: kind.role, accountId: account.id, at: expect.any(String) }])
    const again = await verify(kind, token)
    expect(again.status).toBe(400)
    expect(again.body.message).toBe(VERIFY_MESSAGES.linkInvalid)
    expect(published).toHaveLength(1)
  })

  it('refuses an expired link, an unknown one and a malformed one with a way to ask again', async () => {
    const account = await signUp(kind)
    const token = tokenOf(account.mails[0], kind)
    await env.DB.prepare("UPDATE email_verifications SET expiresAt = '2000-01-01T00:00:00.000Z' WHERE tokenHash = ?")
      .bind(await sha256Hex(token))
      .run()
    for (const Token of [token, 'A'.repeat(43), 'short', 42, undefined]) {
      const res = await verify(kind, Token)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(VERIFY_MESSAGES.linkInvalid)
    }
    expect(VERIFY_MESSAGES.linkInvalid).toContain('Resend')
    expect(await emailVerified(kind, account)).toBe(false)
    expect(published).toHaveLength(0)
  })

  it('resends a fresh link to the signed-in account, a few times an hour, then 429', async () => {
    const account = await signUp(kind)
    const statuses: number[] = []
    const tokens: string[] = []
    for (let i = 0; i <= RESENDS_PER_ACCOUNT.max; i++) {
      const res = await resend(kind, account.token)
      statuses.push(res.status)
      if (res.status === 200) {
        expect(res.body.message).toBe(VERIFY_MESSAGES.sent)
        expect(res.mails).toHaveLength(1)
        tokens.push(tokenOf(res.mails[0], kind))
      } else {
        expect(res.body.message).toBe(VERIFY_MESSAGES.tooMany)
        expect(res.mails).toHaveLength(0)
      }
    }
    expect(statuses).toEqual([...Array(RESENDS_PER_ACCOUNT.max).fill(200), 429])
    expect(new Set([tokenOf(account.mails[0], kind), ...tokens]).size).toBe(RESENDS_PER_ACCOUNT.max + 1)
    // Any of the links works; once one has, the others are spent.
    expect((await verify(kind, tokens[1])).status).toBe(200)
    expect((await verify(kind, tokens[0])).status).toBe(400)
  })

  it('tells a verified account so on Resend and mails nothing', async () => {
    const account = await signUp(kind)
    expect((await verify(kind, tokenOf(account.mails[0], kind))).status).toBe(200)
    for (let i = 0; i <= RESENDS_PER_ACCOUNT.max; i++) {
      const res = await resend(kind, account.token)
      expect(res.status).toBe(200)
      expect(res.body.message).toBe(VERIFY_MESSAGES.alreadyVerified)
      expect(res.mails).toHaveLength(0)
    }
  })

  it('needs the account itself for Resend: 401 without a session, 403 for the other role', async () => {
    const other = kind.role === 'vendor' ? await makeMarketer() : await makeVendor()
    expect((await callWith({}, 'POST', EMAIL_VERIFICATION_ROUTES[kind.role].resend.path)).status).toBe(401)
    expect((await callWith({}, 'POST', EMAIL_VERIFICATION_ROUTES[kind.role].resend.path, undefined, bearer(other.token))).status).toBe(403)
  })

  it('makes a changed address unverified, mails the new one a link, and the old link no longer verifies', async () => {
    const account = await signUp(kind)
    const oldToken = tokenOf(account.mails[0], kind)
    // Verified first, so the change visibly takes the stamp away.
    const resent = await resend(kind, account.token)
    expect((await verify(kind, tokenOf(resent.mails[0], kind))).status).toBe(200)
    const unchanged = recordingQueue()
    const same = await callWith(
      { MAIL_QUEUE: unchanged.queue, PUBLIC_ORIGIN: PUBLIC },
      'PUT',
      `/api/${kind.api}/${account.id}`,
      { ...kind.profile(account.email), [kind.role === 'vendor' ? 'VendorName' : 'MarketerName']: 'New Name' },
      bearer(account.token),
    )
    expect(same.status).toBe(200)
    expect(unchanged.sent).toHaveLength(0)
    expect(await emailVerified(kind, account)).toBe(true)

    const newEmail = freshEmail(kind)
    const mails = recordingQueue()
    const changed = await callWith(
      { MAIL_QUEUE: mails.queue, PUBLIC_ORIGIN: PUBLIC },
      'PUT',
      `/api/${kind.api}/${account.id}`,
      kind.profile(newEmail),
      bearer(account.token),
    )
    expect(changed.status).toBe(200)
    expect((changed.body.data as { emailVerified: boolean }).emailVerified).toBe(false)
    expect(await emailVerified(kind, account)).toBe(false)
    expect(mails.sent.map((m) => [m.message.to, m.message.subject])).toEqual([[newEmail, SUBJECT]])
    // A link mailed to the old address cannot verify the new one.
    await env.DB.prepare('UPDATE email_verifications SET usedAt = NULL WHERE tokenHash = ?')
      .bind(await sha256Hex(oldToken))
      .run()
    expect((await verify(kind, oldToken)).status).toBe(400)
    expect(await emailVerified(kind, account)).toBe(false)
    expect((await verify(kind, tokenOf(mails.sent[0], kind))).status).toBe(200)
    expect(await emailVerified(kind, account)).toBe(true)
  })

  it('of two uses of one link at the same moment, one verifies and the other is refused', async () => {
    const account = await signUp(kind)
    const token = tokenOf(account.mails[0], kind)
    const answers = await Promise.all([verify(kind, token), verify(kind, token), verify(kind, token)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400])
    expect(published).toHaveLength(1)
  })
})

describe('sign-up without PUBLIC_ORIGIN', () => {
  it('answers the sign-up as usual and mails no link it could not build', async () => {
    const mails = recordingQueue()
    const res = await callWith({ MAIL_QUEUE: mails.queue, PUBLIC_ORIGIN: '' }, 'POST', '/api/vendors/register', KINDS[0].registration(freshEmail(KINDS[0])), {
      host: 'evil.example',
    })
    expect(res.status).toBe(201)
    expect(mails.sent).toHaveLength(0)
  })

  it('still signs up when the mail queue is down', async () => {
    const mails = recordingQueue(true)
    const res = await callWith(
      { MAIL_QUEUE: mails.queue, PUBLIC_ORIGIN: PUBLIC },
      'POST',
      '/api/marketers/register',
      KINDS[1].registration(freshEmail(KINDS[1])),
    )
    expect(res.status).toBe(201)
  })
})

describe('money actions that need a verified address', () => {
  const detailsCount = async (marketerId: number) =>
    Number((await env.DB.prepare('SELECT count(*) AS n FROM payout_details WHERE MarketerID = ?').bind(marketerId).first<{ n: number }>())?.n)
  const payoutCount = async (vendorId: number) =>
    Number((await env.DB.prepare('SELECT count(*) AS n FROM payouts WHERE VendorID = ?').bind(vendorId).first<{ n: number }>())?.n)
  const UPI = { Method: 'UPI', UpiID: 'riya.pays@okhdfc', PAN: 'ABCDE1234F' }

  it('refuses payout details from an unverified influencer with 403 and saves nothing, then saves them once verified', async () => {
    const kind = KINDS[1]
    const marketer = await signUp(kind)
    const refused = await call('PUT', '/api/money/details', { token: marketer.token, json: UPI })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(VERIFY_MESSAGES.detailsNeedVerified)
    expect(await detailsCount(marketer.id)).toBe(0)
    expect((await verify(kind, tokenOf(marketer.mails[0], kind))).status).toBe(200)
    const saved = await call('PUT', '/api/money/details', { token: marketer.token, json: UPI })
    expect(saved.status).toBe(200)
    expect(await detailsCount(marketer.id)).toBe(1)
  })

  it('refuses a payout from an unverified vendor with 403 and records nothing, then records it once verified', async () => {
    const kind = KINDS[0]
    const vendor = await signUp(kind)
    const marketer = await makeVerifiedMarketer()
    const signedIn = { id: vendor.id, token: vendor.token, email: vendor.email, vendor: { VendorID: vendor.id } } as unknown as Parameters<
      typeof makeProduct
    >[0]
    const product = await makeProduct(signedIn, { Price: '1000', CommissionType: 'Fixed', CommissionValue: '150' })
    expect((await call('PUT', '/api/money/settings', { token: vendor.token, json: { HoldingDays: 0, PaymentTermsDays: 30 } })).status).toBe(200)
    const lead = await makeLead(product, marketer)
    expect((await call('PUT', `/api/leads/status/${lead.LeadID}`, { token: vendor.token, json: { Status: 'Converted' } })).status).toBe(200)
    const payout = { MarketerID: marketer.id, Method: 'UPI', UTR: `UTR${Date.now().toString(36).toUpperCase()}0001`, PaidOn: indiaDate(Date.now()) }
    const refused = await call('POST', '/api/money/payouts', { token: vendor.token, json: payout })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(VERIFY_MESSAGES.payoutNeedsVerified)
    expect(await payoutCount(vendor.id)).toBe(0)
    expect((await verify(kind, tokenOf(vendor.mails[0], kind))).status).toBe(200)
    const recorded = await call('POST', '/api/money/payouts', { token: vendor.token, json: payout })
    expect(recorded.status).toBe(201)
    expect(await payoutCount(vendor.id)).toBe(1)
  })

  it('lets verified accounts through (the factories the money suites use)', async () => {
    const marketer = await makeVerifiedMarketer()
    const vendor = await makeVerifiedVendor()
    expect((await call('PUT', '/api/money/details', { token: marketer.token, json: UPI })).status).toBe(200)
    expect(
      (
        await call('POST', '/api/money/payouts', {
          token: vendor.token,
          json: { MarketerID: marketer.id, Method: 'UPI', UTR: 'UTR000000000777', PaidOn: indiaDate(Date.now()) },
        })
      ).status,
    ).not.toBe(403)
  })
})
