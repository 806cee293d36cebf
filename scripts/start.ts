// npm start: build the web app, apply D1 migrations locally, start `wrangler dev` on 127.0.0.1:$PORT
// (default 8787) with local D1, R2 and KV, seed the demo marketplace (on any state) and fire the
// cron at once, then every five minutes.
// npm run dev: the same API on PORT+1 behind Vite's dev server on PORT, with hot reload.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { seedDemoData } from './seed.ts'
import { applyMigrations, CRON_EVERY_MS, fireCron, npxBin, ROOT, run, startWorker } from './lib/worker.ts'

const port = Number(process.env.PORT ?? 8787)
const dev = process.argv.includes('--dev')

// wrangler dev reads secrets from .dev.vars (wrangler deploy never does); a fresh clone gets a
// random local JWT secret, and leave to build links on the local address (ALLOW_HOST_ORIGIN).
const devVars = path.join(ROOT, '.dev.vars')
if (!existsSync(devVars)) {
  writeFileSync(devVars, `JWT_SECRET=${randomBytes(32).toString('hex')}\nALLOW_HOST_ORIGIN=1\n`)
  console.log('Created .dev.vars with a random local JWT_SECRET')
}

if (!dev) run(npxBin('vite'), ['build'])
else if (!existsSync(path.join(ROOT, 'dist', 'web'))) run(npxBin('vite'), ['build'])
applyMigrations()

const apiPort = dev ? port + 1 : port
const worker = await startWorker({ port: apiPort, verbose: true, testScheduled: true, vars: { PUBLIC_ORIGIN: `http://127.0.0.1:${port}` } })
// A seed that cannot finish (the local data in a state it does not know) says why and leaves the
// app running: the demo data is a convenience, the app is what `npm start` is for (decision 262).
try {
  await seedDemoData(worker.url)
} catch (err) {
  console.error(`The demo data could not be completed, the app runs without the rest: ${err instanceof Error ? err.message : String(err)}`)
}

// The scheduled handler on the same 5-minute rhythm as production (wrangler dev does not fire it),
// and once now: the first tick must not wait five minutes (rollups, digests, reminders).
void fireCron(worker.url)
const cron = setInterval(() => void fireCron(worker.url), CRON_EVERY_MS)

let viteProcess: ReturnType<typeof spawn> | null = null
if (dev) {
  viteProcess = spawn(npxBin('vite'), ['--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, API_ORIGIN: worker.url },
  })
}

console.log(`\nCollabkart is running on http://127.0.0.1:${port}${dev ? ` (Vite dev server, API on ${worker.url})` : ''}\n`)

const shutdown = async () => {
  clearInterval(cron)
  viteProcess?.kill('SIGTERM')
  await worker.stop()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
worker.process.on('exit', (code) => process.exit(code ?? 0))
