import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import type { AppEnv } from '../../worker/env'
import { onError } from '../../worker/middleware/envelope'
import { sharedReads } from '../../worker/middleware/shared-reads'

// The coalescing middleware on its own: a small app whose read handler can be held open, so the
// tests decide which requests overlap. Each read answers a counter that the writes move.

type Gate = { open: () => void; opened: Promise<void> }
const gate = (): Gate => {
  let open = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

function harness() {
  let value = 0
  let computed = 0
  let hold: Promise<void> | null = null
  const app = new Hono<AppEnv>()
  app.use('/api/*', sharedReads)
  const read = async (c: import('hono').Context<AppEnv>) => {
    computed++
    const seen = value
    if (hold) await hold
    return c.json({ statusCode: 1, message: 'ok', data: { value: seen, caller: c.req.header('authorization') ?? null } })
  }
  app.get('/api/value', read)
  app.get('/api/admin/value', read)
  app.get('/api/vendors/7/export', read)
  app.get('/api/broken', async () => {
    computed++
    if (hold) await hold
    throw new Error('boom')
  })
  app.post('/api/value', (c) => {
    value++
    return c.json({ statusCode: 1, message: 'changed', data: null })
  })
  app.onError(onError)
  const get = (path: string, token?: string) => app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  return {
    get,
    post: () => app.request('/api/value', { method: 'POST' }),
    holdReads: (g: Gate) => (hold = g.opened),
    releaseHold: () => (hold = null),
    computed: () => computed,
  }
}

const bodyOf = async (res: Response) => (await res.json()) as { data: { value: number; caller: string | null } }

describe('identical reads in flight share one answer', () => {
  it('answers five identical requests that overlap from one computation, each with the same body', async () => {
    const h = harness()
    const g = gate()
    h.holdReads(g)
    const pending = Array.from({ length: 5 }, () => h.get('/api/value', 'alice'))
    await new Promise((r) => setTimeout(r, 5))
    g.open()
    const answers = await Promise.all(pending)
    expect(h.computed()).toBe(1)
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    const bodies = await Promise.all(answers.map(bodyOf))
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1)
  })

  it('never hands one caller the answer computed for another', async () => {
    const h = harness()
    const g = gate()
    h.holdReads(g)
    const pending = [h.get('/api/value', 'alice'), h.get('/api/value', 'bob'), h.get('/api/value')]
    await new Promise((r) => setTimeout(r, 5))
    g.open()
    const bodies = await Promise.all((await Promise.all(pending)).map(bodyOf))
    expect(h.computed()).toBe(3)
    expect(bodies.map((b) => b.data.caller)).toEqual(['Bearer alice', 'Bearer bob', null])
  })

  it('keeps nothing once the answer is out: the next identical request reads afresh', async () => {
    const h = harness()
    expect((await bodyOf(await h.get('/api/value'))).data.value).toBe(0)
    await h.post()
    expect((await bodyOf(await h.get('/api/value'))).data.value).toBe(1)
    expect(h.computed()).toBe(2)
  })

  it('does not let a read that arrives after a write finished join a read that began before it', async () => {
    const h = harness()
    const g = gate()
    h.holdReads(g)
    const before = h.get('/api/value')
    await new Promise((r) => setTimeout(r, 5))
    await h.post()
    h.releaseHold()
    const after = await h.get('/api/value')
    g.open()
    expect((await bodyOf(await before)).data.value).toBe(0)
    expect((await bodyOf(after)).data.value).toBe(1)
    expect(h.computed()).toBe(2)
  })

  it('gives the requests that joined a failing read the same error answer, and reads afresh after it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const h = harness()
    const g = gate()
    h.holdReads(g)
    const pending = [h.get('/api/broken'), h.get('/api/broken')]
    await new Promise((r) => setTimeout(r, 5))
    g.open()
    const answers = await Promise.all(pending)
    expect(answers.map((r) => r.status)).toEqual([500, 500])
    for (const res of answers) expect(await res.json()).toEqual({ statusCode: 0, message: 'Something went wrong. Please try again.', data: null })
    expect(h.computed()).toBe(1)
    expect(logged).toHaveBeenCalledTimes(1)
    expect((await h.get('/api/broken')).status).toBe(500)
    expect(h.computed()).toBe(2)
    logged.mockRestore()
  })

  it('lets every back-office read and every data export run for itself (each writes its own audit entry)', async () => {
    const h = harness()
    const g = gate()
    h.holdReads(g)
    const pending = [
      h.get('/api/admin/value', 'ops'),
      h.get('/api/admin/value', 'ops'),
      h.get('/api/vendors/7/export', 'v'),
      h.get('/api/vendors/7/export', 'v'),
    ]
    await new Promise((r) => setTimeout(r, 5))
    g.open()
    await Promise.all(pending)
    expect(h.computed()).toBe(4)
  })
})
