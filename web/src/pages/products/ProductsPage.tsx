import type { ProductDTO } from '@contract/product'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { productPage, type ProductListOwner } from '../../api/catalogue'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { inputClasses } from '../../components/Field'
import { PageContainer, PageHeader } from '../../components/PageHeader'
import { Pagination } from '../../components/Pagination'
import { ProductCard, ProductCardSkeleton, type Viewer } from '../../components/ProductCard'
import { LoadingRegion, placeholderKeys } from '../../components/Skeleton'
import { formatTotal } from '../../lib/format'
import { useSession } from '../../lib/session'
import { toast } from '../../lib/toast'
import { usePagedList } from '../../lib/usePagedList'
import { useUrlDraft } from '../../lib/useUrlDraft'
import { ProductsBanner, VendorBlock } from './Banners'
import { usePendingShareLink } from './usePendingShareLink'
import { Card } from '../../components/Card'

export const LOAD_FAILED_MESSAGE = 'Failed to load products'
export const REFRESHED_MESSAGE = 'Products data refreshed!'

/** Cards per page: fills the 4, 3 and 1 column grids evenly; one page is all the DOM ever holds. */
export const PRODUCTS_PAGE_SIZE = 24

// The search lives in the URL (?q=): shareable, and Back from a product returns to it.
const parseSearch = (params: URLSearchParams) => params.get('q') ?? ''
const serializeSearch = (q: string) => new URLSearchParams(q.trim() ? { q } : {})

export default function ProductsPage() {
  const session = useSession()
  const marketerId = session.marketer?.MarketerID ?? null
  const vendorId = session.vendor?.VendorID ?? null
  const viewer: Viewer = marketerId ? 'marketer' : vendorId ? 'vendor' : 'visitor'
  const owner: ProductListOwner = { viewer, vendorId, marketerId }
  const search = useUrlDraft(parseSearch, serializeSearch)
  const q = search.applied.trim()
  const [refreshing, setRefreshing] = useState(false)

  usePendingShareLink(viewer === 'marketer' ? marketerId : null)

  const list = usePagedList<ProductDTO>(
    ['products', viewer, vendorId, marketerId, q],
    (cursor, signal) => productPage(owner, { limit: String(PRODUCTS_PAGE_SIZE), cursor, q: q || undefined }, signal),
    { remember: true },
  )
  // 'x of y products' needs the whole list's size while a search narrows it: one row asked for its total.
  const whole = useQuery({
    queryKey: ['products', viewer, vendorId, marketerId, 'total'],
    queryFn: ({ signal }) => productPage(owner, { limit: '1' }, signal),
    enabled: q !== '',
  })
  const allTotal = q === '' ? list.total : (whole.data?.paging.total ?? null)

  const failed = list.error !== null
  // Each new failure says so once (a retry that fails again is a new failure).
  useEffect(() => {
    if (list.error !== null) toast.error(LOAD_FAILED_MESSAGE)
  }, [list.error])

  const refresh = async () => {
    setRefreshing(true)
    if (await list.reload()) toast.success(REFRESHED_MESSAGE)
    setRefreshing(false)
  }

  const top = useRef<HTMLDivElement>(null)
  const goToPage = useCallback(
    (page: number) => {
      list.goToPage(page)
      top.current?.scrollIntoView({ block: 'start' })
    },
    [list],
  )

  const products = list.rows
  const shown = products !== null && !failed
  return (
    <PageContainer className="space-y-8">
      <PageHeader
        title="Products"
        subtitle="Browse and discover amazing products"
        actions={
          <Button variant="secondary" onClick={refresh} busy={refreshing} aria-label="Refresh products">
            {!refreshing && (
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
                <path
                  fillRule="evenodd"
                  d="M15.312 11.424a5.5 5.5 0 0 1-9.201 2.466l-.312-.311h2.433a.75.75 0 0 0 0-1.5H3.989a.75.75 0 0 0-.75.75v4.242a.75.75 0 0 0 1.5 0v-2.43l.31.31a7 7 0 0 0 11.712-3.138.75.75 0 0 0-1.449-.39Zm1.23-3.723a.75.75 0 0 0 .219-.53V2.929a.75.75 0 0 0-1.5 0V5.36l-.31-.31A7 7 0 0 0 3.239 8.188a.75.75 0 1 0 1.448.389A5.5 5.5 0 0 1 13.89 6.11l.311.31h-2.432a.75.75 0 0 0 0 1.5h4.243a.75.75 0 0 0 .53-.219Z"
                  clipRule="evenodd"
                />
              </svg>
            )}
            Refresh
          </Button>
        }
      />

      <ProductsBanner viewer={viewer} />
      {viewer === 'vendor' && <VendorBlock count={shown && q === '' ? list.total : (allTotal ?? null)} />}

      <div>
        <label htmlFor="product-search" className="sr-only">
          Search products
        </label>
        <div className="relative max-w-xl">
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            fill="currentColor"
            className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-slate-400"
          >
            <path
              fillRule="evenodd"
              d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.452 4.391l3.328 3.329a.75.75 0 1 1-1.06 1.06l-3.329-3.328A7 7 0 0 1 2 9Z"
              clipRule="evenodd"
            />
          </svg>
          <input
            id="product-search"
            type="search"
            value={search.draft}
            onChange={(e) => search.edit(e.target.value)}
            placeholder="Search Product..."
            className={`${inputClasses} pl-11`}
          />
        </div>
        {shown && allTotal !== null && (
          <p className="mt-2 text-sm text-slate-500" aria-live="polite" data-testid="product-count">
            {formatTotal(list.total, list.totalCapped)} of {allTotal.toLocaleString('en-IN')} {allTotal === 1 ? 'product' : 'products'}
          </p>
        )}
      </div>

      <div ref={top} className="scroll-mt-24" />
      {(products === null && !failed) || list.changing ? (
        <LoadingRegion label="Loading products" className="grid grid-cols-1 gap-5 md:grid-cols-3 lg:grid-cols-4">
          {placeholderKeys(8).map((key) => (
            <ProductCardSkeleton key={key} />
          ))}
        </LoadingRegion>
      ) : failed && (products === null || products.length === 0) ? (
        <EmptyState
          title="Products could not be loaded"
          text="Check your connection and try again."
          action={
            <Button onClick={refresh} busy={refreshing}>
              Try again
            </Button>
          }
        />
      ) : products === null || products.length === 0 ? (
        <EmptyState
          title={q === '' ? 'No products yet' : 'No products match your search'}
          text={
            q === ''
              ? viewer === 'vendor'
                ? 'Add your first product from the vendor dashboard.'
                : 'Brands are adding products every day. Check back soon.'
              : 'Try a different name, SKU, price or commission amount.'
          }
          action={
            search.draft ? (
              <Button variant="secondary" onClick={() => search.commit('')}>
                Clear search
              </Button>
            ) : undefined
          }
        />
      ) : (
        <div className="space-y-5">
          <div aria-busy={list.fetching} className="grid grid-cols-1 gap-5 md:grid-cols-3 lg:grid-cols-4">
            {products.map((p) => (
              <ProductCard key={p.ProductID} product={p} viewer={viewer} marketerId={marketerId} />
            ))}
          </div>
          {list.total > list.pageSize && (
            <Card padding="none" flat className="overflow-hidden">
              <Pagination
                page={list.page}
                total={list.total}
                pageSize={list.pageSize}
                reachable={list.reachable}
                capped={list.totalCapped}
                onPage={goToPage}
                label="Products pages"
              />
            </Card>
          )}
        </div>
      )}
    </PageContainer>
  )
}
