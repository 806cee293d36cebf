// Random tokens and one-way digests for links sent by mail (password reset, verification).

/** 32 bytes from the platform's CSPRNG, base64url without padding (43 characters). */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  // 32 bytes are 44 base64 characters, the last one padding.
  return btoa(String.fromCharCode(...bytes))
    .slice(0, 43)
    .replaceAll('+', '-')
    .replaceAll('/', '_')
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** 'a•••@example.com': enough for an operator to recognise an address, not to reuse it. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@')
  return domain ? `${local.slice(0, 1)}•••@${domain}` : '•••'
}
