import type { ProductDTO } from '@contract/product'
import { Link, useNavigate } from 'react-router'
import { COPY_MESSAGES, copyLinkWithToast } from '../lib/clipboard'
import { formatRupees, imageList, truncate } from '../lib/format'
import { affiliateLink, productPath } from '../lib/links'
import { cardCommission } from '../lib/products'
import { setPendingShareLink } from '../lib/storage'
import { toast } from '../lib/toast'
import { Button, ButtonLink } from './Button'
import { ProductImage } from './ProductImage'
import { ShareActions } from './ShareActions'
import { Skeleton } from './Skeleton'
import { Card } from './Card'

export type Viewer = 'marketer' | 'vendor' | 'visitor'

export const CARD_LINK_MAX = 20

type Props = { product: ProductDTO; viewer: Viewer; marketerId: number | null }

const CopyIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
    <path d="M7 3.5A1.5 1.5 0 0 1 8.5 2h3.879a1.5 1.5 0 0 1 1.06.44l3.122 3.12A1.5 1.5 0 0 1 17 6.622V12.5a1.5 1.5 0 0 1-1.5 1.5h-1v-3.379a3 3 0 0 0-.879-2.121L10.5 5.379A3 3 0 0 0 8.379 4.5H7v-1Z" />
    <path d="M4.5 6A1.5 1.5 0 0 0 3 7.5v9A1.5 1.5 0 0 0 4.5 18h7a1.5 1.5 0 0 0 1.5-1.5v-5.879a1.5 1.5 0 0 0-.44-1.06L9.44 6.439A1.5 1.5 0 0 0 8.378 6H4.5Z" />
  </svg>
)

/** Spec 000/001 section 2: what a card shows depends on who is looking. */
export function ProductCard({ product, viewer, marketerId }: Props) {
  const navigate = useNavigate()
  const path = productPath(product)
  const thumbnail = imageList(product.ImageURL)[0]
  const link = viewer === 'marketer' ? (product.Link ?? (marketerId ? affiliateLink(window.location.origin, product, marketerId) : null)) : null

  const copy = () => void copyLinkWithToast(link, COPY_MESSAGES.copied, toast)

  // A visitor's copy attempt keeps the link for after sign-in (spec 000 section 6).
  const copyAsVisitor = () => {
    toast.warn(COPY_MESSAGES.loginFirst)
    setPendingShareLink(affiliateLink(window.location.origin, product, null))
    navigate('/signin')
  }

  return (
    <Card
      as="article"
      padding="none"
      className="group flex flex-col overflow-hidden transition hover:-translate-y-0.5 hover:shadow-lg hover:shadow-slate-900/5"
      data-testid="product-card"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
        <ProductImage path={thumbnail} alt={product.ProductName} className="size-full transition duration-300 group-hover:scale-[1.03]" />
        {!product.IsActive && (
          <span className="absolute right-3 top-3 rounded-full bg-rose-600 px-2.5 py-1 text-xs font-semibold text-white shadow-sm">Inactive</span>
        )}
        {product.Category && (
          <span className="absolute left-3 top-3 rounded-full bg-white/90 px-2.5 py-1 text-xs font-medium text-slate-700 shadow-sm backdrop-blur">
            {product.Category}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 className="text-base font-semibold leading-snug text-slate-900 wrap-anywhere">
          {viewer === 'vendor' ? (
            product.ProductName
          ) : (
            <Link to={path} className="hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500">
              {product.ProductName}
            </Link>
          )}
        </h3>
        <p className="mt-1 text-xs text-slate-500 wrap-anywhere">
          SKU: <span className="font-mono">{product.SKU?.trim() ? product.SKU : 'N/A'}</span>
        </p>
        <div className="mt-3 flex flex-wrap items-end justify-between gap-2">
          <p className="text-xl font-bold text-slate-900">{formatRupees(product.Price)}</p>
          <p className="rounded-lg bg-emerald-50 px-2 py-1 text-xs font-semibold text-emerald-700">
            <span className="sr-only">Commission: </span>
            <span aria-hidden="true">Commission </span>
            {cardCommission(product)}
          </p>
        </div>
        {product.Description && <p className="mt-2 line-clamp-2 text-sm text-slate-600 wrap-anywhere">{product.Description}</p>}
        {viewer !== 'vendor' && (
          <div className="mt-auto pt-4">
            {viewer === 'marketer' && (
              <div className="flex items-center gap-2 rounded-xl border border-dashed border-brand-200 bg-brand-50/60 p-1.5 pl-3">
                <span className="min-w-0 flex-1 truncate font-mono text-xs text-brand-800" title={link ?? undefined} data-testid="card-link">
                  {link ? truncate(link, CARD_LINK_MAX) : 'Link unavailable'}
                </span>
                <Button size="sm" onClick={copy} className="shrink-0">
                  <CopyIcon />
                  Copy Link
                </Button>
              </div>
            )}
            {viewer === 'marketer' && (
              <div className="mt-2">
                <ShareActions productName={product.ProductName} price={product.Price} shortLink={product.ShortLink} link={product.Link} />
              </div>
            )}
            {viewer === 'visitor' && (
              <div className="grid grid-cols-2 gap-2">
                <ButtonLink to={path} variant="primary" size="sm">
                  View Details
                </ButtonLink>
                <Button variant="secondary" size="sm" onClick={copyAsVisitor}>
                  <CopyIcon />
                  Copy Link
                </Button>
              </div>
            )}
          </div>
        )}
      </div>
    </Card>
  )
}

export function ProductCardSkeleton() {
  return (
    <Card aria-hidden="true" padding="none" flat className="overflow-hidden">
      <div className="aspect-[4/3] animate-pulse bg-slate-200/80" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-3 w-full" />
      </div>
    </Card>
  )
}
