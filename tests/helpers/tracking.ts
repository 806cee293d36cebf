// Calls the impression tracker through the Worker's fetch handler and waits for the work it
// leaves to run after the response (ctx.waitUntil), so a test sees the impression as counted.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import worker from '../../worker/index'
import { ORIGIN } from './api'

export const BROWSER_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36'

export type Link = { productId: number | string; vendorId: number | string; marketerId: number | string }
export type Visitor = { ip?: string; ua?: string }

export async function track(link: Link, visitor: Visitor = {}): Promise<{ status: number; body: { statusCode: number; message: string } }> {
  const query = new URLSearchParams({ productId: String(link.productId), vendorId: String(link.vendorId), marketerId: String(link.marketerId) })
  const headers = new Headers({ 'cf-connecting-ip': visitor.ip ?? '203.0.113.7' })
  if (visitor.ua !== '') headers.set('user-agent', visitor.ua ?? BROWSER_UA)
  const ctx = createExecutionContext()
  const res = await worker.fetch(new Request(`${ORIGIN}/api/affiliate/track/impression?${query}`, { method: 'POST', headers }), env, ctx)
  await waitOnExecutionContext(ctx)
  return { status: res.status, body: await res.json() }
}

/** Runs the Worker's cron handler as Cloudflare would at `at`. */
export async function runCron(at: number): Promise<void> {
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: '*/5 * * * *' }), env, ctx)
  await waitOnExecutionContext(ctx)
}
