import { createExecutionContext, getQueueResult } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { makeDb } from '../../worker/db/client'
import { pageDeadMails } from '../../worker/db/mail-log'
import type { Bindings } from '../../worker/env'
import { type Mailer, toMime } from '../../worker/mail/mailer'
import type { MailMessage, QueuedMail } from '../../worker/types'
import { deliverMail, recordDeadMail, retryDelaySeconds } from '../../worker/services/mail-delivery'
import { batchesOf, enqueueMail, withMailOutbox } from '../../worker/services/mail-outbox'
import { recordingQueue } from '../helpers/mail'
import { watchedBatch } from '../helpers/queues'
import { PROPERTY_TIMEOUT } from '../helpers/property'

const bindings = env as unknown as Bindings
const content = { subject: 'Reset your Collabkart password', text: 'Hello', html: '<p>Hello</p>' }
let seq = 0

function recordingMailer(failures = 0) {
  const sent: MailMessage[] = []
  let left = failures
  const mailer: Mailer = {
    async send(message) {
      if (left > 0) {
        left--
        throw new Error('mail service unavailable')
      }
      sent.push(message)
    },
  }
  return { mailer, sent }
}

async function queued(to = `asha${++seq}@example.com`): Promise<QueuedMail> {
  const q = recordingQueue()
  await enqueueMail({ ...bindings, MAIL_QUEUE: q.queue }, { eventKey: `test:${++seq}`, kind: 'password-reset', to, content })
  expect(q.sent).toHaveLength(1)
  return q.sent[0]
}

/** Runs messages through a consumer; `delays` keeps the delay of each retry it asked for. */
async function runBatch(queue: string, bodies: QueuedMail | QueuedMail[], attempts: number, mailer?: Mailer) {
  const { batch, watched, delays } = watchedBatch<QueuedMail>(queue, [bodies].flat(), attempts)
  const ctx = createExecutionContext()
  if (queue === 'collabkart-mail-dead') await recordDeadMail(watched, bindings)
  else await deliverMail(watched, bindings, mailer ?? recordingMailer().mailer)
  return { ...(await getQueueResult(batch, ctx)), delays }
}

const stateOf = async (body: QueuedMail) =>
  env.DB.prepare('SELECT MailID, state, attempts, lastError, subject, recipientHint FROM mail_log WHERE eventKey = ? AND recipientHash = ?')
    .bind(body.log.eventKey, body.log.recipientHash)
    .first<{ MailID: number; state: string; attempts: number; lastError: string | null; subject: string; recipientHint: string }>()

describe('the mail queue', () => {
  it('sends an event once per recipient, however often it is raised, and writes nothing when raising it', async () => {
    const q = recordingQueue()
    const mail = { eventKey: `lead:${++seq}`, kind: 'password-reset' as const, to: 'ravi@example.com', content }
    await enqueueMail({ ...bindings, MAIL_QUEUE: q.queue }, mail)
    await enqueueMail({ ...bindings, MAIL_QUEUE: q.queue }, { ...mail, to: 'RAVI@example.com' })
    await enqueueMail({ ...bindings, MAIL_QUEUE: q.queue }, { ...mail, to: 'meera@example.com' })
    expect(await stateOf(q.sent[0])).toBeNull()
    const { mailer, sent } = recordingMailer()
    const first = await runBatch('collabkart-mail', q.sent, 1, mailer)
    expect(first.explicitAcks).toHaveLength(3)
    expect(sent.map((m) => m.to)).toEqual(['ravi@example.com', 'meera@example.com'])
    // Raised once more, later: acknowledged, not sent.
    await enqueueMail({ ...bindings, MAIL_QUEUE: q.queue }, mail)
    await runBatch('collabkart-mail', q.sent[3], 1, mailer)
    expect(sent).toHaveLength(2)
  })

  it('sends a queued mail once, forgets its subject and address hint, and acknowledges a redelivery without sending again', async () => {
    const body = await queued()
    const { mailer, sent } = recordingMailer()
    const first = await runBatch('collabkart-mail', body, 1, mailer)
    expect(first.explicitAcks).toHaveLength(1)
    expect(sent.map((m) => m.subject)).toEqual([content.subject])
    // Only the dead-mail list shows a subject or an address hint: a sent mail's log keeps neither.
    expect(await stateOf(body)).toMatchObject({ state: 'sent', subject: '', recipientHint: '' })
    const redelivered = await runBatch('collabkart-mail', body, 2, mailer)
    expect(redelivered.explicitAcks).toHaveLength(1)
    expect(sent).toHaveLength(1)
  })

  it('claims and sends a batch of 100, the most a queue delivers, in one statement whatever D1 allows per statement', async () => {
    const bodies = await Promise.all(Array.from({ length: 100 }, (_, i) => queued(`batch${i}.${++seq}@example.com`)))
    const { mailer, sent } = recordingMailer()
    const result = await runBatch('collabkart-mail', bodies, 1, mailer)
    expect(result.explicitAcks).toHaveLength(100)
    expect(result.retryMessages).toHaveLength(0)
    expect(sent).toHaveLength(100)
    expect(await stateOf(bodies[99])).toMatchObject({ state: 'sent', attempts: 1 })
  })

  it('retries a failed send with growing delays and records the error', async () => {
    const body = await queued()
    const failing = recordingMailer(10).mailer
    const delays: Array<number | undefined> = []
    for (const attempts of [1, 2, 3]) {
      const result = await runBatch('collabkart-mail', body, attempts, failing)
      expect(result.explicitAcks).toHaveLength(0)
      expect(result.retryMessages).toHaveLength(1)
      delays.push(...result.delays)
    }
    expect(delays).toEqual([30, 120, 480])
    expect(await stateOf(body)).toMatchObject({ state: 'queued', attempts: 3, lastError: 'mail service unavailable' })
    expect(retryDelaySeconds(50)).toBe(6 * 60 * 60)
  })

  it('marks what reaches the dead-letter queue dead, for the back office', async () => {
    const body = await queued('dead.letter@example.com')
    await runBatch('collabkart-mail', body, 1, recordingMailer(1).mailer)
    const result = await runBatch('collabkart-mail-dead', body, 1)
    expect(result.explicitAcks).toHaveLength(1)
    const logged = await stateOf(body)
    expect(logged?.state).toBe('dead')
    const dead = await pageDeadMails(makeDb(env.DB), null, 100)
    const row = dead.find((d) => d.MailID === logged?.MailID)
    expect(row).toMatchObject({ kind: 'password-reset', recipientHint: 'd•••@example.com', lastError: 'mail service unavailable' })
    // The operator sees a hint, not the address.
    expect(JSON.stringify(dead)).not.toContain('dead.letter@')
  })

  it('never fails the request when the queue refuses: the mail is kept as dead', async () => {
    const q = recordingQueue(true)
    await expect(
      enqueueMail({ ...bindings, MAIL_QUEUE: q.queue }, { eventKey: `x:${++seq}`, kind: 'password-reset', to: 'kiran@example.com', content }),
    ).resolves.toBeUndefined()
    const dead = await pageDeadMails(makeDb(env.DB), null, 100)
    expect(dead[0]).toMatchObject({ recipientHint: 'k•••@example.com', lastError: 'The mail queue refused the message' })
  })

  it('marks every mail of a batch the queue refuses as dead, and still sends what a failed run raised', async () => {
    const refusing = { ...bindings, MAIL_QUEUE: recordingQueue(true).queue }
    const to = [`lata${++seq}@example.com`, `mohan${++seq}@example.com`]
    await withMailOutbox(refusing, async (mails) => {
      for (const address of to) await mails.add({ eventKey: `x:${++seq}`, kind: 'password-reset', to: address, content })
    })
    const hints = (await pageDeadMails(makeDb(env.DB), null, 100)).map((d) => d.recipientHint)
    expect(hints).toEqual(expect.arrayContaining(['l•••@example.com', 'm•••@example.com']))

    // Work that throws after raising a mail: the mail still reaches the queue, and the error goes on.
    const q = recordingQueue()
    const run = withMailOutbox({ ...bindings, MAIL_QUEUE: q.queue }, async (mails) => {
      await mails.add({ eventKey: `x:${++seq}`, kind: 'password-reset', to: 'nila@example.com', content })
      throw new Error('the next step failed')
    })
    await expect(run).rejects.toThrow('the next step failed')
    expect(q.sent.map((m) => m.message.to)).toEqual(['nila@example.com'])
  })

  it("splits what it hands the queue within the queue's limits (100 mails, 256 KB a call), losing none", { timeout: PROPERTY_TIMEOUT }, () => {
    const mailOf = (i: number, size: number): QueuedMail => ({
      log: { eventKey: `k:${i}`, recipientHash: 'h', recipientHint: 'h', kind: 'password-reset', subject: 's' },
      message: { to: `p${i}@example.com`, subject: 's', text: 'x'.repeat(size), html: '' },
    })
    const bytes = (mails: QueuedMail[]) => mails.reduce((sum, m) => sum + new TextEncoder().encode(JSON.stringify(m)).byteLength, 0)
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 60_000 }), { maxLength: 250 }), (sizes) => {
        const mails = sizes.map((size, i) => mailOf(i, size))
        const batches = batchesOf(mails)
        expect(batches.flat()).toEqual(mails)
        for (const batch of batches) {
          expect(batch.length).toBeGreaterThan(0)
          expect(batch.length).toBeLessThanOrEqual(100)
          expect(bytes(batch)).toBeLessThanOrEqual(240_000)
        }
      }),
      { numRuns: 50 },
    )
    expect(batchesOf(Array.from({ length: 250 }, (_, i) => mailOf(i, 10))).map((b) => b.length)).toEqual([100, 100, 50])
  })

  it('writes the message as MIME with its headers, both bodies and a Message-ID', () => {
    const raw = toMime({ to: 'asha@example.com', ...content, headers: { 'List-Unsubscribe': '<https://collabkart.example/u/1>' } }, 'no-reply@collabkart.in')
    expect(raw).toMatch(/^To: <?asha@example\.com>?/m)
    expect(raw).toMatch(/^Subject: =\?utf-8\?B\?UmVzZXQgeW91ciBDb2xsYWJrYXJ0IHBhc3N3b3Jk\?=/m)
    expect(raw).toMatch(/^List-Unsubscribe: <https:\/\/collabkart\.example\/u\/1>/m)
    expect(raw).toMatch(/^Message-ID: <[0-9a-f-]{36}@collabkart\.in>/m)
    expect(raw).toContain('Content-Type: text/plain; charset=UTF-8')
    expect(raw).toContain('Content-Type: text/html; charset=UTF-8')
    expect(raw).toContain(btoa('Hello'))
  })
})
