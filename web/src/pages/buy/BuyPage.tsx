import type { ProductDTO } from '@contract/product'
import { type FormEvent, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { createLead, getProduct, trackImpression } from '../../api/catalogue'
import { ApiError, errorMessage } from '../../api/client'
import { Button, ButtonLink } from '../../components/Button'
import { TextField } from '../../components/Field'
import { Skeleton } from '../../components/Skeleton'
import { formatRupees, imageList } from '../../lib/format'
import { readBuyParams } from '../../lib/links'
import { toast } from '../../lib/toast'
import { useDocumentTitle } from '../../lib/useDocumentTitle'
import { buyFormError, phoneInput } from './buyForm'
import { Carousel } from './Carousel'

export const IMPRESSION_FAILED_MESSAGE = 'Failed to track impression.'

// Once per page load and link, even if the effect runs twice (React StrictMode in development).
const tracked = new Set<string>()

function useImpression(ids: { productId: number | null; vendorId: number | null; marketerId: number | null }) {
  const { productId, vendorId, marketerId } = ids
  useEffect(() => {
    if (!productId || !vendorId || !marketerId) return
    const key = `${productId}:${vendorId}:${marketerId}`
    if (tracked.has(key)) return
    tracked.add(key)
    trackImpression({ productId, vendorId, marketerId }).catch(() => toast.error(IMPRESSION_FAILED_MESSAGE))
  }, [productId, vendorId, marketerId])
}

type Load = { state: 'loading' } | { state: 'ready'; product: ProductDTO } | { state: 'missing' }

const LockIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0 text-emerald-600">
    <path fillRule="evenodd" d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z" clipRule="evenodd" />
  </svg>
)

function BuyForm({ product, ids }: { product: ProductDTO; ids: ReturnType<typeof readBuyParams> }) {
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [phone, setPhone] = useState('')
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const problem = buyFormError({ ...ids, name, email, phone })
    if (problem) return void toast.error(problem)
    setBusy(true)
    try {
      const res = await createLead({
        ProductID: ids.productId ?? 0,
        VendorID: ids.vendorId ?? 0,
        MarketerID: ids.marketerId ?? 0,
        ClientName: name.trim(),
        ClientEmail: email.trim(),
        ClientPhone: phone,
      })
      if (res.statusCode === 1) {
        setName('')
        setEmail('')
        setPhone('')
        setDone(true)
      } else toast.error(res.message)
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : errorMessage(err))
    } finally {
      setBusy(false)
    }
  }

  if (done) {
    return (
      <div className="rounded-3xl border border-emerald-200 bg-emerald-50 p-6 text-center sm:p-8" role="status">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-600 text-white">
          <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" className="size-7">
            <path strokeLinecap="round" strokeLinejoin="round" d="m4.5 12.75 6 6 9-13.5" />
          </svg>
        </div>
        <h2 className="mt-4 text-2xl font-bold text-emerald-900">Thank You!</h2>
        <p className="mt-1 text-emerald-800">We will contact you shortly.</p>
      </div>
    )
  }

  return (
    <form onSubmit={submit} noValidate className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-lg font-bold text-slate-900">Fill the Form to Buy the Product</h2>
      <div className="mt-4 space-y-4">
        <TextField label="Name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} hint="Optional" />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          value={phone}
          onChange={(e) => setPhone(phoneInput(e.target.value))}
          hint="10-digit mobile number"
        />
      </div>
      <Button type="submit" size="lg" busy={busy} className="mt-6 w-full">
        Buy Now
      </Button>
      <p className="mt-3 flex items-center justify-center gap-1.5 text-center text-xs text-slate-500">
        <LockIcon />
        Your details go only to {product.Vendor?.VendorName || 'the seller'}, to contact you about this order.
      </p>
    </form>
  )
}

export default function BuyPage() {
  const [params] = useSearchParams()
  const ids = readBuyParams(params)
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  useImpression(ids)
  useDocumentTitle(load.state === 'ready' ? load.product.ProductName : null)

  useEffect(() => {
    if (!ids.productId) return void setLoad({ state: 'missing' })
    let live = true
    setLoad({ state: 'loading' })
    getProduct(ids.productId)
      .then((product) => live && setLoad({ state: 'ready', product }))
      .catch(() => live && setLoad({ state: 'missing' }))
    return () => {
      live = false
    }
  }, [ids.productId])

  if (load.state === 'loading') {
    return (
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-6 sm:px-6 md:grid-cols-2 md:py-10" role="status" aria-label="Loading product">
        <Skeleton className="aspect-square w-full rounded-3xl" />
        <div className="space-y-4">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-10 w-1/3" />
          <Skeleton className="h-64 w-full rounded-3xl" />
        </div>
      </div>
    )
  }

  if (load.state === 'missing') {
    return (
      <div className="mx-auto max-w-md px-4 py-20 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Product not found</h1>
        <p className="mt-2 text-slate-600">This link may be incomplete or the product is no longer listed.</p>
        <ButtonLink to="/products" className="mt-6">
          Browse products
        </ButtonLink>
      </div>
    )
  }

  const { product } = load
  const price = Number(product.Price)
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-6 sm:px-6 md:grid-cols-2 md:gap-10 md:py-10">
      <Carousel images={imageList(product.ImageURL)} alt={product.ProductName} />
      <div>
        {product.Vendor?.VendorName && <p className="text-sm font-medium text-brand-700">{product.Vendor.VendorName}</p>}
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{product.ProductName}</h1>
        <p className="mt-3 text-3xl font-bold text-slate-900">{Number.isFinite(price) && price > 0 ? formatRupees(price) : 'Price not available'}</p>
        <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-xs font-medium text-emerald-800">
          <LockIcon />
          No payment now: the seller calls you to confirm your order
        </p>
        {product.Description && <p className="mt-4 whitespace-pre-line text-slate-600">{product.Description}</p>}
        {product.product_link && (
          <a
            href={product.product_link}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            View Product
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
              <path fillRule="evenodd" d="M4.25 5.5a.75.75 0 0 0-.75.75v8.5c0 .414.336.75.75.75h8.5a.75.75 0 0 0 .75-.75v-4a.75.75 0 0 1 1.5 0v4A2.25 2.25 0 0 1 12.75 17h-8.5A2.25 2.25 0 0 1 2 14.75v-8.5A2.25 2.25 0 0 1 4.25 4h5a.75.75 0 0 1 0 1.5h-5Zm7.25-.75a.75.75 0 0 1 .75-.75h3.5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0V6.56l-5.22 5.22a.75.75 0 1 1-1.06-1.06l5.22-5.22H12.25a.75.75 0 0 1-.75-.75Z" clipRule="evenodd" />
            </svg>
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
        <div className="mt-6">
          <BuyForm product={product} ids={ids} />
        </div>
      </div>
    </div>
  )
}
