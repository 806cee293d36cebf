import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { errorMessage } from '../../api/client'
import { PageContainer } from '../../components/PageHeader'
import { DashboardTabs, type TabDef, TabPanel } from './DashboardTabs'
import { NotificationBell } from './NotificationBell'
import { VerifyEmailBanner } from './emailVerification'

type Account = 'vendor' | 'marketer'

/**
 * What both dashboards load beside their tabs: the account's analytics (the overview tiles and the
 * profile's counts, fresh each time either of those tabs opens) and the account's profile.
 */
export function useDashboardData<A, P>(
  account: Account,
  id: number,
  tab: string,
  load: { analytics: (id: number) => Promise<A>; profile: (id: number) => Promise<P> },
) {
  const analytics = useQuery({
    queryKey: [account, id, 'analytics', tab],
    queryFn: () => load.analytics(id),
    enabled: tab === 'dashboard' || tab === 'profile',
    staleTime: 0,
    placeholderData: keepPreviousData,
  })
  const profile = useQuery({ queryKey: [account, id, 'profile'], queryFn: () => load.profile(id), staleTime: 0 })
  return { analytics, profile }
}

/** The overview tab's props from the analytics query. */
export const overviewProps = <A,>(analytics: UseQueryResult<A>) => ({
  analytics: analytics.data ?? null,
  loading: analytics.isFetching,
  error: analytics.error ? errorMessage(analytics.error) : null,
  onRetry: () => void analytics.refetch(),
})

/**
 * The frame of both dashboards: the heading and the bell, the email-verification banner (and any
 * other notice), the tab bar and the open tab's panel.
 */
export function DashboardShell<K extends string>({
  account,
  title,
  subtitle,
  notices,
  tabs,
  tab,
  onTab,
  tabsLabel,
  children,
}: {
  account: Account
  title: ReactNode
  subtitle: ReactNode
  notices?: ReactNode
  tabs: readonly TabDef<K>[]
  tab: K
  onTab: (tab: K) => void
  tabsLabel: string
  children: ReactNode
}) {
  return (
    <PageContainer>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 wrap-anywhere sm:text-3xl">{title}</h1>
          <p className="mt-1 text-sm text-slate-600 wrap-anywhere sm:text-base">{subtitle}</p>
        </div>
        <NotificationBell />
      </div>
      <div className="mt-6">
        <VerifyEmailBanner account={account} />
        {notices}
        <DashboardTabs tabs={tabs} current={tab} onSelect={onTab} label={tabsLabel} />
        <TabPanel tab={tab}>{children}</TabPanel>
      </div>
    </PageContainer>
  )
}
