import type { VendorAnalytics } from '@contract/vendor'
import { getVendorTrend } from '../../api/vendor'
import { formatRupees } from '../../lib/format'
import { Icon, LoadError, StatCard, type StatTone } from '../dashboard-shared/StatCard'
import { TrendPanel } from '../dashboard-shared/TrendPanel'

type Card = { label: string; value: (a: VendorAnalytics | null) => string; icon: Parameters<typeof Icon>[0]['name']; tone: StatTone }

// Spec 000 section 2: the six cards, in the spec's order; money cards are rupee-prefixed.
const CARDS: Card[] = [
  { label: 'Total Revenue Value', value: (a) => formatRupees(a?.totalRevenue ?? 0), icon: 'rupee', tone: 'emerald' },
  { label: 'Total Leads Generated', value: (a) => String(a?.totalLeads ?? 0), icon: 'users', tone: 'brand' },
  { label: 'Total Leads Converted', value: (a) => String(a?.totalConvertedLead ?? 0), icon: 'check', tone: 'emerald' },
  { label: 'Total Impressions', value: (a) => String(a?.totalImpressions ?? 0), icon: 'eye', tone: 'sky' },
  { label: 'Total Pending Leads', value: (a) => formatRupees(a?.totalPendingLead ?? 0), icon: 'clock', tone: 'amber' },
  { label: 'Total Products', value: (a) => String(a?.totalProducts ?? 0), icon: 'box', tone: 'violet' },
]

export function OverviewTab({
  analytics,
  loading,
  error,
  onRetry,
}: {
  analytics: VendorAnalytics | null
  loading: boolean
  error: string | null
  onRetry: () => void
}) {
  return (
    <div className="space-y-6">
      {error && !loading && <LoadError message={error} onRetry={onRetry} />}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {CARDS.map((card) => (
          <li key={card.label}>
            <StatCard label={card.label} value={card.value(analytics)} icon={<Icon name={card.icon} />} tone={card.tone} loading={loading && !analytics} />
          </li>
        ))}
      </ul>
      <TrendPanel queryKey={['vendor', 'trend']} load={getVendorTrend} />
    </div>
  )
}
