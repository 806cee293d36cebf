import { type ReactNode, type SyntheticEvent, useId, useLayoutEffect, useRef } from 'react'
import { createPortal } from 'react-dom'

type Placement = 'center' | 'left'

type ModalProps = {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  footer?: ReactNode
  size?: 'md' | 'lg' | 'xl'
  /** 'center': a sheet from the bottom on phones, centred from sm up; 'left': a drawer (the directory's filters). */
  placement?: Placement
  /** Controls beside Close in the title row (the notification sheet's 'Mark all as read'). */
  actions?: ReactNode
  /** The Close button's name, when the screen has its own words for it ('Close filters'). */
  closeLabel?: string
  /** Classes of the body (its padding and scroll). */
  bodyClassName?: string
  id?: string
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

const WIDTHS = { md: 'sm:max-w-lg', lg: 'sm:max-w-2xl', xl: 'sm:max-w-4xl' }

const PLACEMENT: Record<Placement, (size: ModalProps['size'] & string) => string> = {
  center: (size) => `mx-0 mb-0 mt-auto max-h-[92dvh] w-full max-w-none rounded-t-3xl sm:m-auto sm:rounded-3xl ${WIDTHS[size]}`,
  left: () => 'm-0 h-dvh max-h-none w-[88%] max-w-sm',
}

/**
 * The one dialog of the app: a native <dialog> opened with showModal(), so the page behind is
 * inert (no clicks, no screen reader) and Escape asks to close it. Tab past the last control
 * would leave for the browser's toolbar, so the dialog wraps it round itself. The dialog lives in
 * the top layer: opened from a card that moves on hover or clips, it is laid out against the
 * viewport, never cut inside that card. It is still rendered into <body>, so a dialog opened from
 * inside a form is not a form inside that form. Closing is the caller's: Escape and a click on the
 * backdrop call onClose, and focus goes back to what opened it.
 */
export function Modal({ open, ...props }: ModalProps) {
  if (!open) return null
  return createPortal(<OpenDialog {...props} />, document.body)
}

function OpenDialog({
  id,
  title,
  onClose,
  children,
  footer,
  size = 'md',
  placement = 'center',
  actions,
  closeLabel = 'Close',
  bodyClassName,
}: Omit<ModalProps, 'open'>) {
  const dialog = useRef<HTMLDialogElement>(null)
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  const titleId = useId()

  // Layout effect: the dialog is still in the document when this cleans up, so it can be closed
  // (and the opener focused) before React removes it.
  useLayoutEffect(() => {
    const el = dialog.current
    if (!el) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    el.showModal()
    // A click whose press and release both land on the backdrop (the <dialog> box itself, outside
    // its content) closes; a text selection that ends outside the content does not. The keyboard's
    // way out is Escape (the cancel event below).
    let pressedOnBackdrop = false
    const press = (e: MouseEvent) => {
      pressedOnBackdrop = e.target === el
    }
    const click = (e: MouseEvent) => {
      if (pressedOnBackdrop && e.target === el) onCloseRef.current()
      pressedOnBackdrop = false
    }
    // Tab wraps round inside the dialog (the browser would move on to its own toolbar).
    const tab = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return
      const items = [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((item) => item.checkVisibility())
      if (items.length === 0) return
      const [head, tail] = [items[0], items[items.length - 1]]
      if (e.shiftKey && (document.activeElement === head || document.activeElement === el)) {
        e.preventDefault()
        tail.focus()
      } else if (!e.shiftKey && document.activeElement === tail) {
        e.preventDefault()
        head.focus()
      }
    }
    el.addEventListener('mousedown', press)
    el.addEventListener('click', click)
    el.addEventListener('keydown', tab)
    return () => {
      el.removeEventListener('mousedown', press)
      el.removeEventListener('click', click)
      el.removeEventListener('keydown', tab)
      if (el.open) el.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  // Escape: the browser would close the dialog itself; the caller's state decides instead.
  const cancel = (e: SyntheticEvent<HTMLDialogElement>) => {
    e.preventDefault()
    onClose()
  }
  return (
    <dialog
      ref={dialog}
      id={id}
      aria-labelledby={titleId}
      onCancel={cancel}
      // Closed by the browser without a cancel event (a second Escape the page kept refusing): the caller's state follows.
      onClose={() => onCloseRef.current()}
      className={`overflow-hidden bg-white p-0 text-slate-900 shadow-2xl outline-none backdrop:bg-slate-900/50 backdrop:backdrop-blur-[2px] open:flex ${PLACEMENT[placement](size)}`}
    >
      <div className="flex min-h-0 w-full flex-col">
        <DialogHeader titleId={titleId} title={title} onClose={onClose} closeLabel={closeLabel} actions={actions} />
        <div className={bodyClassName ?? 'min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6'}>{children}</div>
        {footer && <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">{footer}</div>}
      </div>
    </dialog>
  )
}

/** A dialog's title row: the heading, then Close (first in the DOM, last on screen) and any actions. */
export function DialogHeader({
  titleId,
  title,
  onClose,
  closeLabel = 'Close',
  actions,
}: {
  titleId: string
  title: string
  onClose: () => void
  closeLabel?: string
  actions?: ReactNode
}) {
  return (
    <div className="flex items-center justify-between gap-3 border-b border-slate-100 py-3 pr-3 pl-5 sm:pl-6">
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <div className="flex items-center gap-1">
        {/* Close comes first in the DOM: it takes the focus on opening, and Enter there must not run an action. */}
        <button
          type="button"
          onClick={onClose}
          className="order-last rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          aria-label={closeLabel}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
            <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
          </svg>
        </button>
        {actions}
      </div>
    </div>
  )
}
