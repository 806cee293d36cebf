// npm run admin:create -- --email ops@collabkart.in --name "Ops Team" [--password ...] [--remote] [--print-sql]
// Creates a back-office account (role admin) in local D1, or with --remote in the deployed database.
// Without --password one is generated and printed once. --print-sql prints the statement instead.
import { spawnSync } from 'node:child_process'
import { parseArgs } from 'node:util'
import { adminInsertSql, adminProblems, generatedPassword } from './lib/admin-account.ts'
import { npxBin, ROOT } from './lib/worker.ts'

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
    remote: { type: 'boolean', default: false },
    'print-sql': { type: 'boolean', default: false },
    'persist-to': { type: 'string' },
  },
})

const generated = values.password === undefined
const input = { email: values.email ?? '', name: values.name ?? '', password: values.password ?? generatedPassword() }
const problems = adminProblems(input)
if (problems.length) {
  console.error(`admin:create: ${problems.join('; ')}\nUsage: npm run admin:create -- --email ops@example.in --name "Ops Team" [--password ...] [--remote]`)
  process.exit(1)
}

const sql = await adminInsertSql(input)
if (values['print-sql']) {
  console.log(sql)
} else {
  const where = values.remote ? ['--remote'] : ['--local', ...(values['persist-to'] ? ['--persist-to', values['persist-to']] : [])]
  const result = spawnSync(npxBin('wrangler'), ['d1', 'execute', 'DB', ...where, '--command', sql], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, CI: '1' },
  })
  if (result.status !== 0) {
    const taken = /UNIQUE constraint failed/.test(`${result.stdout}${result.stderr}`)
    console.error(taken ? `admin:create: an admin with the email ${input.email} already exists` : `${result.stdout}\n${result.stderr}`)
    process.exit(1)
  }
  console.log(`Admin ${input.email} created${values.remote ? ' in the deployed database' : ' in local D1'}. Sign in at /admin/signin.`)
}
if (generated) console.log(`Password (shown once, store it safely): ${input.password}`)
