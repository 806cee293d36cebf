// Starts the Worker with `wrangler dev` on local D1/R2/KV, for npm start, the browser tests and the
// benchmark. Everything runs offline; state lives under `persistTo` (default .wrangler/state).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { appendFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '..', '..')
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name)

export type WorkerOptions = {
  port: number
  persistTo?: string
  /** Extra bindings, e.g. JWT_SECRET for a fresh test state. */
  vars?: Record<string, string>
  /** Inherit stdio (npm start) instead of capturing it (tests). */
  verbose?: boolean
  testScheduled?: boolean
}

export type RunningWorker = { url: string; stop: () => Promise<void>; process: ChildProcess }

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${args.join(' ')} failed (exit ${result.status})`)
}

export const npxBin = bin

export function applyMigrations(persistTo?: string): void {
  const where = ['--local', ...(persistTo ? ['--persist-to', persistTo] : [])]
  run(bin('wrangler'), ['d1', 'migrations', 'apply', 'DB', ...where], {
    CI: '1', // answers wrangler's confirmation prompt
  })
  // New indexes are only as good as the planner's statistics: refresh them where tables changed
  // enough to matter (cheap when nothing did). Production does the same from the cron.
  run(bin('wrangler'), ['d1', 'execute', 'DB', ...where, '--command', 'PRAGMA optimize'])
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}\n${output()}`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`wrangler dev did not answer on ${url} within ${timeoutMs} ms\n${output()}`)
}

export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const args = ['dev', '--ip', '127.0.0.1', '--port', String(options.port), '--show-interactive-dev-session=false']
  if (options.persistTo) args.push('--persist-to', options.persistTo)
  if (options.testScheduled) args.push('--test-scheduled')
  // A local run: without PUBLIC_ORIGIN, links follow the local address (worker/middleware/public-origin.ts).
  // Mails carry links on PUBLIC_ORIGIN only (never the Host header): locally that is this address.
  // Payouts go to the in-process provider stand-ins (decision 298).
  const vars = { ALLOW_HOST_ORIGIN: '1', PAYOUT_STAND_IN: '1', PUBLIC_ORIGIN: `http://127.0.0.1:${options.port}`, ...options.vars }
  for (const [key, value] of Object.entries(vars)) args.push('--var', `${key}:${value}`)
  const child = spawn(bin('wrangler'), args, {
    cwd: ROOT,
    stdio: options.verbose ? 'inherit' : 'pipe',
    // wrangler records every request's trace locally and never frees it (about 2 kB a request):
    // off unless asked for (docs/decisions/100-local-trace-recorder-off.md).
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: 'false',
      X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? 'false',
    },
    detached: process.platform !== 'win32',
  })
  let log = ''
  child.stdout?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)))
  // WORKER_LOG=<file> keeps wrangler's whole output (the benchmarks' errors are in there).
  const keep = process.env.WORKER_LOG
  if (keep) for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => appendFileSync(keep, chunk))
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)))
  const url = `http://127.0.0.1:${options.port}`
  const stop = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    // wrangler starts workerd as a child: signal the whole process group.
    try {
      if (child.pid && process.platform !== 'win32') process.kill(-child.pid, 'SIGTERM')
      else child.kill('SIGTERM')
    } catch {
      child.kill('SIGTERM')
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
  }
  try {
    await waitUntilUp(url, child, () => log)
  } catch (err) {
    await stop()
    throw err
  }
  return { url, stop, process: child }
}

/**
 * wrangler dev does not fire Cron Triggers by itself: runs the scheduled handler (impression rollup,
 * rate-limit pruning, report windows, planner statistics) once, through the test endpoint of a
 * worker started with `testScheduled`. Callers repeat it on production's 5-minute rhythm.
 */
export async function fireCron(url: string): Promise<void> {
  try {
    await (await fetch(`${url}/__scheduled?cron=${encodeURIComponent('*/5 * * * *')}`)).arrayBuffer()
  } catch {
    // A missed run is made up by the next: the rollup catches up on every closed slot.
  }
}

export const CRON_EVERY_MS = 5 * 60_000
