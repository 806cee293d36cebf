import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { errorMessage } from '../../api/client'
import { getMarketer, getMarketerAnalytics } from '../../api/marketers'
import { PageContainer } from '../../components/PageHeader'
import { useSession } from '../../lib/session'
import { DashboardTabs, TabLoading, TabPanel, useTab } from '../dashboard-shared/DashboardTabs'
import { NotificationBell } from '../dashboard-shared/NotificationBell'
import { NotificationSettings } from '../dashboard-shared/NotificationSettings'
import { VerifyEmailBanner } from '../dashboard-shared/emailVerification'
import { EarningsTab, PayoutDetailsNudge } from './EarningsTab'
import { LeadsTab } from './LeadsTab'
import { MyLinksTab } from './MyLinksTab'
import { OverviewTab } from './OverviewTab'
import { ProfileTab } from './ProfileTab'
import { StorefrontTab } from './StorefrontTab'

// Campaigns load with their tab: their screens and form rules are not part of the dashboard's first load.
const MarketerCampaignsTab = lazy(() => import('../campaigns/InfluencerCampaignsTab').then((m) => ({ default: m.MarketerCampaignsTab })))

const TABS = [
  { key: 'dashboard', label: 'Dashboard' },
  { key: 'leads', label: 'Leads' },
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
  const analytics = useQuery({
    queryKey: ['marketer', marketerId, 'analytics', tab],
    queryFn: () => getMarketerAnalytics(marketerId),
    enabled: tab === 'dashboard' || tab === 'profile',
    staleTime: 0,
    placeholderData: keepPreviousData,
  })
  const marketer = useQuery({ queryKey: ['marketer', marketerId, 'profile'], queryFn: () => getMarketer(marketerId), staleTime: 0 })
  const profile = marketer.data ?? stored

  if (!stored || !profile) return null
  return (
    <PageContainer>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 wrap-anywhere sm:text-3xl">Welcome back, {profile.MarketerName}!</h1>
          <p className="mt-1 text-sm text-slate-600 sm:text-base">Your links, leads and earnings at a glance.</p>
        </div>
        <NotificationBell />
      </div>
      <div className="mt-6">
        <VerifyEmailBanner account="marketer" />
        <PayoutDetailsNudge onOpen={() => setTab('earnings')} />
        <DashboardTabs tabs={TABS} current={tab} onSelect={setTab} label="Influencer dashboard sections" />
        <TabPanel tab={tab}>
          {tab === 'dashboard' && (
            <OverviewTab
              analytics={analytics.data ?? null}
              loading={analytics.isFetching}
              error={analytics.error ? errorMessage(analytics.error) : null}
              onRetry={() => void analytics.refetch()}
            />
          )}
          {tab === 'leads' && <LeadsTab marketerId={marketerId} />}
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
        </TabPanel>
      </div>
    </PageContainer>
  )
}
