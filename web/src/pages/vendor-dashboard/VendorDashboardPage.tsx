import { lazy, Suspense } from 'react'
import { getVendor, getVendorAnalytics } from '../../api/vendor'
import { useSession } from '../../lib/session'
import { DashboardShell, overviewProps, useDashboardData } from '../dashboard-shared/DashboardShell'
import { TabLoading, useTab } from '../dashboard-shared/DashboardTabs'
import { NotificationSettings } from '../dashboard-shared/NotificationSettings'
import { LeadsTab } from './LeadsTab'
import { OrdersTab } from './OrdersTab'
import { OverviewTab } from './OverviewTab'
import { PayoutSettingsForm } from './PayoutSettingsForm'
import { AttributionSettingsForm } from './AttributionSettingsForm'
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
  { key: 'orders', label: 'Orders' },
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
  const { analytics, profile: vendor } = useDashboardData('vendor', vendorId, tab, { analytics: getVendorAnalytics, profile: getVendor })
  const profile = vendor.data ?? stored

  if (!stored || !profile) return null
  return (
    <DashboardShell
      account="vendor"
      title="Vendor Dashboard"
      subtitle={
        <>
          Welcome back, <span className="font-semibold text-slate-900">{profile.VendorName}</span>
        </>
      }
      tabs={TABS}
      tab={tab}
      onTab={setTab}
      tabsLabel="Vendor dashboard sections"
    >
      {tab === 'dashboard' && <OverviewTab {...overviewProps(analytics)} />}
      {tab === 'products' && <ProductsTab vendorId={vendorId} />}
      {tab === 'leads' && <LeadsTab vendorId={vendorId} />}
      {tab === 'orders' && <OrdersTab />}
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
          <AttributionSettingsForm />
          <NotificationSettings account="vendor" />
          <ApiKeysSection />
          <WebhooksSection />
          <StoresSection />
        </div>
      )}
    </DashboardShell>
  )
}
