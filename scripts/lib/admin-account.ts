// Admin accounts are never created by public sign-up: `npm run admin:create` and the demo seed write
// the row straight into D1, with the same password hash the Worker checks.
import { randomBytes } from 'node:crypto'
import { hashPassword } from '../../worker/domain/passwords.ts'

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`

/** The same rules as sign-up: a plausible address, a name up to 50 characters, a 6-30 character password. */
export function adminProblems(input: { email: string; name: string; password: string }): string[] {
  const problems: string[] = []
  if (!/^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(input.email)) problems.push('--email should be an email address')
  if (!input.name.trim() || input.name.trim().length > 50) problems.push('--name should be 1 to 50 characters')
  if (input.password.length < 6 || input.password.length > 30) problems.push('the password should be 6 to 30 characters')
  return problems
}

/** A password strong enough to print once and hand over: 20 characters from 15 random bytes. */
export const generatedPassword = () => randomBytes(15).toString('base64url')

/** INSERT for one admin; `ifMissing` keeps an existing account with that email as it is (the seed). */
export async function adminInsertSql(input: { email: string; name: string; password: string }, ifMissing = false): Promise<string> {
  const hash = await hashPassword(input.password)
  const verb = ifMissing ? 'INSERT OR IGNORE' : 'INSERT'
  return `${verb} INTO admins (Name, Email, PasswordHash, tokenVersion, createdAt) VALUES (${sqlText(input.name.trim())}, ${sqlText(input.email.trim().toLowerCase())}, ${sqlText(hash)}, 0, ${sqlText(new Date().toISOString())});`
}
