import { type PointerEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { dismissToast, getToasts, subscribeToasts, TOAST_AUTO_CLOSE_MS, TOAST_SWIPE_FRACTION, type Toast, toastsHeld, type ToastType } from '../lib/toast'

const STYLES: Record<ToastType, { bar: string; icon: string; label: string }> = {
  success: { bar: 'bg-emerald-500', icon: 'text-emerald-600', label: 'Success' },
  error: { bar: 'bg-rose-500', icon: 'text-rose-600', label: 'Error' },
  info: { bar: 'bg-sky-500', icon: 'text-sky-600', label: 'Info' },
  warn: { bar: 'bg-amber-500', icon: 'text-amber-600', label: 'Warning' },
  default: { bar: 'bg-brand-500', icon: 'text-brand-600', label: 'Notice' },
}

const ICON_PATHS: Record<ToastType, string> = {
  success: 'M9 12.75 11.25 15 15 9.75M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  error: 'M12 9v3.75m9-.75a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9 3.75h.008v.008H12v-.008Z',
  info: 'm11.25 11.25.041-.02a.75.75 0 0 1 1.063.852l-.708 2.836a.75.75 0 0 0 1.063.853l.041-.021M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9-3.75h.008v.008H12V8.25Z',
  warn: 'M12 9v3.75m-9.303 3.376c-.866 1.5.217 3.374 1.948 3.374h14.71c1.73 0 2.813-1.874 1.948-3.374L13.949 3.378c-.866-1.5-3.032-1.5-3.898 0L2.697 16.126ZM12 15.75h.007v.008H12v-.008Z',
  default:
    'M14.857 17.082a23.848 23.848 0 0 0 5.454-1.31A8.967 8.967 0 0 1 18 9.75V9A6 6 0 0 0 6 9v.75a8.967 8.967 0 0 1-2.312 6.022c1.733.64 3.56 1.085 5.455 1.31m5.714 0a24.255 24.255 0 0 1-5.714 0m5.714 0a3 3 0 1 1-5.714 0',
}

function useWindowFocus(): boolean {
  const [focused, setFocused] = useState(() => typeof document === 'undefined' || document.hasFocus())
  useEffect(() => {
    const on = () => setFocused(true)
    const off = () => setFocused(false)
    window.addEventListener('focus', on)
    window.addEventListener('blur', off)
    return () => {
      window.removeEventListener('focus', on)
      window.removeEventListener('blur', off)
    }
  }, [])
  return focused
}

function ToastItem({ toast, windowFocused, held }: { toast: Toast; windowFocused: boolean; held: boolean }) {
  const [hovered, setHovered] = useState(false)
  const [dragX, setDragX] = useState(0)
  const drag = useRef<{ startX: number; width: number } | null>(null)
  const remaining = useRef(TOAST_AUTO_CLOSE_MS)
  const paused = hovered || !windowFocused || held || dragX !== 0
  const style = STYLES[toast.type]

  // Counts down only while not paused; pausing keeps the time left.
  useEffect(() => {
    if (paused) return
    const started = Date.now()
    const timer = setTimeout(() => dismissToast(toast.id), remaining.current)
    return () => {
      clearTimeout(timer)
      remaining.current = Math.max(0, remaining.current - (Date.now() - started))
    }
  }, [paused, toast.id])

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('button')) return
    drag.current = { startX: e.clientX, width: e.currentTarget.offsetWidth }
    e.currentTarget.setPointerCapture(e.pointerId)
  }
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setDragX(e.clientX - drag.current.startX)
  }
  const onPointerUp = () => {
    const current = drag.current
    drag.current = null
    if (current && Math.abs(dragX) >= current.width * TOAST_SWIPE_FRACTION) dismissToast(toast.id)
    else setDragX(0)
  }

  return (
    <div
      role={toast.type === 'error' || toast.type === 'warn' ? 'alert' : 'status'}
      data-toast-type={toast.type}
      className="pointer-events-auto relative flex w-full touch-pan-y select-none items-start gap-3 overflow-hidden rounded-xl border border-slate-200 bg-white py-3 pl-4 pr-2 shadow-lg shadow-slate-900/10 animate-toast-in"
      style={{ transform: dragX ? `translateX(${dragX}px)` : undefined, opacity: dragX ? Math.max(0.2, 1 - Math.abs(dragX) / 300) : undefined }}
      // Pointer events, not mouse ones: a finger resting on the toast pauses it too, and lifting it
      // resumes the countdown (a tap's emulated mouseenter would pause it until the next tap elsewhere).
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className={`mt-0.5 size-5 shrink-0 ${style.icon}`}>
        <path strokeLinecap="round" strokeLinejoin="round" d={ICON_PATHS[toast.type]} />
      </svg>
      <p className="min-w-0 flex-1 text-sm leading-5 text-slate-800">
        {/* Spoken before the message, unless the message already says it (the spec's 'Error: …' toasts). */}
        {!toast.message.startsWith(`${style.label}:`) && <span className="sr-only">{style.label}: </span>}
        {toast.message}
      </p>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        className="rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500"
        aria-label="Dismiss notification"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
        </svg>
      </button>
      <span
        aria-hidden="true"
        className={`absolute bottom-0 left-0 h-0.5 w-full origin-left animate-toast-timer ${style.bar} ${paused ? '[animation-play-state:paused]' : ''}`}
      />
    </div>
  )
}

/** Top-right stack (full width with margins on phones). */
export function Toasts() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts)
  const held = useSyncExternalStore(subscribeToasts, toastsHeld, toastsHeld)
  const windowFocused = useWindowFocus()
  return (
    <div className="pointer-events-none fixed inset-x-3 top-3 z-[100] flex flex-col items-stretch gap-2 sm:left-auto sm:right-4 sm:top-4 sm:w-96">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} windowFocused={windowFocused} held={held} />
      ))}
    </div>
  )
}
