// PBKDF2-SHA256 through WebCrypto. The stored string carries its own parameters
// ("pbkdf2-sha256$<iterations>$<salt>$<hash>") so the cost can be raised later
// without invalidating existing accounts.

// Production Workers refuse more than 100,000 iterations (local workerd does not enforce it).
export const PBKDF2_ITERATIONS = 100_000
/** The fewest iterations a local run may set (PASSWORD_ITERATIONS): still a real derivation. */
export const PBKDF2_MIN_ITERATIONS = 1_000
const SALT_BYTES = 16
const HASH_BITS = 256

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromB64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0))

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, HASH_BITS)
  return new Uint8Array(bits)
}

/**
 * The iterations new hashes get. A deployed Worker always uses production's 100,000; a local run
 * (ALLOW_HOST_ORIGIN=1: the test suites, `wrangler dev` of the scripts) may lower it with
 * PASSWORD_ITERATIONS, so suites that sign up hundreds of accounts do not spend their time hashing
 * (decision 265). Stored hashes carry their count, so verifying never depends on this.
 */
export function passwordIterations(env: { PASSWORD_ITERATIONS?: string; ALLOW_HOST_ORIGIN?: string }): number {
  const set = env.PASSWORD_ITERATIONS?.trim()
  if (!set || env.ALLOW_HOST_ORIGIN !== '1') return PBKDF2_ITERATIONS
  const count = Number(set)
  if (!Number.isInteger(count) || count < PBKDF2_MIN_ITERATIONS || count > PBKDF2_ITERATIONS) {
    throw new Error(`PASSWORD_ITERATIONS must be a whole number from ${PBKDF2_MIN_ITERATIONS} to ${PBKDF2_ITERATIONS}; it is "${set}"`)
  }
  return count
}

export async function hashPassword(password: string, iterations: number = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES))
  const hash = await derive(password, salt, iterations)
  return `pbkdf2-sha256$${iterations}$${toB64(salt)}$${toB64(hash)}`
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i]
  return diff === 0
}

export function storedIterations(stored: string): number {
  return Number(stored.split('$')[1])
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, hash] = stored.split('$')
  if (scheme !== 'pbkdf2-sha256' || !iterations || !salt || !hash) return false
  const actual = await derive(password, fromB64(salt), Number(iterations))
  return constantTimeEqual(actual, fromB64(hash))
}

// Used when the email is unknown, so a login takes the same time whether or not the account exists:
// at the count new hashes get, which is what the accounts of this Worker carry.
const DUMMY_SALT = 'AAAAAAAAAAAAAAAAAAAAAA=='
const DUMMY_DIGEST = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='
export async function burnPasswordCheck(password: string, iterations: number = PBKDF2_ITERATIONS): Promise<void> {
  await verifyPassword(password, `pbkdf2-sha256$${iterations}$${DUMMY_SALT}$${DUMMY_DIGEST}`)
}
