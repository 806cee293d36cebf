import { useEffect, useId, useMemo } from 'react'
import { MAX_PRODUCT_IMAGES } from '@contract/product'
import { mediaUrl } from '../../lib/format'
import { describedProps, FieldMessage } from '../../components/Field'
import { ACCEPTED_IMAGE_TYPES, isAcceptedImage, NOT_AN_IMAGE_MESSAGE } from '../../lib/images'
import { toast } from '../../lib/toast'

export type PickedImage = { key: string; file: File }

let pickSeq = 0
export const pickImages = (files: readonly File[]): PickedImage[] => files.map((file) => ({ key: `pick-${++pickSeq}`, file }))

/** The files of one batch that are images; the others are dropped with the server's message, once. */
async function imagesOnly(files: FileList | null): Promise<File[]> {
  const list = [...(files ?? [])]
  const accepted = await Promise.all(list.map(isAcceptedImage))
  if (accepted.includes(false)) toast.error(NOT_AN_IMAGE_MESSAGE)
  return list.filter((_, i) => accepted[i])
}

/** Object URLs for the chosen files, revoked when the selection changes or the form closes. */
function usePreviews(images: readonly PickedImage[]): Map<string, string> {
  const previews = useMemo(() => new Map(images.map((img) => [img.key, URL.createObjectURL(img.file)])), [images])
  useEffect(
    () => () => {
      for (const url of previews.values()) URL.revokeObjectURL(url)
    },
    [previews],
  )
  return previews
}

type Props = {
  /** Media paths the product already has (edit form). */
  existing?: readonly string[]
  onRemoveExisting?: (path: string) => void
  added: readonly PickedImage[]
  onAdd: (images: PickedImage[]) => void
  onRemoveAdded: (key: string) => void
  /** The form's id and message for the images (lib/useFieldErrors.ts). */
  field?: { id: string; error?: string }
}

/** Images chosen in several batches, each with a preview and a Remove button; at most five in all. */
export function ImagePicker({ existing = [], onRemoveExisting, added, onAdd, onRemoveAdded, field }: Props) {
  const autoId = useId()
  const inputId = field?.id ?? autoId
  const previews = usePreviews(added)
  const total = existing.length + added.length
  const over = total > MAX_PRODUCT_IMAGES
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">Product Images</legend>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Chosen images">
        {existing.map((path, i) => (
          <li key={path} className="relative">
            <img src={mediaUrl(path)} alt={`Saved product shot ${i + 1}`} className="aspect-square w-full rounded-xl border border-slate-200 object-cover" />
            <RemoveButton label={`Remove current image ${i + 1}`} onClick={() => onRemoveExisting?.(path)} />
          </li>
        ))}
        {added.map((img) => (
          <li key={img.key} className="relative">
            <img
              src={previews.get(img.key)}
              alt={`Preview of ${img.file.name}`}
              className="aspect-square w-full rounded-xl border border-slate-200 object-cover"
            />
            <RemoveButton label={`Remove ${img.file.name}`} onClick={() => onRemoveAdded(img.key)} />
          </li>
        ))}
        <li>
          <label
            htmlFor={inputId}
            className="relative flex aspect-square w-full cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-slate-300 text-center text-xs font-semibold text-slate-500 hover:border-brand-400 hover:text-brand-700 focus-within:outline-2 focus-within:outline-brand-500"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-6">
              <path strokeLinecap="round" d="M12 4.5v15m7.5-7.5h-15" />
            </svg>
            Add images
            <input
              id={inputId}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES}
              multiple
              {...describedProps(inputId, true, field?.error)}
              className="sr-only"
              onChange={async (e) => {
                const files = e.target.files
                const images = await imagesOnly(files)
                e.target.value = ''
                if (images.length > 0) onAdd(pickImages(images))
              }}
            />
          </label>
        </li>
      </ul>
      <FieldMessage id={inputId} error={field?.error} />
      <p id={`${inputId}-hint`} className={`mt-1.5 text-xs ${over ? 'font-semibold text-rose-700' : 'text-slate-500'}`} aria-live="polite">
        {total} of {MAX_PRODUCT_IMAGES} images. JPEG, PNG, WebP or GIF, up to 5 MB each; the first is the thumbnail.
      </p>
    </fieldset>
  )
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="absolute right-1 top-1 flex size-7 items-center justify-center rounded-full bg-slate-900/75 text-white shadow hover:bg-rose-600 focus-visible:outline-2 focus-visible:outline-white"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
        <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
      </svg>
    </button>
  )
}
