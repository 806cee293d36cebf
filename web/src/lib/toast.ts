// A tiny toast store any module can call (pages, the API layer, the session watch).
// Rendering, timers, hover/focus pause and swipe live in components/Toasts.tsx.
// The store is the queue: a toast raised before the container subscribes (a route guard's effect
// on the first render) waits here and is shown as soon as the container reads the store, and its
// five seconds only start once it is on screen and nothing holds the toasts (see holdToasts).

export type ToastType = 'success' | 'error' | 'info' | 'warn' | 'default'
export type Toast = { id: number; type: ToastType; message: string }

export const TOAST_AUTO_CLOSE_MS = 5000
/** A toast dragged sideways by this share of its width is dismissed. */
export const TOAST_SWIPE_FRACTION = 0.8

let toasts: Toast[] = []
let nextId = 1
const listeners = new Set<() => void>()

function emit() {
  for (const listener of listeners) listener()
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const getToasts = () => toasts

function show(type: ToastType, message: string): number {
  // The same message twice in a row (double click, two failing calls) shows once.
  const duplicate = toasts.find((t) => t.type === type && t.message === message)
  if (duplicate) return duplicate.id
  const id = nextId++
  toasts = [...toasts, { id, type, message }]
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
  toasts = toasts.filter((t) => t.id !== id)
  emit()
}

export const toast = Object.assign((message: string) => show('default', message), {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warn: (message: string) => show('warn', message),
})
