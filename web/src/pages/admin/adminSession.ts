import { useSyncExternalStore } from 'react'
import type { AdminSelf } from '@contract/admin'

// The back office's session, apart from the site's (an operator may also be signed in as a vendor
// in the same browser; neither sign-out touches the other).

const KEY = 'collabkart.admin'
export type AdminSession = { token: string; admin: AdminSelf }

const listeners = new Set<() => void>()
let cachedText: string | null = null
let cached: AdminSession | null = null

function read(): AdminSession | null {
  let text: string | null = null
  try {
    text = localStorage.getItem(KEY)
  } catch {
    text = null
  }
  if (text !== cachedText) {
    cachedText = text
    try {
      cached = text ? (JSON.parse(text) as AdminSession) : null
    } catch {
      cached = null
    }
  }
  return cached
}

function notify() {
  for (const l of listeners) l()
}

export function saveAdminSession(session: AdminSession) {
  localStorage.setItem(KEY, JSON.stringify(session))
  notify()
}

export function clearAdminSession() {
  localStorage.removeItem(KEY)
  notify()
}

export const adminToken = () => read()?.token ?? null

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (e: StorageEvent) => e.key === KEY && listener()
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function useAdminSession(): AdminSession | null {
  return useSyncExternalStore(subscribe, read, () => null)
}
