// A tiny toast store any module can call (pages, the API layer, the session watch).
// Rendering, timers, hover/focus pause and swipe live in components/Toasts.tsx.
// The store is the queue: a toast raised before the container subscribes (a route guard's effect
// on the first render) waits here and is shown as soon as the container reads the store, and its
// five seconds only start once it is on screen and nothing holds the toasts (see holdToasts).
// A toast raised with `carry` (the session-expired notice) also outlives its document: it waits in
// sessionStorage until it is dismissed or has run its time, so a full page load in the same tab
// (the visitor typing /vendor after the session ended in another screen) shows it again.

export type ToastType = 'success' | 'error' | 'info' | 'warn' | 'default'
export type Toast = { id: number; type: ToastType; message: string; carry?: true }

export const TOAST_AUTO_CLOSE_MS = 5000
/** A toast dragged sideways by this share of its width is dismissed. */
export const TOAST_SWIPE_FRACTION = 0.8

/** sessionStorage key of the carried toasts not yet dismissed (spec 000's storage keys live in localStorage). */
export const CARRIED_TOASTS_KEY = 'carriedToasts'

let nextId = 1

function readCarried(): Toast[] {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(CARRIED_TOASTS_KEY)
    const list = raw ? (JSON.parse(raw) as unknown) : []
    if (!Array.isArray(list)) return []
    return list
      .filter((t): t is Pick<Toast, 'type' | 'message'> => typeof t?.message === 'string' && typeof t?.type === 'string')
      .map((t) => ({ id: nextId++, type: t.type, message: t.message, carry: true }))
  } catch {
    return []
  }
}

function writeCarried() {
  try {
    if (typeof sessionStorage === 'undefined') return
    const carried = toasts.filter((t) => t.carry).map(({ type, message }) => ({ type, message }))
    if (carried.length) sessionStorage.setItem(CARRIED_TOASTS_KEY, JSON.stringify(carried))
    else sessionStorage.removeItem(CARRIED_TOASTS_KEY)
  } catch {
    // Storage disabled: the toast lives as long as this document, as any other.
  }
}

let toasts: Toast[] = readCarried()
const listeners = new Set<() => void>()

function emit() {
  for (const listener of listeners) listener()
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const getToasts = () => toasts

function show(type: ToastType, message: string, carry = false): number {
  // The same message twice in a row (double click, two failing calls) shows once.
  const duplicate = toasts.find((t) => t.type === type && t.message === message)
  if (duplicate) return duplicate.id
  const id = nextId++
  toasts = [...toasts, carry ? { id, type, message, carry } : { id, type, message }]
  if (carry) writeCarried()
  emit()
  return id
}

let holds = 0

/**
 * Holds every toast's countdown until the returned release is called (the route spinner holds
 * while a screen's code loads). Without it, the session-expired toast raised on /vendor could run
 * out its five seconds before the sign-in page it leads to had even appeared on a slow phone.
 */
export function holdToasts(): () => void {
  holds++
  emit()
  let released = false
  return () => {
    if (released) return
    released = true
    holds--
    emit()
  }
}

/** Whether the countdowns are held (a screen is still loading). */
export const toastsHeld = () => holds > 0

export function dismissToast(id: number) {
  const gone = toasts.find((t) => t.id === id)
  if (!gone) return
  toasts = toasts.filter((t) => t !== gone)
  if (gone.carry) writeCarried()
  emit()
}

/**
 * The error toasts of one form: `error` shows one and remembers it, `clear` dismisses those still
 * shown. A form clears them when it is sent again and when it succeeds, so 'Invalid email or
 * password' does not stay on screen over the dashboard a later, correct sign-in opens.
 */
export function formErrors() {
  const raised = new Set<number>()
  return {
    error(message: string) {
      raised.add(show('error', message))
    },
    clear() {
      for (const id of raised) dismissToast(id)
      raised.clear()
    },
  }
}

export const toast = Object.assign((message: string) => show('default', message), {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warn: (message: string) => show('warn', message),
  /** An error that must be seen even if this document is replaced before it shows (see `carry`). */
  carriedError: (message: string) => show('error', message, true),
})
