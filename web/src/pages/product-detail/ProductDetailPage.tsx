import type { ProductDTO } from '@contract/product'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from 'react-router'
import { getProduct } from '../../api/catalogue'
import { Button, ButtonLink } from '../../components/Button'
import { ShareActions } from '../../components/ShareActions'
import { PageContainer } from '../../components/PageHeader'
import { COPY_MESSAGES, copyLinkWithToast } from '../../lib/clipboard'
import { formatRupees, imageList, truncate } from '../../lib/format'
import { affiliateLink } from '../../lib/links'
import { useSession } from '../../lib/session'
import { toast } from '../../lib/toast'
import { useDocumentTitle } from '../../lib/useDocumentTitle'
import { Gallery } from './Gallery'
import { Card } from '../../components/Card'

export const DETAIL_LINK_MAX = 30

function commissionNote(p: ProductDTO): string {
  const amount = formatRupees(p.CommissionAmount, 2)
  return p.CommissionType === 'Percentage'
    ? `Influencers earn ${Number(p.CommissionValue)}% commission (${amount}) on every converted lead.`
    : `Influencers earn a fixed ${amount} commission on every converted lead.`
}

function LinkBox({ label, link, copiedMessage }: { label: string; link: string; copiedMessage: string }) {
  return (
    <div className="rounded-2xl border border-brand-100 bg-brand-50/60 p-4">
      <p className="text-sm font-semibold text-brand-900">{label}</p>
      <div className="mt-2 flex items-center gap-2">
        <code
          className="min-w-0 flex-1 truncate rounded-lg bg-white px-3 py-2 text-sm text-slate-700 ring-1 ring-brand-100"
          title={link}
          data-testid="detail-link"
        >
          {truncate(link, DETAIL_LINK_MAX)}
        </code>
        <Button size="sm" onClick={() => void copyLinkWithToast(link, copiedMessage, toast)}>
          Copy
        </Button>
      </div>
    </div>
  )
}

export default function ProductDetailPage() {
  const { productId } = useParams()
  const navigate = useNavigate()
  const session = useSession()
  const id = Number(productId)
  const valid = Number.isSafeInteger(id) && id > 0
  // Any refusal (removed, hidden, never existed) reads as 'Product not found', so it is not retried.
  const load = useQuery({ queryKey: ['product', id], queryFn: () => getProduct(id), enabled: valid, retry: false })
  useDocumentTitle(load.data ? load.data.ProductName : null)

  // A product link opened from outside has no step to go back to: the catalogue is the way on.
  const goBack = () => {
    const state: unknown = window.history.state
    const idx = typeof state === 'object' && state !== null && 'idx' in state ? Number(state.idx) : 0
    if (idx > 0) void navigate(-1)
    else void navigate('/products')
  }

  if (valid && load.isPending) {
    return (
      <PageContainer>
        <div className="flex min-h-[40vh] flex-col items-center justify-center gap-4" role="status">
          <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600" />
          <p className="text-slate-600">Loading product details...</p>
        </div>
      </PageContainer>
    )
  }

  if (!load.data) {
    return (
      <PageContainer>
        <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
          <h1 className="text-2xl font-bold text-slate-900">Product not found</h1>
          <p className="mt-2 text-slate-600">It may have been removed by the brand, or the link is mistyped.</p>
          <Button className="mt-6" onClick={goBack}>
            Go Back
          </Button>
        </div>
      </PageContainer>
    )
  }

  const product = load.data
  const marketerId = session.marketer?.MarketerID ?? null
  const linkBox = marketerId
    ? { label: 'Your Affiliate Link', link: product.Link ?? affiliateLink(window.location.origin, product, marketerId), copied: COPY_MESSAGES.affiliateCopied }
    : session.loggedIn
      ? { label: 'Product Link', link: product.product_link || window.location.href, copied: COPY_MESSAGES.productCopied }
      : null

  return (
    <PageContainer>
      <Link to="/products" className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700">
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path
            fillRule="evenodd"
            d="M11.78 5.22a.75.75 0 0 1 0 1.06L8.06 10l3.72 3.72a.75.75 0 1 1-1.06 1.06l-4.25-4.25a.75.75 0 0 1 0-1.06l4.25-4.25a.75.75 0 0 1 1.06 0Z"
            clipRule="evenodd"
          />
        </svg>
        All products
      </Link>
      {/* minmax(0, 1fr) columns: the truncated link box must not widen the page on a phone. */}
      <div className="grid grid-cols-1 gap-8 md:grid-cols-2 lg:gap-12">
        <Gallery images={imageList(product.ImageURL)} alt={product.ProductName} />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {product.Category && <span className="rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-700">{product.Category}</span>}
            <span className="min-w-0 text-slate-500 wrap-anywhere">
              SKU: <span className="font-mono text-slate-700">{product.SKU?.trim() ? product.SKU : 'N/A'}</span>
            </span>
          </div>
          <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 wrap-anywhere sm:text-3xl">{product.ProductName}</h1>
          {product.Vendor?.VendorName && (
            <p className="mt-1 text-sm text-slate-600 wrap-anywhere">
              by <span className="font-semibold text-slate-800">{product.Vendor.VendorName}</span>
            </p>
          )}
          <p className="mt-4 text-3xl font-bold text-slate-900">{formatRupees(product.Price, 2)}</p>
          <p className="mt-3 flex items-start gap-2 rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="mt-0.5 size-4 shrink-0">
              <path strokeLinecap="round" strokeLinejoin="round" d="M15 8.25H9m6 3H9m3 6-3-3h1.5a3 3 0 1 0 0-6M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z" />
            </svg>
            {commissionNote(product)}
          </p>
          {product.Description && (
            <div className="mt-6">
              <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Description</h2>
              <p className="mt-2 whitespace-pre-line leading-relaxed text-slate-700 wrap-anywhere">{product.Description}</p>
            </div>
          )}
          {linkBox && (
            <div className="mt-6">
              <LinkBox label={linkBox.label} link={linkBox.link} copiedMessage={linkBox.copied} />
            </div>
          )}
          {marketerId && (
            <div className="mt-3">
              <ShareActions productName={product.ProductName} price={product.Price} shortLink={product.ShortLink} link={product.Link} />
            </div>
          )}
          {!marketerId && (
            <Card padding="sm" flat className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="font-medium text-slate-800">Want to become an affiliate?</p>
              <ButtonLink to="/signup/influencer" variant="accent" size="sm">
                Sign up now
              </ButtonLink>
            </Card>
          )}
        </div>
      </div>
    </PageContainer>
  )
}
