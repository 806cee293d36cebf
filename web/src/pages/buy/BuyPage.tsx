import type { BuyProduct } from '@contract/buy-page'
import { buttonClasses } from '../../components/buttonClasses'
import { formatRupees } from '../../lib/format-core'
import { LockIcon } from './BuyFormView'
import { BUY_ISLANDS } from './islands'

type BuyPageProps = {
  product: BuyProduct
  marketerId: number
  /** The link's sub-ID, carried on to the store redirect. */
  sub?: string
}

/**
 * A valid buy link: the product (spec 001 section 4) and its form. Rendered by the Worker only: the
 * carousel and the form are islands, rendered apart into their elements here and hydrated in the
 * browser (islands.tsx).
 */
export function BuyPage({ product, marketerId, sub }: BuyPageProps) {
  const price = Number(product.Price)
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-6 sm:px-6 md:grid-cols-2 md:gap-10 md:py-10">
      {/* The grid's item, so the carousel inside keeps its place and sticks beside the form on wide screens. */}
      <div id={BUY_ISLANDS.carousel.id} className="self-start md:sticky md:top-24" />
      <div className="min-w-0">
        {product.VendorName && <p className="text-sm font-medium text-brand-700 [overflow-wrap:anywhere]">{product.VendorName}</p>}
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">{product.ProductName}</h1>
        <p className="mt-3 text-3xl font-bold text-slate-900">{Number.isFinite(price) && price > 0 ? formatRupees(price) : 'Price not available'}</p>
        <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-xs font-medium text-emerald-800">
          <LockIcon />
          No payment now: the seller calls you to confirm your order
        </p>
        {product.Description && <p className="mt-4 whitespace-pre-line text-slate-600 [overflow-wrap:anywhere]">{product.Description}</p>}
        {product.product_link && (
          <a
            href={product.product_link}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            View Product
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" className="size-4">
              <path d="M6 14 14 6M7.5 6H14v6.5" />
            </svg>
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
        {product.product_link && (
          // Through the edge redirect: it counts the click and gives the buyer the ck_ref the store reports the sale with.
          <a
            href={`/go/${product.ProductID}/${marketerId}${sub ? `?sub=${encodeURIComponent(sub)}` : ''}`}
            rel="nofollow"
            className={buttonClasses('secondary', 'lg', 'mt-4 w-full')}
          >
            Buy on {product.VendorName || 'the seller'}'s store
          </a>
        )}
        <div id={BUY_ISLANDS.live.id} className="mt-6" />
      </div>
    </div>
  )
}
