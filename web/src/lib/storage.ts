import type { MarketerSelf } from '@contract/marketer'
import type { VendorSelf } from '@contract/vendor'

// The browser storage keys of spec 000 section 3. Everything lives in localStorage so a session
// survives a reload; every write notifies subscribers so the top bar and guards re-render.

export const KEYS = {
  token: 'token',
  isLoggedIn: 'isLoggedIn',
  vendorData: 'vendorData',
  marketerData: 'marketerData',
  marketerID: 'marketerID',
  pendingShareLink: 'pendingShareLink',
  appDataCache: 'appDataCache',
} as const

export type PendingShareLink = { linkurl: string }

const listeners = new Set<() => void>()

export function subscribeStorage(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function notify() {
  for (const listener of listeners) listener()
}

// Another tab signing in or out changes what this tab may show.
if (typeof window !== 'undefined') window.addEventListener('storage', notify)

function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function readJson<T>(key: string): T | null {
  const raw = read(key)
  if (!raw) return null
  try {
    return JSON.parse(raw) as T
  } catch {
    return null
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  } catch {
    // Storage full or disabled: the session simply does not persist.
  }
}

export const getToken = () => read(KEYS.token)
export const isLoggedIn = () => read(KEYS.isLoggedIn) === 'true'
export const getVendorData = () => readJson<VendorSelf>(KEYS.vendorData)
export const getMarketerData = () => readJson<MarketerSelf>(KEYS.marketerData)
export const getMarketerId = () => {
  const id = Number(read(KEYS.marketerID))
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

export function saveVendorSession(token: string, vendor: VendorSelf) {
  write(KEYS.token, token)
  write(KEYS.isLoggedIn, 'true')
  write(KEYS.vendorData, JSON.stringify(vendor))
  write(KEYS.marketerData, null)
  write(KEYS.marketerID, null)
  notify()
}

export function saveMarketerSession(token: string, marketer: MarketerSelf) {
  write(KEYS.token, token)
  write(KEYS.isLoggedIn, 'true')
  write(KEYS.marketerData, JSON.stringify(marketer))
  write(KEYS.marketerID, String(marketer.MarketerID))
  write(KEYS.vendorData, null)
  notify()
}

/** A password change revoked the stored token; the server sent this fresh one with its answer. */
export function replaceToken(token: string) {
  write(KEYS.token, token)
  notify()
}

export function updateVendorData(patch: Partial<VendorSelf>) {
  const current = getVendorData()
  if (!current) return
  write(KEYS.vendorData, JSON.stringify({ ...current, ...patch }))
  notify()
}

export function updateMarketerData(patch: Partial<MarketerSelf>) {
  const current = getMarketerData()
  if (!current) return
  write(KEYS.marketerData, JSON.stringify({ ...current, ...patch }))
  notify()
}

export const getPendingShareLink = () => readJson<PendingShareLink>(KEYS.pendingShareLink)

export function setPendingShareLink(linkurl: string) {
  write(KEYS.pendingShareLink, JSON.stringify({ linkurl } satisfies PendingShareLink))
}

export function clearPendingShareLink() {
  write(KEYS.pendingShareLink, null)
}

/** Logout and session expiry: the spec clears all browser storage. */
export function clearAll() {
  try {
    localStorage.clear()
  } catch {
    // nothing stored, nothing to clear
  }
  notify()
}

/** A string that changes whenever the session does; the snapshot for useSyncExternalStore. */
export function sessionSnapshot(): string {
  return [read(KEYS.token), read(KEYS.isLoggedIn), read(KEYS.vendorData), read(KEYS.marketerData)].join('\u0000')
}
