import { spawnSync } from 'node:child_process'
import { adminInsertSql } from '../../scripts/lib/admin-account.ts'
import { npxBin, ROOT } from '../../scripts/lib/worker.ts'
import type { AdminLoginData } from '../../worker/contract/admin'
import { api, PASSWORD, uniqueEmail } from './api'
import { persistTo } from './browser'

/** Runs SQL on this file's Worker's local D1, as admin:create does: what has no API (operators, dead rows). */
export function d1Execute(sql: string) {
  const run = spawnSync(npxBin('wrangler'), ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo(), '--command', sql], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, CI: '1' },
  })
  if (run.status !== 0) throw new Error(`d1 execute failed: ${run.stdout}\n${run.stderr}`)
}

/**
 * `count` new operators, signed in. Admins are never signed up; they are written in one
 * `wrangler d1 execute` (each start of wrangler and a local D1 costs about 2 s of CPU), with any
 * other rows the file needs in `moreSql`.
 */
export async function createAdmins(count: number, moreSql = ''): Promise<AdminLoginData[]> {
  const emails = Array.from({ length: count }, () => uniqueEmail('ops'))
  const inserts = await Promise.all(emails.map((email) => adminInsertSql({ email, name: 'E2E Operator', password: PASSWORD })))
  d1Execute([...inserts, moreSql].join('\n'))
  const admins: AdminLoginData[] = []
  for (const email of emails) {
    const login = await api<AdminLoginData>('POST', 'admin/login', { json: { Email: email, Password: PASSWORD } })
    if (login.status !== 200) throw new Error(`admin login failed: ${login.body.message}`)
    admins.push(login.body.data)
  }
  return admins
}
