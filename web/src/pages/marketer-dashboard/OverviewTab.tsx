import type { MarketerAnalytics } from '@contract/marketer'
import { getMarketerTrend } from '../../api/marketers'
import { formatRupees } from '../../lib/format'
import { Icon, LoadError, StatCard } from '../dashboard-shared/StatCard'
import { TrendPanel } from '../dashboard-shared/TrendPanel'

/** Spec 001 section 2: the four tiles; commission in rupees, default 0. */
export function OverviewTab({
  analytics,
  loading,
  error,
  onRetry,
}: {
  analytics: MarketerAnalytics | null
  loading: boolean
  error: string | null
  onRetry: () => void
}) {
  const busy = loading && !analytics
  return (
    <div className="space-y-6">
      {error && !loading && <LoadError message={error} onRetry={onRetry} />}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <li>
          <StatCard label="Total Leads Generated" value={String(analytics?.totalLeads ?? 0)} icon={<Icon name="users" />} loading={busy} />
        </li>
        <li>
          <StatCard label="Total Leads Converted" value={String(analytics?.totalConversions ?? 0)} icon={<Icon name="check" />} tone="emerald" loading={busy} />
        </li>
        <li>
          <StatCard label="Total Impressions" value={String(analytics?.totalImpressions ?? 0)} icon={<Icon name="eye" />} tone="sky" loading={busy} />
        </li>
        <li>
          <StatCard
            label="Total Commission Value"
            value={formatRupees(analytics?.totalCommission ?? 0)}
            icon={<Icon name="wallet" />}
            tone="amber"
            loading={busy}
          />
        </li>
      </ul>
      <TrendPanel queryKey={['marketer', 'trend']} load={getMarketerTrend} />
    </div>
  )
}
