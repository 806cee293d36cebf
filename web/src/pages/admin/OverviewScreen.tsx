import type { DailyTrend } from '@contract/trends'
import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router'
import { errorMessage } from '../../api/client'
import { formatCount, formatRupees } from '../../lib/format'
import { useDocumentTitle } from '../../lib/useDocumentTitle'
import { Icon, LoadError, StatCard } from '../dashboard-shared/StatCard'
import { TrendPanel } from '../dashboard-shared/TrendPanel'
import { adminApi, deadEventCountQuery, deadMailCountQuery } from './adminApi'

/** /admin: the marketplace at a glance. */
export default function OverviewScreen() {
  useDocumentTitle('Overview · Admin')
  const client = useQueryClient()
  const overviewQuery = { queryKey: ['admin', 'overview'], queryFn: adminApi.overview, staleTime: 0 }
  const overview = useQuery(overviewQuery)
  const deadMail = useQuery(deadMailCountQuery)
  const deadEvents = useQuery(deadEventCountQuery)
  // The chart reads the same answer: one request for both.
  const trend = async (): Promise<DailyTrend> => ({ days: (await client.fetchQuery(overviewQuery)).days })
  const o = overview.data
  const loading = overview.isPending
  if (overview.isError && !o) return <LoadError message={errorMessage(overview.error)} onRetry={() => void overview.refetch()} />
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Overview</h1>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Vendors" value={o ? formatCount(o.vendors) : ''} loading={loading} icon={<Icon name="users" />} />
        <StatCard
          label="Influencers"
          value={o ? `${formatCount(o.influencers.verified + o.influencers.unverified)}` : ''}
          loading={loading}
          tone="violet"
          icon={<Icon name="users" />}
        />
        <StatCard
          label="Verified influencers"
          value={o ? formatCount(o.influencers.verified) : ''}
          loading={loading}
          tone="emerald"
          icon={<Icon name="check" />}
        />
        <StatCard label="Active products" value={o ? formatCount(o.activeProducts) : ''} loading={loading} tone="sky" icon={<Icon name="box" />} />
        <StatCard label="Pending leads" value={o ? formatCount(o.leads.Pending) : ''} loading={loading} tone="amber" icon={<Icon name="clock" />} />
        <StatCard label="Converted leads" value={o ? formatCount(o.leads.Converted) : ''} loading={loading} tone="emerald" icon={<Icon name="check" />} />
        <StatCard label="Lost leads" value={o ? formatCount(o.leads.Lost) : ''} loading={loading} tone="rose" icon={<Icon name="eye" />} />
        <StatCard
          label="Suspended accounts"
          value={o ? formatCount(o.suspended.vendors + o.suspended.influencers) : ''}
          loading={loading}
          tone="rose"
          icon={<Icon name="users" />}
        />
        <DeadLetterCard label="Dead mail" count={deadMail} />
        <DeadLetterCard label="Dead events" count={deadEvents} />
      </div>
      <TrendPanel queryKey={['admin', 'trend']} load={trend} />
      <section aria-labelledby="money-title" className="space-y-3">
        <h2 id="money-title" className="text-lg font-bold text-slate-900">
          Commission, platform-wide
        </h2>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard label="Pending" value={o ? formatRupees(o.commission.pending) : ''} loading={loading} tone="amber" icon={<Icon name="clock" />} />
          <StatCard label="Payable" value={o ? formatRupees(o.commission.payable) : ''} loading={loading} tone="sky" icon={<Icon name="rupee" />} />
          <StatCard label="Overdue" value={o ? formatRupees(o.commission.overdue) : ''} loading={loading} tone="rose" icon={<Icon name="clock" />} />
          <StatCard label="Paid" value={o ? formatRupees(o.commission.paid) : ''} loading={loading} tone="emerald" icon={<Icon name="check" />} />
        </div>
      </section>
    </div>
  )
}

/** A count of what never went out, opening the list where an operator deals with it; green at zero. */
function DeadLetterCard({ label, count }: { label: string; count: UseQueryResult<number> }) {
  return (
    <Link to="/admin/mail" className="rounded-2xl focus-visible:outline-2 focus-visible:outline-brand-600">
      <StatCard
        label={label}
        value={count.data === undefined ? (count.isError ? 'Not loaded' : '') : formatCount(count.data)}
        loading={count.isPending}
        tone={count.data ? 'rose' : 'emerald'}
        icon={<Icon name="clock" />}
      />
    </Link>
  )
}
