// Store webhook secrets must be read back to check each delivery's HMAC, so they cannot be only
// hashed: they are sealed with AES-256-GCM under a key derived (HKDF-SHA-256) from JWT_SECRET with
// its own label, so the key signs nothing and opens nothing else (decision 192).

const LABEL = new TextEncoder().encode('collabkart/store-webhook-secrets/v1')
const VERSION = 'v1'
const IV_BYTES = 12

const keys = new Map<string, Promise<CryptoKey>>()

function sealingKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret)
  if (!key) {
    key = crypto.subtle
      .importKey('raw', new TextEncoder().encode(secret), 'HKDF', false, ['deriveKey'])
      .then((base) =>
        crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: LABEL }, base, { name: 'AES-GCM', length: 256 }, false, [
          'encrypt',
          'decrypt',
        ]),
      )
    keys.set(secret, key)
  }
  return key
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0))

/**
 * `v1.<base64 iv||ciphertext>`; `context` (the owner, e.g. "vendor:12") is bound as additional
 * data, so a sealed value copied onto another vendor's row does not open.
 */
export async function seal(plain: string, context: string, masterSecret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const data = new TextEncoder().encode(context)
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: data }, await sealingKey(masterSecret), new TextEncoder().encode(plain))
  const out = new Uint8Array(IV_BYTES + sealed.byteLength)
  out.set(iv)
  out.set(new Uint8Array(sealed), IV_BYTES)
  return `${VERSION}.${toBase64(out)}`
}

/** The plain value, or null when it does not open (another key, another owner, altered bytes). */
export async function unseal(sealed: string, context: string, masterSecret: string): Promise<string | null> {
  const [version, body] = sealed.split('.')
  if (version !== VERSION || !body) return null
  try {
    const bytes = fromBase64(body)
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES), additionalData: new TextEncoder().encode(context) },
      await sealingKey(masterSecret),
      bytes.slice(IV_BYTES),
    )
    return new TextDecoder().decode(plain)
  } catch {
    return null
  }
}

/** '••••1a2b': enough for a vendor to tell which secret is saved, nothing to sign with. */
export const secretHint = (secret: string) => `••••${secret.slice(-4)}`
