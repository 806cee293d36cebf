// Addresses people type and others read (decision 285): a store link, a social profile, a post.
// One with a user name or password in it (`https://user:pass@host`, `https://token@host`) would
// show a secret to every buyer and viewer, so the forms refuse it; one stored before that rule is
// shown without them. The WHATWG URL parser reads the user info, so every spelling counts.

/** Whether an address carries a user name or a password. */
export function hasCredentials(value: string): boolean {
  try {
    const url = new URL(value.trim())
    return url.username !== '' || url.password !== ''
  } catch {
    return false
  }
}

/** An address as it may be shown, followed or exported: any user name and password taken out. */
export function withoutCredentials<T extends string | null>(value: T): T {
  if (value === null || !hasCredentials(value)) return value
  const url = new URL(value.trim())
  url.username = ''
  url.password = ''
  return url.href as T
}
