import { useEffect, useId, useRef } from 'react'
import { Avatar } from '../../components/Avatar'
import { Icon } from './StatCard'
import { SELECT_IMAGE_MESSAGE } from '@contract/marketer'
import { ACCEPTED_IMAGE_TYPES, isAcceptedImage, NOT_AN_IMAGE_MESSAGE } from '../../lib/images'
import { toast } from '../../lib/toast'

/**
 * The avatar as a button: a click opens the file picker; closing it without a file toasts
 * 'Please select an image' (spec 000 section 5), a file goes to `onPick`.
 */
export function PictureButton({ name, path, busy, onPick }: { name: string; path: string | null | undefined; busy: boolean; onPick: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  // Closing the picker without a choice fires 'cancel' (React has no prop for it on inputs).
  useEffect(() => {
    const el = input.current
    const onCancel = () => toast.error(SELECT_IMAGE_MESSAGE)
    el?.addEventListener('cancel', onCancel)
    return () => el?.removeEventListener('cancel', onCancel)
  }, [])
  return (
    <div className="relative shrink-0">
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={busy}
        className="group relative rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        aria-describedby={id}
      >
        {/* Keyed by path: a new picture gets a fresh load even if the old one had failed. */}
        <Avatar key={path ?? 'none'} name={name} path={path} size="xl" className="ring-4" />
        <span className="absolute bottom-0 right-0 flex size-8 items-center justify-center rounded-full bg-brand-600 text-white shadow ring-2 ring-white group-hover:bg-brand-700">
          {busy ? (
            <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
          ) : (
            <Icon name="camera" className="size-4" />
          )}
        </span>
        <span id={id} className="sr-only">
          Change profile picture
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES}
        aria-label="Profile picture"
        className="sr-only"
        tabIndex={-1}
        onChange={async (e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (!file) toast.error(SELECT_IMAGE_MESSAGE)
          else if (!(await isAcceptedImage(file))) toast.error(NOT_AN_IMAGE_MESSAGE)
          else onPick(file)
        }}
      />
    </div>
  )
}
