import { type BuyProduct, INVALID_LINK_TITLE } from '@contract/buy-page'
import { buttonClasses } from '../../components/buttonClasses'

/**
 * A buy link no lead can come from: a missing or switched-off product, or a link
 * that names the wrong vendor or an unknown influencer. Said plainly, with no form to fill in vain.
 */
export function InvalidLink({ product }: { product: Pick<BuyProduct, 'ProductName' | 'path'> | null }) {
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center sm:py-20">
      <h1 className="text-2xl font-bold text-slate-900">{INVALID_LINK_TITLE}</h1>
      <p className="mt-2 text-slate-600">
        It may have been copied incompletely, or the product is no longer offered through it. Ask the person who shared it for a new link.
      </p>
      <div className="mt-6 flex flex-col items-center gap-3">
        {product && (
          <a href={product.path} className={buttonClasses('primary', 'md', 'max-w-full')}>
            <span className="truncate">See {product.ProductName}</span>
          </a>
        )}
        <a href="/products" className={buttonClasses(product ? 'secondary' : 'primary', 'md')}>
          Browse products
        </a>
      </div>
    </div>
  )
}
