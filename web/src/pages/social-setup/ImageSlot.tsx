import { useId } from 'react'
import { ACCEPTED_IMAGE_TYPES, isAcceptedImage, NOT_AN_IMAGE_MESSAGE } from '../../lib/images'
import { toast } from '../../lib/toast'
import { isImageTooBig, SETUP_MESSAGES } from './saveErrors'

/**
 * One image input with its preview and a Remove button. Files of 5 MB or more, and files that are
 * not JPEG, PNG, WebP or GIF, are refused with a toast and never reach `onPick`.
 */
export function ImageSlot({
  label,
  preview,
  onPick,
  onRemove,
  removable = preview !== null,
  shape = 'square',
  compact = false,
}: {
  label: string
  preview: string | null
  onPick: (file: File) => void
  onRemove: () => void
  /** Whether Remove is offered (not for a picture the profile already has: there is nothing to undo). */
  removable?: boolean
  shape?: 'square' | 'round'
  compact?: boolean
}) {
  const id = useId()
  const rounded = shape === 'round' ? 'rounded-full' : 'rounded-xl'
  const size = compact ? 'size-14' : shape === 'round' ? 'size-24' : 'aspect-square w-full'
  return (
    <div className={compact ? 'flex items-center gap-3' : 'flex flex-col items-center gap-2'}>
      <label
        htmlFor={id}
        className={`relative flex ${size} shrink-0 cursor-pointer items-center justify-center overflow-hidden ${rounded} border-2 border-dashed border-slate-300 bg-slate-50 text-slate-400 hover:border-brand-400 hover:text-brand-600 focus-within:outline-2 focus-within:outline-brand-500`}
      >
        {preview ? (
          <img src={preview} alt={`${label} preview`} className="size-full object-cover" />
        ) : (
          <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" className={compact ? 'size-5' : 'size-7'}>
            <path
              strokeLinecap="round"
              strokeLinejoin="round"
              d="m2.25 15.75 5.159-5.159a2.25 2.25 0 0 1 3.182 0l5.159 5.159m-1.5-1.5 1.409-1.409a2.25 2.25 0 0 1 3.182 0l2.909 2.909M3.75 21h16.5A2.25 2.25 0 0 0 22.5 18.75V5.25A2.25 2.25 0 0 0 20.25 3H3.75A2.25 2.25 0 0 0 1.5 5.25v13.5A2.25 2.25 0 0 0 3.75 21Z"
            />
          </svg>
        )}
        <span className="sr-only">{label}</span>
        <input
          id={id}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          className="sr-only"
          onChange={async (e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (!file) return
            if (isImageTooBig(file)) toast.error(SETUP_MESSAGES.tooBig)
            else if (!(await isAcceptedImage(file))) toast.error(NOT_AN_IMAGE_MESSAGE)
            else onPick(file)
          }}
        />
      </label>
      <div className={compact ? 'min-w-0' : 'text-center'}>
        <p className="text-xs font-medium text-slate-600" aria-hidden="true">
          {label}
        </p>
        {preview && removable && (
          <button type="button" onClick={onRemove} className="text-xs font-semibold text-rose-700 hover:underline" aria-label={`Remove ${label}`}>
            Remove
          </button>
        )}
      </div>
    </div>
  )
}
