import { isAppPath } from '@contract/app-routes'
import { useEffect } from 'react'
import { useLocation } from 'react-router'

/** index.html's title, which pages without a title of their own show. */
export const DEFAULT_TITLE = 'Collabkart · Connect. Earn. Grow.'

/**
 * Names the tab after what the page shows (shared links, history), and gives the default back on
 * leave. Not the title found on arrival: for a product page or profile opened from a link, that is
 * the page's own title, written by the Worker, and it must not stick to the next page.
 */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    // Still loading (null): keep the title on arrival, but still give the default back on leave.
    if (title) document.title = `${title} · Collabkart`
    return () => {
      document.title = DEFAULT_TITLE
    }
  }, [title])
}

// The page the app was opened on, with the title the Worker wrote for it (a product or a profile).
const arrival = typeof document === 'undefined' ? null : { path: location.pathname, title: document.title }

/**
 * Gives the tab its default name back once the visitor leaves the page they arrived on, even when
 * that page never rendered (its code or data still loading): the Worker-written title must not stick
 * to the next page. A page that names itself changes the title first, and is left alone.
 */
export function useArrivalTitleReset() {
  const { pathname } = useLocation()
  useEffect(() => {
    if (arrival && pathname !== arrival.path && document.title === arrival.title) document.title = DEFAULT_TITLE
  }, [pathname])
}

// The screens that do not name themselves (the product page, a profile, the legal pages and the
// back office do, from what they show): each its own tab title, not index.html's for all.
const SCREEN_TITLES: ReadonlyArray<[RegExp, string]> = [
  [/^\/signin$/i, 'Sign in'],
  [/^\/signup\/vender$/i, 'Vendor sign up'],
  [/^\/signup\/influencer$/i, 'Influencer sign up'],
  [/^\/products$/i, 'Products'],
  [/^\/influencer$/i, 'Influencer Directory'],
  [/^\/vendor$/i, 'Vendor dashboard'],
  [/^\/marketer$/i, 'Influencer dashboard'],
  [/^\/marketer\/social-media-setup$/i, 'Social media setup'],
  [/^\/forgot-password\/[^/]+$/i, 'Forgot password'],
  [/^\/reset-password\/[^/]+$/i, 'Reset password'],
  [/^\/verify-email\/[^/]+$/i, 'Verify email'],
]

// A loop, not /\/+$/: that pattern backtracks quadratically on a long run of slashes.
function withoutTrailingSlashes(path: string): string {
  let end = path.length
  while (end > 1 && path[end - 1] === '/') end--
  return path.slice(0, end)
}

/** The tab title of the screen at `pathname`, null for a screen that names itself (or the home page's default). */
export function screenTitle(pathname: string): string | null {
  const path = pathname.length > 1 ? withoutTrailingSlashes(pathname) : pathname
  if (!isAppPath(path)) return 'Page Not Found'
  return SCREEN_TITLES.find(([pattern]) => pattern.test(path))?.[1] ?? null
}

/** For the shell: names the tab after the screen shown, for the screens that do not name themselves. */
export function useScreenTitle() {
  const { pathname } = useLocation()
  useDocumentTitle(screenTitle(pathname))
}
