import type { ProductDTO } from '@contract/product'
import { COLLECTION_TITLE_MAX, collectionTitleSchema, STOREFRONT_VIEW_DAYS, type StorefrontCollectionDTO, type StorefrontDTO } from '@contract/storefront'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type DragEvent, type FormEvent, useMemo, useState } from 'react'
import { renderSVG } from 'uqr'
import { productPage } from '../../api/catalogue'
import { errorMessage } from '../../api/client'
import {
  createCollection,
  deleteCollection,
  getStorefront,
  orderCollections,
  orderPins,
  pinProduct,
  renameCollection,
  unpinProduct,
} from '../../api/storefront'
import { Button } from '../../components/Button'
import { buttonClasses } from '../../components/buttonClasses'
import { Modal } from '../../components/Modal'
import { ProductImage } from '../../components/ProductImage'
import { TextField } from '../../components/Field'
import { copyLinkWithToast } from '../../lib/clipboard'
import { formatCount, formatRupees } from '../../lib/format'
import { schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { Card } from '../../components/Card'

const titleIssues = schemaIssues(collectionTitleSchema)

export const STOREFRONT_KEY = ['storefront'] as const
export const STOREFRONT_TOAST = { copied: 'Storefront link copied' } as const

/** The list with the item at `from` moved to `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  const [item] = next.splice(from, 1)
  if (item !== undefined) next.splice(to, 0, item)
  return next
}

/** The influencer's storefront: collections of pinned products, their order, and the link to share. */
export function StorefrontTab() {
  const queryClient = useQueryClient()
  const storefront = useQuery({ queryKey: STOREFRONT_KEY, queryFn: getStorefront, staleTime: 0 })
  const [busy, setBusy] = useState(false)

  /** Runs a change, shows its message, and refreshes the storefront (or takes the answer when it is one). */
  async function change(run: () => Promise<{ message: string; data: unknown }>) {
    setBusy(true)
    try {
      const answer = await run()
      toast.success(answer.message)
      await queryClient.invalidateQueries({ queryKey: STOREFRONT_KEY })
    } catch (err) {
      toast.error(errorMessage(err))
    } finally {
      setBusy(false)
    }
  }

  if (storefront.isPending) return <p className="text-sm text-slate-600">Loading your storefront…</p>
  if (storefront.error) return <p className="text-sm text-red-700">{errorMessage(storefront.error)}</p>
  const data = storefront.data
  const collections = data.collections

  const moveCollection = (from: number, to: number) => {
    if (to < 0 || to >= collections.length || from === to) return
    void change(() => orderCollections({ CollectionIDs: moved(collections, from, to).map((c) => c.CollectionID) }))
  }

  return (
    <div className="space-y-6">
      <StorefrontLink storefront={data} />
      <NewCollection busy={busy} onCreate={(title) => change(() => createCollection(title))} />
      {collections.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          No collections yet. Add one, then pin the products you recommend.
        </p>
      ) : (
        <ol className="space-y-4" aria-label="Collections">
          {collections.map((c, i) => (
            <CollectionCard key={c.CollectionID} collection={c} index={i} count={collections.length} busy={busy} onMove={moveCollection} change={change} />
          ))}
        </ol>
      )}
    </div>
  )
}

function StorefrontLink({ storefront }: { storefront: StorefrontDTO }) {
  const url = `${window.location.origin}${storefront.path}`
  const [qr, setQr] = useState(false)
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'My storefront', url })
        return
      } catch {
        // dismissed: nothing to do
        return
      }
    }
    await copyLinkWithToast(url, STOREFRONT_TOAST.copied, toast)
  }
  return (
    <Card as="section" padding="none" flat className="p-4 sm:p-6" aria-labelledby="storefront-link">
      <h2 id="storefront-link" className="text-lg font-semibold text-slate-900">
        Your storefront
      </h2>
      <p className="mt-1 text-sm text-slate-600">One link for your bio: every product you pin below, each through your own link.</p>
      <p className="mt-3 font-mono text-sm text-brand-800 wrap-anywhere" data-testid="storefront-url">
        {url}
      </p>
      <p className="mt-1 text-sm text-slate-700" data-testid="storefront-views">
        {formatCount(storefront.views)} {storefront.views === 1 ? 'visit' : 'visits'} in the last {STOREFRONT_VIEW_DAYS} days
      </p>
      {!storefront.handle && (
        <p className="mt-1 text-xs text-slate-600">Add your Instagram, Twitter or TikTok username to your profile for an address with your handle.</p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void copyLinkWithToast(url, STOREFRONT_TOAST.copied, toast)}>
          Copy link
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void share()}>
          Share
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setQr(true)}>
          QR code
        </Button>
        {/* A page the Worker writes: a full navigation, not the app's router. */}
        <a className={buttonClasses('secondary', 'sm')} href={storefront.path} target="_blank" rel="noopener">
          Open storefront
        </a>
      </div>
      {qr && <StorefrontQr url={url} onClose={() => setQr(false)} />}
    </Card>
  )
}

function StorefrontQr({ url, onClose }: { url: string; onClose: () => void }) {
  const svg = useMemo(() => renderSVG(url, { border: 2, ecc: 'M' }), [url])
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
  return (
    <Modal open title="Storefront QR code" onClose={onClose}>
      <div className="flex flex-col items-center gap-4">
        <img src={src} alt={`QR code for ${url}`} width={240} height={240} className="size-60 rounded-xl border border-slate-200 [image-rendering:pixelated]" />
        <p className="font-mono text-xs text-slate-600 wrap-anywhere">{url}</p>
        <a className="text-sm font-semibold text-brand-800 underline" href={src} download="storefront-qr.svg">
          Download SVG
        </a>
      </div>
    </Modal>
  )
}

function NewCollection({ busy, onCreate }: { busy: boolean; onCreate: (title: string) => Promise<void> }) {
  const [title, setTitle] = useState('')
  const form = useFieldErrors(titleIssues, { Title: title })
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const parsed = collectionTitleSchema.safeParse({ Title: title })
    if (!form.check() || !parsed.success) return
    await onCreate(parsed.data.Title)
    setTitle('')
  }
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => void submit(e)}>
      <TextField
        label="New collection"
        placeholder="e.g. Festive picks"
        value={title}
        maxLength={COLLECTION_TITLE_MAX}
        onChange={(e) => setTitle(e.target.value)}
        wrapperClassName="min-w-0 flex-1"
        {...form.field('Title')}
      />
      <Button type="submit" busy={busy}>
        Add collection
      </Button>
    </form>
  )
}

type Change = (run: () => Promise<{ message: string; data: unknown }>) => Promise<void>

type CardProps = {
  collection: StorefrontCollectionDTO
  index: number
  count: number
  busy: boolean
  onMove: (from: number, to: number) => void
  change: Change
}

function CollectionCard({ collection, index, count, busy, onMove, change }: CardProps) {
  const [renaming, setRenaming] = useState(false)
  const [title, setTitle] = useState(collection.Title)
  const form = useFieldErrors(titleIssues, { Title: title })
  const [adding, setAdding] = useState(false)
  const [dragPin, setDragPin] = useState<number | null>(null)
  const pins = collection.pins
  const movePin = (from: number, to: number) => {
    if (to < 0 || to >= pins.length || from === to) return
    void change(() => orderPins(collection.CollectionID, { PinIDs: moved(pins, from, to).map((p) => p.PinID) }))
  }
  const dropOnCard = (e: DragEvent) => {
    const from = Number(e.dataTransfer.getData('text/collection-index'))
    if (e.dataTransfer.types.includes('text/collection-index')) {
      e.preventDefault()
      onMove(from, index)
    }
  }
  const rename = async (e: FormEvent) => {
    e.preventDefault()
    const parsed = collectionTitleSchema.safeParse({ Title: title })
    if (!form.check() || !parsed.success) return
    await change(() => renameCollection(collection.CollectionID, parsed.data.Title))
    setRenaming(false)
  }
  return (
    <Card
      as="li"
      padding="sm"
      flat
      data-testid="storefront-collection"
      onDragOver={(e) => e.dataTransfer.types.includes('text/collection-index') && e.preventDefault()}
      onDrop={dropOnCard}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span
          draggable
          onDragStart={(e) => e.dataTransfer.setData('text/collection-index', String(index))}
          className="cursor-grab select-none rounded px-1 text-slate-600"
          title="Drag to reorder"
          aria-hidden="true"
        >
          ⠿
        </span>
        {renaming ? (
          <form className="flex min-w-[10rem] flex-1 flex-wrap items-end gap-2" onSubmit={(e) => void rename(e)}>
            <TextField
              label="Collection title"
              value={title}
              maxLength={COLLECTION_TITLE_MAX}
              onChange={(e) => setTitle(e.target.value)}
              wrapperClassName="min-w-0 flex-1"
              {...form.field('Title')}
            />
            <Button type="submit" size="sm" busy={busy}>
              Save
            </Button>
          </form>
        ) : (
          <h3 className="min-w-[10rem] flex-1 text-base font-semibold text-slate-900 wrap-anywhere">{collection.Title}</h3>
        )}
        <div className="flex flex-wrap gap-1">
          <Button
            variant="secondary"
            size="sm"
            disabled={busy || index === 0}
            onClick={() => onMove(index, index - 1)}
            aria-label={`Move ${collection.Title} up`}
          >
            ↑
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={busy || index === count - 1}
            onClick={() => onMove(index, index + 1)}
            aria-label={`Move ${collection.Title} down`}
          >
            ↓
          </Button>
          {!renaming && (
            <Button variant="secondary" size="sm" onClick={() => setRenaming(true)}>
              Rename
            </Button>
          )}
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => void change(() => deleteCollection(collection.CollectionID))}>
            Delete
          </Button>
        </div>
      </div>
      {pins.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No products pinned here yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100" aria-label={`Products in ${collection.Title}`}>
          {pins.map((p, i) => (
            <li
              key={p.PinID}
              className="flex flex-wrap items-center gap-3 py-2"
              draggable
              onDragStart={(e) => {
                e.stopPropagation()
                setDragPin(i)
              }}
              onDragOver={(e) => dragPin !== null && e.preventDefault()}
              onDrop={(e) => {
                if (dragPin === null) return
                e.preventDefault()
                e.stopPropagation()
                movePin(dragPin, i)
                setDragPin(null)
              }}
            >
              <ProductImage path={p.Image} alt="" className="size-12 flex-none rounded-lg object-cover" />
              <span className="min-w-[8rem] flex-1">
                <span className="block text-sm font-medium text-slate-900 wrap-anywhere">{p.ProductName}</span>
                <span className="block text-xs text-slate-600">
                  {formatRupees(p.Price)}
                  {!p.IsActive && ' · Switched off by the brand: hidden until it is back on'}
                </span>
              </span>
              <Button variant="secondary" size="sm" disabled={busy || i === 0} onClick={() => movePin(i, i - 1)} aria-label={`Move ${p.ProductName} up`}>
                ↑
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={busy || i === pins.length - 1}
                onClick={() => movePin(i, i + 1)}
                aria-label={`Move ${p.ProductName} down`}
              >
                ↓
              </Button>
              <Button variant="secondary" size="sm" disabled={busy} onClick={() => void change(() => unpinProduct(p.PinID))}>
                Unpin
              </Button>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-3">
        {adding ? (
          <ProductPicker
            onPick={(product) => change(() => pinProduct(collection.CollectionID, product.ProductID))}
            onClose={() => setAdding(false)}
            title={collection.Title}
          />
        ) : (
          <Button size="sm" onClick={() => setAdding(true)}>
            Pin a product
          </Button>
        )}
      </div>
    </Card>
  )
}

function ProductPicker({ title, onPick, onClose }: { title: string; onPick: (p: ProductDTO) => Promise<void>; onClose: () => void }) {
  const [q, setQ] = useState('')
  const results = useQuery({
    queryKey: ['storefront-picker', q],
    queryFn: ({ signal }) => productPage({ viewer: 'visitor', vendorId: null, marketerId: null }, { q: q.trim() || undefined, limit: '10' }, signal),
  })
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <TextField label={`Find a product to pin to ${title}`} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      <ul className="mt-2 divide-y divide-slate-200" aria-label="Products to pin">
        {(results.data?.rows ?? []).map((p) => (
          <li key={p.ProductID} className="flex items-center gap-3 py-2">
            <span className="min-w-0 flex-1 text-sm text-slate-900 wrap-anywhere">
              {p.ProductName} <span className="text-slate-600">· {formatRupees(p.Price)}</span>
            </span>
            <Button size="sm" variant="secondary" onClick={() => void onPick(p)} aria-label={`Pin ${p.ProductName}`}>
              Pin
            </Button>
          </li>
        ))}
      </ul>
      <Button size="sm" variant="secondary" className="mt-2" onClick={onClose}>
        Done
      </Button>
    </div>
  )
}
