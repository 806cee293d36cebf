import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import { cachedMarketers, directoryPage, directoryTotal, locationSuggestions } from '../../api/marketers'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { Modal } from '../../components/Modal'
import { SelectField } from '../../components/Field'
import { PageContainer, PageHeader } from '../../components/PageHeader'
import { Pagination } from '../../components/Pagination'
import { LoadingRegion, placeholderKeys } from '../../components/Skeleton'
import {
  activeFilterCount,
  type DirectoryFilters,
  directoryParams,
  EMPTY_FILTERS,
  isDefaultView,
  parseDirectoryView,
  serializeDirectoryView,
  SORTS,
  type SortKey,
} from '../../lib/directory'
import { formatTotal } from '../../lib/format'
import type { DisplayMarketer } from '../../lib/influencer'
import { useDebounced } from '../../lib/useDebounced'
import { useMediaQuery } from '../../lib/useMediaQuery'
import { usePagedList } from '../../lib/usePagedList'
import { useUrlDraft } from '../../lib/useUrlDraft'
import { Filters } from './Filters'
import { MarketerCard, MarketerCardSkeleton } from './InfluencerCard'
import { InviteToCampaign } from '../campaigns/InviteToCampaign'
import { useSession } from '../../lib/session'
import { Card } from '../../components/Card'

export default function DirectoryPage() {
  const view = useUrlDraft(parseDirectoryView, serializeDirectoryView)
  const params = directoryParams(view.applied)
  const cacheable = isDefaultView(view.applied)
  const [panelOpen, setPanelOpen] = useState(false)
  const session = useSession()
  const vendorSignedIn = session.loggedIn && session.vendor !== null
  const wide = useMediaQuery('(min-width: 1024px)')
  const medium = useMediaQuery('(min-width: 768px)')

  const list = usePagedList<DisplayMarketer>(['directory', params], (cursor, signal) => directoryPage(params, cursor, cacheable, signal), {
    remember: true,
  })
  // The cached first page at once (a reload within five minutes) while the server answers.
  const [cached] = useState(() => {
    const rows = cachedMarketers()
    return rows && rows.length > 0 ? rows : null
  })
  const rows = list.rows ?? (cacheable ? cached : null)
  // 'Showing X of Y': Y is everyone listed, asked for once (one row and its total) when filters narrow X.
  const everyone = useQuery({ queryKey: ['directory', 'everyone'], queryFn: ({ signal }) => directoryTotal({}, signal), enabled: !cacheable })
  const allTotal = cacheable ? (list.rows ? list.total : rows?.length) : everyone.data

  // Location suggestions come from the server: the locations of influencers matching the typed text.
  const locationText = useDebounced(view.draft.filters.location.trim(), 250)
  const locations = useQuery({
    queryKey: ['directory', 'locations', locationText],
    queryFn: ({ signal }) => locationSuggestions(locationText, signal),
    placeholderData: keepPreviousData,
  })

  const filters = view.draft.filters
  const setFilters = (next: DirectoryFilters) => {
    // Text boxes follow the URL after a pause in typing; boxes and choices at once.
    const typed = (['keyword', 'bio', 'category', 'location', 'minFollowers'] as const).some((k) => next[k] !== filters[k])
    if (typed) view.edit({ ...view.draft, filters: next })
    else view.commit({ ...view.draft, filters: next })
  }
  const setSort = (sort: SortKey) => view.commit({ ...view.draft, sort })
  const clear = () => view.commit({ ...view.draft, filters: EMPTY_FILTERS })
  const closePanel = useCallback(() => setPanelOpen(false), [])
  const active = activeFilterCount(filters)
  const sort = view.draft.sort

  const top = useRef<HTMLDivElement>(null)
  const goToPage = (page: number) => {
    list.goToPage(page)
    top.current?.scrollIntoView({ block: 'start' })
  }

  const filterForm = (compact: boolean) => (
    <Filters filters={filters} onChange={setFilters} onClear={clear} onSearch={closePanel} locations={locations.data ?? []} compact={compact} />
  )
  const countLine =
    rows && allTotal !== undefined && !(list.error && list.rows === null && !cacheable)
      ? `Showing ${list.rows ? formatTotal(list.total, list.totalCapped) : rows.length.toLocaleString('en-IN')} of ${allTotal.toLocaleString('en-IN')} influencers`
      : list.error && rows === null
        ? 'Influencers could not be loaded'
        : 'Loading influencers…'

  return (
    <PageContainer>
      <PageHeader title="Influencer Directory" subtitle="Find Indian creators by niche, reach and engagement, and open a profile to see their numbers." />
      <div className="mt-8 flex gap-8">
        {wide && (
          <aside aria-label="Filters" className="w-72 shrink-0">
            <Card padding="none" className="sticky top-24 p-5">
              {filterForm(false)}
            </Card>
          </aside>
        )}
        <div className="min-w-0 flex-1">
          <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
            <div className="flex items-center gap-3">
              {!wide && (
                <Button variant="secondary" onClick={() => setPanelOpen(true)} aria-expanded={panelOpen}>
                  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
                    <path
                      fillRule="evenodd"
                      d="M2.628 1.601C5.028 1.206 7.49 1 10 1s4.973.206 7.372.601a.75.75 0 0 1 .628.74v2.288a2.25 2.25 0 0 1-.659 1.59l-4.682 4.683a2.25 2.25 0 0 0-.659 1.59v3.037c0 .684-.31 1.33-.844 1.757l-1.937 1.55A.75.75 0 0 1 8 18.25v-5.757a2.25 2.25 0 0 0-.659-1.591L2.659 6.22A2.25 2.25 0 0 1 2 4.629V2.34a.75.75 0 0 1 .628-.74Z"
                      clipRule="evenodd"
                    />
                  </svg>
                  Filters
                  {active > 0 && <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white">{active}</span>}
                </Button>
              )}
              <p className="text-sm text-slate-600" aria-live="polite" data-testid="count-line">
                {countLine}
              </p>
            </div>
            <SelectField label="Sort by" value={sort} onChange={(e) => setSort(e.target.value as SortKey)} wrapperClassName="w-full sm:w-56">
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </SelectField>
          </div>

          <div ref={top} className="scroll-mt-24" />
          {(rows === null && !list.error) || list.changing ? (
            <LoadingRegion label="Loading influencers" className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3">
              {placeholderKeys(medium ? 8 : 4).map((key) => (
                <MarketerCardSkeleton key={key} />
              ))}
            </LoadingRegion>
          ) : rows === null ? (
            <EmptyState
              title="Influencers could not be loaded"
              text={list.error ?? ''}
              action={<Button onClick={() => void list.reload()}>Try again</Button>}
            />
          ) : rows.length === 0 ? (
            <EmptyState
              title="No influencers found"
              text="Try adjusting your filters or search terms to find more creators."
              action={<Button onClick={clear}>Clear All Filters</Button>}
            />
          ) : (
            <div className="space-y-5">
              <div aria-busy={list.fetching} className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3">
                {rows.map((inf) =>
                  vendorSignedIn ? (
                    // A vendor's card carries 'Invite to campaign' under it: a button may not sit inside the card's link.
                    <div key={inf.id} className="flex flex-col gap-2 [&>a]:flex-1">
                      <MarketerCard influencer={inf} />
                      <InviteToCampaign marketerId={inf.id} name={inf.name} className="w-full" />
                    </div>
                  ) : (
                    <MarketerCard key={inf.id} influencer={inf} />
                  ),
                )}
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
                    label="Influencer pages"
                  />
                </Card>
              )}
            </div>
          )}
        </div>
      </div>
      {!wide && (
        // The slide-in 'Filters' panel of small screens: closes on Escape, the backdrop and Search.
        <Modal open={panelOpen} title="Filters" onClose={closePanel} placement="left" closeLabel="Close filters">
          {filterForm(true)}
        </Modal>
      )}
    </PageContainer>
  )
}
