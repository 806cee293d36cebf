import type { ProductDTO } from '@contract/product'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { listAffiliateProducts, listProducts, listVendorProducts } from '../../api/catalogue'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { inputClasses } from '../../components/Field'
import { PageContainer, PageHeader } from '../../components/PageHeader'
import { ProductCard, ProductCardSkeleton, type Viewer } from '../../components/ProductCard'
import { LoadingRegion } from '../../components/Skeleton'
import { searchProducts, sortNewestFirst } from '../../lib/products'
import { useSession } from '../../lib/session'
import { toast } from '../../lib/toast'
import { ProductsBanner, VendorBlock } from './Banners'
import { usePendingShareLink } from './usePendingShareLink'

export const LOAD_FAILED_MESSAGE = 'Failed to load products'
export const REFRESHED_MESSAGE = 'Products data refreshed!'

/** Spec 000 section 4: marketers see their affiliate products, vendors their own, everyone else all. */
function loadFor(viewer: Viewer, vendorId: number | null, marketerId: number | null): Promise<ProductDTO[]> {
  if (viewer === 'marketer' && marketerId) return listAffiliateProducts(marketerId)
  if (viewer === 'vendor' && vendorId) return listVendorProducts(vendorId)
  return listProducts()
}

export default function ProductsPage() {
  const session = useSession()
  const marketerId = session.marketer?.MarketerID ?? null
  const vendorId = session.vendor?.VendorID ?? null
  const viewer: Viewer = marketerId ? 'marketer' : vendorId ? 'vendor' : 'visitor'
  const [products, setProducts] = useState<ProductDTO[] | null>(null)
  const [refreshing, setRefreshing] = useState(false)
  const [query, setQuery] = useState('')
  const [failed, setFailed] = useState(false)

  usePendingShareLink(viewer === 'marketer' ? marketerId : null)

  const load = useCallback(async () => {
    try {
      setProducts(sortNewestFirst(await loadFor(viewer, vendorId, marketerId)))
      setFailed(false)
      return true
    } catch {
      toast.error(LOAD_FAILED_MESSAGE)
      setFailed(true)
      setProducts((current) => current ?? [])
      return false
    }
  }, [viewer, vendorId, marketerId])

  useEffect(() => {
    void load()
  }, [load])

  const refresh = async () => {
    setRefreshing(true)
    if (await load()) toast.success(REFRESHED_MESSAGE)
    setRefreshing(false)
  }

  const visible = useMemo(() => (products ? searchProducts(products, query) : []), [products, query])
  // A load that failed with nothing on screen shows only the failure state: no '0 of 0', no '0 products listed'.
  const shown = products !== null && !(failed && products.length === 0) ? products : null

  return (
    <PageContainer className="space-y-8">
      <PageHeader
        title="Products"
        subtitle="Browse and discover amazing products"
        actions={
          <Button variant="secondary" onClick={refresh} busy={refreshing} aria-label="Refresh products">
            {!refreshing && (
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
                <path fillRule="evenodd" d="M15.312 11.424a5.5 5.5 0 0 1-9.201 2.466l-.312-.311h2.433a.75.75 0 0 0 0-1.5H3.989a.75.75 0 0 0-.75.75v4.242a.75.75 0 0 0 1.5 0v-2.43l.31.31a7 7 0 0 0 11.712-3.138.75.75 0 0 0-1.449-.39Zm1.23-3.723a.75.75 0 0 0 .219-.53V2.929a.75.75 0 0 0-1.5 0V5.36l-.31-.31A7 7 0 0 0 3.239 8.188a.75.75 0 1 0 1.448.389A5.5 5.5 0 0 1 13.89 6.11l.311.31h-2.432a.75.75 0 0 0 0 1.5h4.243a.75.75 0 0 0 .53-.219Z" clipRule="evenodd" />
              </svg>
            )}
            Refresh
          </Button>
        }
      />

      <ProductsBanner viewer={viewer} />
      {viewer === 'vendor' && <VendorBlock count={shown?.length ?? null} />}

      <div>
        <label htmlFor="product-search" className="sr-only">
          Search products
        </label>
        <div className="relative max-w-xl">
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-slate-400">
            <path fillRule="evenodd" d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.452 4.391l3.328 3.329a.75.75 0 1 1-1.06 1.06l-3.329-3.328A7 7 0 0 1 2 9Z" clipRule="evenodd" />
          </svg>
          <input id="product-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search Product..." className={`${inputClasses} pl-11`} />
        </div>
        {shown && (
          <p className="mt-2 text-sm text-slate-500" aria-live="polite">
            {visible.length} of {shown.length} {shown.length === 1 ? 'product' : 'products'}
          </p>
        )}
      </div>

      {products === null ? (
        <LoadingRegion label="Loading products" className="grid grid-cols-1 gap-5 md:grid-cols-3 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </LoadingRegion>
      ) : failed && products.length === 0 ? (
        <EmptyState
          title="Products could not be loaded"
          text="Check your connection and try again."
          action={
            <Button onClick={refresh} busy={refreshing}>
              Try again
            </Button>
          }
        />
      ) : visible.length === 0 ? (
        <EmptyState
          title={products.length === 0 ? 'No products yet' : 'No products match your search'}
          text={
            products.length === 0
              ? viewer === 'vendor'
                ? 'Add your first product from the vendor dashboard.'
                : 'Brands are adding products every day. Check back soon.'
              : 'Try a different name, SKU, price or commission amount.'
          }
          action={
            query ? (
              <Button variant="secondary" onClick={() => setQuery('')}>
                Clear search
              </Button>
            ) : undefined
          }
        />
      ) : (
        <div className="grid grid-cols-1 gap-5 md:grid-cols-3 lg:grid-cols-4">
          {visible.map((p) => (
            <ProductCard key={p.ProductID} product={p} viewer={viewer} marketerId={marketerId} />
          ))}
        </div>
      )}
    </PageContainer>
  )
}
