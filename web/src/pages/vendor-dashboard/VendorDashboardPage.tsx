import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { errorMessage } from '../../api/client'
import { getVendor, getVendorAnalytics } from '../../api/vendor'
import { PageContainer } from '../../components/PageHeader'
import { useSession } from '../../lib/session'
import { DashboardTabs, TabLoading, TabPanel, useTab } from '../dashboard-shared/DashboardTabs'
import { NotificationBell } from '../dashboard-shared/NotificationBell'
import { NotificationSettings } from '../dashboard-shared/NotificationSettings'
import { VerifyEmailBanner } from '../dashboard-shared/emailVerification'
import { LeadsTab } from './LeadsTab'
import { OverviewTab } from './OverviewTab'
import { PayoutSettingsForm } from './PayoutSettingsForm'
import { PayoutsTab } from './PayoutsTab'
import { PerformanceTab } from './PerformanceTab'
import { ProductsTab } from './ProductsTab'
import { ApiKeysSection } from './ApiKeysSection'
import { ProfileTab } from './ProfileTab'
import { WebhooksSection } from './WebhooksSection'
import { StoresSection } from './StoresSection'
import { MarketerCodesSection } from './CreatorCodesSection'

// Campaigns load with their tab: their screens and form rules are not part of the dashboard's first load.
const VendorCampaignsTab = lazy(() => import('../campaigns/VendorCampaignsTab').then((m) => ({ default: m.VendorCampaignsTab })))

const TABS = [
  { key: 'dashboard', label: 'Dashboard' },
  { key: 'products', label: 'Products' },
  { key: 'leads', label: 'Leads' },
  { key: 'payouts', label: 'Payouts' },
  { key: 'performance', label: 'Performance' },
  { key: 'campaigns', label: 'Campaigns' },
  // Beside campaigns, not under Performance where nobody looked: codes are how a campaign sells.
  { key: 'codes', label: 'Creator codes' },
  { key: 'profile', label: 'Profile' },
] as const

type TabKey = (typeof TABS)[number]['key']

/** /vendor (role vendor): the route guard has checked the stored vendor data. */
export default function VendorDashboardPage() {
  const stored = useSession().vendor
  const vendorId = stored?.VendorID ?? 0
  const [tab, setTab] = useTab<TabKey>(TABS)
  // Analytics back the dashboard cards and the profile counts; reloaded whenever either tab opens.
  const needsAnalytics = tab === 'dashboard' || tab === 'profile'
  const analytics = useQuery({
    queryKey: ['vendor', vendorId, 'analytics', tab],
    queryFn: () => getVendorAnalytics(vendorId),
    enabled: needsAnalytics,
    staleTime: 0,
    placeholderData: keepPreviousData,
  })
  const vendor = useQuery({ queryKey: ['vendor', vendorId, 'profile'], queryFn: () => getVendor(vendorId), staleTime: 0 })
  const profile = vendor.data ?? stored

  if (!stored || !profile) return null
  return (
    <PageContainer>
      <div className="flex items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Vendor Dashboard</h1>
          <p className="text-sm text-slate-600 wrap-anywhere sm:text-base">
            Welcome back, <span className="font-semibold text-slate-900">{profile.VendorName}</span>
          </p>
        </div>
        <NotificationBell />
      </div>
      <div className="mt-6">
        <VerifyEmailBanner account="vendor" />
        <DashboardTabs tabs={TABS} current={tab} onSelect={setTab} label="Vendor dashboard sections" />
        <TabPanel tab={tab}>
          {tab === 'dashboard' && (
            <OverviewTab
              analytics={analytics.data ?? null}
              loading={analytics.isFetching}
              error={analytics.error ? errorMessage(analytics.error) : null}
              onRetry={() => void analytics.refetch()}
            />
          )}
          {tab === 'products' && <ProductsTab vendorId={vendorId} />}
          {tab === 'leads' && <LeadsTab vendorId={vendorId} />}
          {tab === 'payouts' && <PayoutsTab />}
          {tab === 'performance' && <PerformanceTab vendorId={vendorId} />}
          {tab === 'campaigns' && (
            <Suspense fallback={<TabLoading />}>
              <VendorCampaignsTab vendorId={vendorId} />
            </Suspense>
          )}
          {tab === 'codes' && <MarketerCodesSection vendorId={vendorId} />}
          {tab === 'profile' && (
            <div className="space-y-6">
              <ProfileTab
                vendor={profile}
                analytics={analytics.data ?? null}
                onChanged={() => {
                  void vendor.refetch()
                }}
              />
              <PayoutSettingsForm />
              <NotificationSettings account="vendor" />
              <ApiKeysSection />
              <WebhooksSection />
              <StoresSection />
            </div>
          )}
        </TabPanel>
      </div>
    </PageContainer>
  )
}
