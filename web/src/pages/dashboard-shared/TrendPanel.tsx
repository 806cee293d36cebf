import { type QueryKey, useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import type { DailyTrend } from '@contract/trends'
import { Skeleton } from '../../components/Skeleton'
import { formatCount } from '../../lib/format'
import { errorMessage } from '../../api/client'
import { Card } from '../../components/Card'

const TrendChart = lazy(() => import('./TrendChart'))

const LEGEND = [
  { key: 'impressions', label: 'Impressions', dot: 'bg-brand-600' },
  { key: 'leads', label: 'Leads', dot: 'bg-amber-500' },
  { key: 'conversions', label: 'Conversions', dot: 'bg-emerald-500' },
] as const

/** 'Last 30 days' card: totals as the legend, the chart below (loaded only when there is data). */
export function TrendPanel({ queryKey, load }: { queryKey: QueryKey; load: () => Promise<DailyTrend> }) {
  // Asked again each time the panel appears; the last answer stays on screen meanwhile.
  const trend = useQuery({ queryKey, queryFn: load, staleTime: 0 })
  const days = trend.data?.days ?? []
  const totals = LEGEND.map((l) => ({ ...l, total: days.reduce((sum, d) => sum + d[l.key], 0) }))
  const empty = days.every((d) => d.impressions === 0 && d.leads === 0 && d.conversions === 0)
  return (
    <Card as="section" aria-labelledby="trend-title" padding="none" className="p-4 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="trend-title" className="text-lg font-bold text-slate-900">
            Last 30 days
          </h2>
          <p className="text-sm text-slate-500">Impressions, leads and conversions per day</p>
        </div>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {totals.map((t) => (
            <li key={t.key} className="flex items-center gap-1.5 text-slate-600">
              <span aria-hidden="true" className={`size-2.5 rounded-full ${t.dot}`} />
              {t.label} <span className="font-semibold text-slate-900">{trend.data ? formatCount(t.total) : '–'}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-4 min-h-60">
        {trend.isPending ? (
          <Skeleton className="h-60 w-full" />
        ) : trend.isError && !trend.data ? (
          <p className="flex h-60 items-center justify-center text-center text-sm text-slate-500">The chart could not be loaded. {errorMessage(trend.error)}</p>
        ) : empty ? (
          <p className="flex h-60 items-center justify-center rounded-xl bg-slate-50 px-6 text-center text-sm text-slate-500">
            No activity in the last 30 days yet. Share your links and the trend shows up here.
          </p>
        ) : (
          <Suspense fallback={<Skeleton className="h-60 w-full" />}>
            <TrendChart days={days} />
          </Suspense>
        )}
      </div>
    </Card>
  )
}
