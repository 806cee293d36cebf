import { type KeyboardEvent, useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { LoadingRegion, Skeleton } from '../../components/Skeleton'

export type TabDef<K extends string> = { key: K; label: string }

/**
 * The selected tab lives in `?tab=` so it survives a reload and the back button. A tab opens
 * fresh: what a tab kept in the address (`?lead=`, `?campaign=`, `?view=`) stays behind.
 */
export function useTab<K extends string>(tabs: readonly TabDef<K>[]): [K, (key: K) => void] {
  const [params, setParams] = useSearchParams()
  const wanted = params.get('tab')
  const current = tabs.find((t) => t.key === wanted)?.key ?? tabs[0].key
  const select = (key: K) => setParams(key === tabs[0].key ? {} : { tab: key }, { replace: false })
  return [current, select]
}

export const tabPanelId = (key: string) => `panel-${key}`
export const tabId = (key: string) => `tab-${key}`

/**
 * An ARIA tab list: arrow keys move between tabs, the bar scrolls sideways on narrow phones.
 * `compact` (inside a modal) uses smaller labels on phones so four tabs fit 360 px without scrolling.
 */
export function DashboardTabs<K extends string>({
  tabs,
  current,
  onSelect,
  label,
  compact = false,
}: {
  tabs: readonly TabDef<K>[]
  current: K
  onSelect: (key: K) => void
  label: string
  compact?: boolean
}) {
  const refs = useRef(new Map<K, HTMLButtonElement>())
  const list = useRef<HTMLDivElement>(null)
  // On a phone the bar scrolls sideways: the selected tab is brought into it (a link or a reload
  // straight to the seventh tab would otherwise show a bar whose selected tab is off screen).
  useEffect(() => {
    const bar = list.current
    const tab = refs.current.get(current)
    if (!bar || !tab) return
    const b = bar.getBoundingClientRect()
    const t = tab.getBoundingClientRect()
    if (t.left < b.left) bar.scrollLeft -= b.left - t.left + 16
    else if (t.right > b.right) bar.scrollLeft += t.right - b.right + 16
  }, [current])
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    e.preventDefault()
    const next = tabs[(index + step + tabs.length) % tabs.length]
    onSelect(next.key)
    refs.current.get(next.key)?.focus()
  }
  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      className={`flex gap-1 overflow-x-auto border-b border-slate-200 ${compact ? '' : '-mx-4 px-4 sm:mx-0 sm:px-0'}`}
    >
      {tabs.map((tab, index) => {
        const selected = tab.key === current
        return (
          <button
            key={tab.key}
            ref={(el) => {
              if (el) refs.current.set(tab.key, el)
            }}
            type="button"
            role="tab"
            id={tabId(tab.key)}
            aria-selected={selected}
            aria-controls={tabPanelId(tab.key)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            onKeyDown={(e) => onKeyDown(e, index)}
            className={`-mb-px flex-1 shrink-0 whitespace-nowrap border-b-2 py-3 font-semibold sm:flex-none sm:px-4 sm:text-sm ${compact ? 'px-1 text-xs' : 'px-2 text-sm'} transition-colors focus-visible:outline-2 focus-visible:outline-brand-500 ${selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800'}`}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}

export function TabPanel({ tab, children }: { tab: string; children: React.ReactNode }) {
  return (
    <div role="tabpanel" id={tabPanelId(tab)} aria-labelledby={tabId(tab)} className="pt-6">
      {children}
    </div>
  )
}

/** A tab whose code loads with it (the campaign tabs), while it loads. */
export function TabLoading() {
  return (
    <LoadingRegion label="Loading" className="space-y-3">
      <Skeleton className="h-10 w-1/2" />
      <Skeleton className="h-32 w-full rounded-2xl" />
    </LoadingRegion>
  )
}
