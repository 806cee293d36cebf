import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { applyMigrations, freePort, ROOT, type RunningWorker, startWorker } from '../../scripts/lib/worker.ts'
import { CHROMIUM } from './chromium.ts'

/** One Worker of the run: its address and its local state (for what has no API: admin:create writes D1). */
export type E2EWorker = { baseURL: string; persistTo: string }

declare module 'vitest' {
  export interface ProvidedContext {
    /** One Worker per file slot (VITEST_POOL_ID 1..maxWorkers): browser.ts picks the slot's. */
    workers: E2EWorker[]
    /** The run's one Chromium, which every file connects to (browser.ts). */
    browserEndpoint: string
    /** A local state with the migrations applied and no Worker on it, for a file that starts its own (seed.test.ts copies it). */
    migratedState: string
  }
}

/**
 * A Worker per file slot and one Chromium for the browser suites (decision 270): the built app on a
 * free port with fresh local D1, R2 and KV for each of the `maxWorkers` files that run at once, and a
 * browser every file connects to (browser.ts). Files in one slot run one after another against the
 * same Worker, so a test that counts a list the marketplace shares sees only the files before it in
 * its slot, never a file running beside it. New password hashes take 1,000 PBKDF2 iterations instead
 * of 100,000: every test signs up its own accounts (decision 265).
 */
export default async function setup(project: TestProject) {
  const tmpRoot = path.join(ROOT, '.tmp')
  mkdirSync(tmpRoot, { recursive: true })
  const slots = Math.max(1, Math.min(project.config.maxWorkers, await namedFiles(project)))
  const states = Array.from({ length: slots }, () => mkdtempSync(path.join(tmpRoot, 'e2e-')))
  // Migrations applied once; the other slots start from a copy of that state, and so does a file
  // with a Worker of its own (a start of wrangler and every migration fewer: decision 286).
  applyMigrations(states[0])
  for (const persistTo of states.slice(1)) cpSync(states[0], persistTo, { recursive: true })
  const migrated = mkdtempSync(path.join(tmpRoot, 'e2e-migrated-'))
  cpSync(states[0], migrated, { recursive: true })
  const vars = { JWT_SECRET: 'e2e-secret', PASSWORD_ITERATIONS: '1000', CHECK_ANSWERS: '1' }
  const browserStarting = chromium.launchServer(CHROMIUM)
  // One after another: two wrangler dev starting at once can pick the same internal port.
  const running: RunningWorker[] = []
  try {
    for (const persistTo of states) running.push(await startWorker({ port: await freePort(), persistTo, vars }))
  } catch (err) {
    await Promise.all(running.map((worker) => worker.stop()))
    await (await browserStarting).close()
    throw err
  }
  const browser = await browserStarting
  project.provide(
    'workers',
    running.map((worker, i) => ({ baseURL: worker.url, persistTo: states[i] })),
  )
  project.provide('browserEndpoint', browser.wsEndpoint())
  project.provide('migratedState', migrated)
  return async () => {
    await browser.close()
    await Promise.all(running.map((worker) => worker.stop()))
    for (const persistTo of [...states, migrated]) rmSync(persistTo, { recursive: true, force: true })
  }
}

/**
 * How many test files the command line names (`vitest run --project e2e tests/e2e/a.test.ts`), so a
 * run of one file starts one Worker; Infinity when it names none (the whole project).
 */
async function namedFiles(project: TestProject): Promise<number> {
  const named = process.argv.slice(2).filter((arg) => !arg.startsWith('-') && arg.endsWith('.test.ts'))
  if (named.length === 0) return Number.POSITIVE_INFINITY
  return (await project.globTestFiles(named)).testFiles.length
}
