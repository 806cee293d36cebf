// A session from before a password change says so (decision 260): after a reset link was used, the
// old session's next call reads that the password was changed, not that the session expired. A
// session that really expired keeps the spec's words.

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { SESSION_PASSWORD_CHANGED_MESSAGE } from '../../worker/contract/admin'
import { signToken } from '../../worker/domain/tokens'
import { call } from '../helpers/api'
import { freshIp, makeMarketer, makeVendor } from '../helpers/factories'
import { callWith, linkIn, recordingQueue } from '../helpers/mail'

const PUBLIC = 'https://collabkart.example'

async function resetPassword(api: string, email: string) {
  const mails = recordingQueue()
  await callWith({ MAIL_QUEUE: mails.queue, PUBLIC_ORIGIN: PUBLIC }, 'POST', `${api}/forgot`, { Email: email }, { 'cf-connecting-ip': freshIp() })
  const token = new URL(linkIn(mails.sent[0], PUBLIC)).searchParams.get('token')
  const done = await callWith({ MAIL_QUEUE: recordingQueue().queue, PUBLIC_ORIGIN: PUBLIC }, 'POST', `${api}/reset`, { Token: token, Password: 'brand-new-9x' })
  expect(done.status).toBe(200)
}

describe('the session a password reset ended', () => {
  it('reads that the password was changed, on a read and on a write', async () => {
    const vendor = await makeVendor()
    await resetPassword('/api/vendors/password', vendor.email)
    const read = await call('GET', '/api/money/balance', { token: vendor.token })
    expect([read.status, read.body.message]).toEqual([401, SESSION_PASSWORD_CHANGED_MESSAGE])
    const write = await call('PUT', `/api/vendors/${vendor.id}`, { token: vendor.token, json: {} })
    expect([write.status, write.body.message]).toEqual([401, SESSION_PASSWORD_CHANGED_MESSAGE])
  })

  it("tells an influencer the same; a session that merely expired keeps 'Please log in to continue'", async () => {
    const marketer = await makeMarketer()
    await resetPassword('/api/marketers/password', marketer.email)
    const read = await call('GET', '/api/money/balance', { token: marketer.token })
    expect(read.body.message).toBe(SESSION_PASSWORD_CHANGED_MESSAGE)
    const other = await makeMarketer()
    const expired = await signToken({ role: 'marketer', id: other.id, ver: 0 }, env.JWT_SECRET, Date.now() - 48 * 3_600_000)
    const old = await call('GET', '/api/money/balance', { token: expired })
    expect([old.status, old.body.message]).toEqual([401, 'Please log in to continue'])
  })
})
