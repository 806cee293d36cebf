import type { CampaignMarketerStatsDTO, CampaignDTO } from '@contract/campaigns'
import { marketerPagePath } from '@contract/paths'
import { Link } from 'react-router'
import { campaignStats } from '../../api/campaigns'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'
import { formatCount, formatMoney } from '../dashboard-shared/Performance'
import { Icon, LoadError, StatCard } from '../dashboard-shared/StatCard'

const COLUMNS: readonly Column<CampaignMarketerStatsDTO>[] = [
  {
    label: 'Creator',
    wide: true,
    cell: (r) => (
      <Link to={marketerPagePath(r.MarketerID)} className="font-medium text-brand-700 hover:underline">
        <TextCell text={r.MarketerName} />
      </Link>
    ),
  },
  { label: 'Impressions', cell: (r) => formatCount(r.impressions) },
  { label: 'Leads', cell: (r) => formatCount(r.leads) },
  { label: 'Conversions', cell: (r) => formatCount(r.conversions) },
  { label: 'Commissions', cell: (r) => formatMoney(r.commissions) },
  { label: 'Fees', cell: (r) => formatMoney(r.fees) },
]

/** The campaign's figures in total and per accepted creator. */
export function CampaignStats({ campaign }: { campaign: CampaignDTO }) {
  const id = campaign.CampaignID
  const key = ['campaigns', 'stats', id] as const
  const list = usePagedList<CampaignMarketerStatsDTO, Awaited<ReturnType<typeof campaignStats>>>(key, (cursor, signal) => campaignStats(id, cursor, signal))
  // The totals ride on every page: the page on screen (or the one kept while another loads) has them.
  const t = list.answer?.totals
  const loading = list.loading
  return (
    <section aria-labelledby="stats-title" className="space-y-4">
      <div>
        <h3 id="stats-title" className="font-semibold text-slate-900">
          Figures
        </h3>
        <p className="text-sm text-slate-600">
          Impressions count views of each creator's links to the campaign's products during the campaign; leads and conversions are those that came through
          campaign links.
        </p>
      </div>
      {list.error && !list.answer && <LoadError message={list.error} onRetry={() => void list.reload()} />}
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-5">
        <StatCard label="Impressions" value={formatCount(t?.impressions ?? 0)} icon={<Icon name="eye" />} tone="sky" loading={loading} />
        <StatCard label="Leads" value={formatCount(t?.leads ?? 0)} icon={<Icon name="users" />} loading={loading} />
        <StatCard label="Conversions" value={formatCount(t?.conversions ?? 0)} icon={<Icon name="check" />} tone="emerald" loading={loading} />
        <StatCard label="Commissions" value={formatMoney(t?.commissions ?? 0)} icon={<Icon name="rupee" />} tone="amber" loading={loading} />
        <StatCard label="Fees" value={formatMoney(t?.fees ?? 0)} icon={<Icon name="wallet" />} tone="violet" loading={loading} />
      </div>
      <ServerPagedTable
        list={list}
        noun="Figures"
        label="Figures per creator"
        columns={COLUMNS}
        rowKey={(r) => r.MarketerID}
        rowAttr="data-stats-row"
        empty={{
          icon: <Icon name="users" className="size-6" />,
          title: 'No creators yet',
          text: 'Once creators are accepted, what their campaign links bring in shows here per creator.',
        }}
      />
    </section>
  )
}
