import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { applyMigrations, freePort, ROOT, startWorker } from '../../scripts/lib/worker.ts'
import { CHROMIUM } from './chromium.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    /** The Worker's local state, for what has no API (back-office accounts: admin:create writes D1). */
    persistTo: string
    /** The run's one Chromium, which every file connects to (browser.ts). */
    browserEndpoint: string
  }
}

/**
 * One Worker and one Chromium for the browser suites: the built app on a free port with fresh local
 * D1, R2 and KV, and a browser every file connects to (browser.ts). New password hashes take 1,000
 * PBKDF2 iterations instead of 100,000: every test signs up its own accounts (decision 265).
 */
export default async function setup(project: TestProject) {
  const tmpRoot = path.join(ROOT, '.tmp')
  mkdirSync(tmpRoot, { recursive: true })
  const persistTo = mkdtempSync(path.join(tmpRoot, 'e2e-'))
  applyMigrations(persistTo)
  const worker = await startWorker({ port: await freePort(), persistTo, vars: { JWT_SECRET: 'e2e-secret', PASSWORD_ITERATIONS: '1000', CHECK_ANSWERS: '1' } })
  const browser = await chromium.launchServer(CHROMIUM)
  project.provide('baseURL', worker.url)
  project.provide('persistTo', persistTo)
  project.provide('browserEndpoint', browser.wsEndpoint())
  return async () => {
    await browser.close()
    await worker.stop()
    rmSync(persistTo, { recursive: true, force: true })
  }
}
