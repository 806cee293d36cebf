import { useEffect, useRef } from 'react'
import { Outlet, useLocation, useNavigate, useNavigationType } from 'react-router'
import { expireSession, subscribeSessionRejected } from '../lib/session'
import { getToken, isLoggedIn } from '../lib/storage'
import { isTokenExpired } from '../lib/token'
import { useArrivalTitleReset, useScreenTitle } from '../lib/useDocumentTitle'
import { ErrorBoundary } from './ErrorBoundary'
import { SiteFooter } from './SiteFooter'
import { TopBar } from './TopBar'

const EXPIRY_POLL_MS = 100

/**
 * Polls the stored token about every 100 ms (spec 000 section 2), and ends the session when the API
 * turns the token down. The watch only acts while the login flag is set: a visitor who never signed
 * in has no session to expire.
 */
function useSessionExpiryWatch() {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setInterval(() => {
      if (isLoggedIn() && isTokenExpired(getToken())) expireSession(navigate)
    }, EXPIRY_POLL_MS)
    // A token the server turns down (401) ends the session the same way.
    const unsubscribe = subscribeSessionRejected((why) => expireSession(navigate, why))
    return () => {
      clearInterval(timer)
      unsubscribe()
    }
  }, [navigate])
}

/**
 * A new page starts at its top: the declarative router keeps the window where the last page left
 * it, so 'Save Profile' at the foot of social setup landed on the dashboard's footer. Back and
 * forward (POP) keep the browser's own restoration; a tab (?tab=) or #hash keeps the page's place.
 */
function useScrollToTopOnNewPage() {
  const { pathname } = useLocation()
  const type = useNavigationType()
  const shown = useRef(pathname)
  useEffect(() => {
    if (shown.current === pathname) return
    shown.current = pathname
    if (type !== 'POP') window.scrollTo(0, 0)
  }, [pathname, type])
}

export function Layout() {
  useSessionExpiryWatch()
  useScrollToTopOnNewPage()
  useArrivalTitleReset()
  useScreenTitle()
  const location = useLocation()
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <TopBar />
      {/* At least a screen tall: the footer starts below the fold, so pages that load their content
          after the first paint never push a visible footer down (layout shift). */}
      <main id="main" className="min-h-dvh flex-1">
        {/* Keyed by path so a render error on one page does not stick after navigating away. */}
        <ErrorBoundary key={location.pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  )
}
