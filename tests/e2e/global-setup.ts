import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { applyMigrations, freePort, ROOT, startWorker } from '../../scripts/lib/worker.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    /** The Worker's local state, for what has no API (back-office accounts: admin:create writes D1). */
    persistTo: string
  }
}

/**
 * One Worker for the browser suites: the built app on a free port with fresh local D1, R2 and KV.
 * New password hashes at 1,000 PBKDF2 iterations: every test signs up its own accounts (decision 265).
 */
export default async function setup(project: TestProject) {
  const tmpRoot = path.join(ROOT, '.tmp')
  mkdirSync(tmpRoot, { recursive: true })
  const persistTo = mkdtempSync(path.join(tmpRoot, 'e2e-'))
  applyMigrations(persistTo)
  const worker = await startWorker({ port: await freePort(), persistTo, vars: { JWT_SECRET: 'e2e-secret', PASSWORD_ITERATIONS: '1000' } })
  project.provide('baseURL', worker.url)
  project.provide('persistTo', persistTo)
  return async () => {
    await worker.stop()
    rmSync(persistTo, { recursive: true, force: true })
  }
}
