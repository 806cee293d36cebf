import { useQuery } from '@tanstack/react-query'
import { Suspense, useState } from 'react'
import { Navigate, NavLink, Outlet } from 'react-router'
import { Button } from '../../components/Button'
import { Logo } from '../../components/Logo'
import { Skeleton } from '../../components/Skeleton'
import { deadEventCountQuery, deadMailCountQuery } from './adminApi'
import { AdminPasswordDialog } from './AdminPasswordDialog'
import { clearAdminSession, useAdminSession } from './adminSession'

const NAV = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/influencers', label: 'Influencers' },
  { to: '/admin/vendors', label: 'Vendors' },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/disputes', label: 'Disputes' },
  { to: '/admin/data-requests', label: 'Data requests' },
  { to: '/admin/audit', label: 'Audit log' },
  { to: '/admin/mail', label: 'Dead mail', count: 'dead-mail' },
] as const

const tab = ({ isActive }: { isActive: boolean }) =>
  `shrink-0 rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'}`

/**
 * Beside the tab, the dead mails and dead events together, only when there are some: each needs an
 * operator. `relative` holds its screen-reader text inside the scrolling tab bar instead of widening the page.
 */
function DeadMailBadge() {
  const mails = useQuery({ ...deadMailCountQuery, staleTime: 60_000 })
  const events = useQuery({ ...deadEventCountQuery, staleTime: 60_000 })
  const count = (mails.data ?? 0) + (events.data ?? 0)
  if (!count) return null
  return (
    <span className="relative ml-1.5 rounded-full bg-rose-600 px-1.5 py-0.5 text-xs font-semibold text-white" data-dead-mail-count>
      {count > 99 ? '99+' : count}
      <span className="sr-only"> waiting for an operator</span>
    </span>
  )
}

/** /admin: the console's frame. Without an admin session it sends the operator to /admin/signin. */
export default function AdminConsole() {
  const session = useAdminSession()
  const [changing, setChanging] = useState(false)
  if (!session) return <Navigate to="/admin/signin" replace />
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        {/* Wraps as whole pieces at 360 px: the buttons move under the logo rather than breaking their words. */}
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <Logo />
            <span className="shrink-0 rounded-md bg-slate-900 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-white">Admin</span>
          </div>
          <div className="flex min-w-0 items-center gap-3">
            <span className="hidden min-w-0 max-w-56 text-sm text-slate-600 sm:block">
              <span title={session.admin.Email} className="block truncate">
                {session.admin.Email}
              </span>
            </span>
            <Button variant="secondary" size="sm" className="whitespace-nowrap" onClick={() => setChanging(true)}>
              Change password
            </Button>
            <Button variant="secondary" size="sm" className="whitespace-nowrap" onClick={clearAdminSession}>
              Sign out
            </Button>
          </div>
        </div>
        <nav aria-label="Back office" className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 pb-2 sm:px-6">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={'end' in item} className={tab}>
              {item.label}
              {'count' in item && <DeadMailBadge />}
            </NavLink>
          ))}
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <Outlet />
        </Suspense>
      </main>
      {changing && <AdminPasswordDialog onClose={() => setChanging(false)} />}
    </div>
  )
}
