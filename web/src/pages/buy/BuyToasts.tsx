import { useCallback, useEffect, useRef, useState } from 'react'

// The buy page's own toasts: the same look and texts as the app's (components/Toasts.tsx) without
// its store, swipe and pause machinery, which the page's small entry does without. State lives in
// the page, never in a module, because the Worker renders this page for many visitors in one isolate.

/** As long as the app's toasts stay (TOAST_AUTO_CLOSE_MS in lib/toast.ts; tests/web keeps them equal). */
export const BUY_TOAST_MS = 5000

// Only errors: the page's one success, 'Thank You!', replaces the form instead of toasting.
export type BuyToastType = 'error'
export type BuyToast = { id: number; type: BuyToastType; message: string }

export function useBuyToasts(initial: BuyToast[]) {
  const [toasts, setToasts] = useState(initial)
  const nextId = useRef(initial.length + 1)
  const show = useCallback((message: string, type: BuyToastType = 'error') => {
    setToasts((current) =>
      // The same message twice in a row (double tap, two failing calls) shows once.
      current.some((t) => t.type === type && t.message === message) ? current : [...current, { id: nextId.current++, type, message }],
    )
  }, [])
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((t) => t.id !== id)), [])
  /** The buyer is correcting the form: its error no longer applies. */
  const clearErrors = useCallback(() => setToasts([]), [])
  return { toasts, show, dismiss, clearErrors }
}

// The app's error icon (components/Toasts.tsx); the page has no other kind of toast.
const ERROR_ICON = 'M12 9v3.75m9-.75a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9 3.75h.008v.008H12v-.008Z'

function ToastItem({ toast, onDismiss }: { toast: BuyToast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), BUY_TOAST_MS)
    return () => clearTimeout(timer)
  }, [toast.id, onDismiss])
  return (
    <div
      role="alert"
      data-toast-type={toast.type}
      className="pointer-events-auto flex w-full items-start gap-3 rounded-xl border border-slate-200 bg-white py-3 pl-4 pr-2 shadow-lg shadow-slate-900/10 animate-toast-in"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="mt-0.5 size-5 shrink-0 text-rose-600">
        <path strokeLinecap="round" strokeLinejoin="round" d={ERROR_ICON} />
      </svg>
      <p className="min-w-0 flex-1 text-sm leading-5 text-slate-800">
        <span className="sr-only">Error: </span>
        {toast.message}
      </p>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500"
        aria-label="Dismiss notification"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" className="size-4">
          <path d="m6 6 8 8m0-8-8 8" />
        </svg>
      </button>
    </div>
  )
}

/**
 * Top-right stack on larger screens; at the bottom on phones, where the form fills the screen and a
 * toast at the top covered the Name and Email fields. Fixed, so a toast never moves the page.
 */
export function BuyToasts({ toasts, onDismiss }: { toasts: BuyToast[]; onDismiss: (id: number) => void }) {
  return (
    <div className="pointer-events-none fixed inset-x-3 bottom-3 z-[100] sm:bottom-auto flex flex-col items-stretch gap-2 sm:left-auto sm:right-4 sm:top-4 sm:w-96">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} onDismiss={onDismiss} />
      ))}
    </div>
  )
}
