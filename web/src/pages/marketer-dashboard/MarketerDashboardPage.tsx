import { lazy, Suspense } from 'react'
import { getMarketer, getMarketerAnalytics } from '../../api/marketers'
import { useSession } from '../../lib/session'
import { DashboardShell, overviewProps, useDashboardData } from '../dashboard-shared/DashboardShell'
import { TabLoading, useTab } from '../dashboard-shared/DashboardTabs'
import { NotificationSettings } from '../dashboard-shared/NotificationSettings'
import { EarningsTab, PayoutDetailsNudge } from './EarningsTab'
import { LeadsTab } from './LeadsTab'
import { MyLinksTab } from './MyLinksTab'
import { OrdersTab } from './OrdersTab'
import { OverviewTab } from './OverviewTab'
import { ProfileTab } from './ProfileTab'
import { StorefrontTab } from './StorefrontTab'

// Campaigns load with their tab: their screens and form rules are not part of the dashboard's first load.
const MarketerCampaignsTab = lazy(() => import('../campaigns/InfluencerCampaignsTab').then((m) => ({ default: m.MarketerCampaignsTab })))

const TABS = [
  { key: 'dashboard', label: 'Dashboard' },
  { key: 'leads', label: 'Leads' },
  { key: 'orders', label: 'Orders' },
  { key: 'earnings', label: 'Earnings' },
  { key: 'links', label: 'My Links' },
  { key: 'storefront', label: 'Storefront' },
  { key: 'campaigns', label: 'Campaigns' },
  { key: 'profile', label: 'Profile' },
] as const

type TabKey = (typeof TABS)[number]['key']

/** /marketer (role marketer): the route guard has checked the stored marketer data. */
export default function MarketerDashboardPage() {
  const stored = useSession().marketer
  const marketerId = stored?.MarketerID ?? 0
  const [tab, setTab] = useTab<TabKey>(TABS)
  // The tiles and the profile's stat cards: fresh each time either tab opens, not for the leads.
  const { analytics, profile: marketer } = useDashboardData('marketer', marketerId, tab, { analytics: getMarketerAnalytics, profile: getMarketer })
  const profile = marketer.data ?? stored

  if (!stored || !profile) return null
  return (
    <DashboardShell
      account="marketer"
      title={`Welcome back, ${profile.MarketerName}!`}
      subtitle="Your links, leads and earnings at a glance."
      notices={<PayoutDetailsNudge onOpen={() => setTab('earnings')} />}
      tabs={TABS}
      tab={tab}
      onTab={setTab}
      tabsLabel="Influencer dashboard sections"
    >
      {tab === 'dashboard' && <OverviewTab {...overviewProps(analytics)} />}
      {tab === 'leads' && <LeadsTab marketerId={marketerId} />}
      {tab === 'orders' && <OrdersTab />}
      {tab === 'earnings' && <EarningsTab />}
      {tab === 'links' && <MyLinksTab marketerId={marketerId} />}
      {tab === 'storefront' && <StorefrontTab />}
      {tab === 'campaigns' && (
        <Suspense fallback={<TabLoading />}>
          <MarketerCampaignsTab />
        </Suspense>
      )}
      {tab === 'profile' && (
        <div className="space-y-6">
          <ProfileTab marketer={profile} analytics={analytics.data ?? null} onChanged={() => void marketer.refetch()} />
          <NotificationSettings account="marketer" />
        </div>
      )}
    </DashboardShell>
  )
}
