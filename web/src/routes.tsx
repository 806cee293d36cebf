import { lazy, type ReactNode, Suspense, useEffect } from 'react'
import { Route, Routes } from 'react-router'
import { ErrorBoundary } from './components/ErrorBoundary'
import { Layout } from './components/Layout'
import { RouteGuard } from './components/RouteGuard'
import { PRODUCT_BY_ID_ROUTE, PRODUCT_ROUTE } from './lib/links'
import { useSession } from './lib/session'
import { holdToasts } from './lib/toast'

// Every screen is its own chunk. The buy page (/affiliate/track) is not one of them: the Worker
// renders it and it has its own small entry (web/affiliate/track.html, pages/buy/main.tsx).
const HomePage = lazy(() => import('./pages/home/HomePage'))
const SignInPage = lazy(() => import('./pages/auth/SignInPage'))
const VendorSignUpPage = lazy(() => import('./pages/auth/VendorSignUpPage'))
const MarketerSignUpPage = lazy(() => import('./pages/auth/InfluencerSignUpPage'))
const ProductsPage = lazy(() => import('./pages/products/ProductsPage'))
const ProductDetailPage = lazy(() => import('./pages/product-detail/ProductDetailPage'))
const DirectoryPage = lazy(() => import('./pages/directory/DirectoryPage'))
const MarketerProfilePage = lazy(() => import('./pages/influencer-profile/InfluencerProfilePage'))
const VendorDashboardPage = lazy(() => import('./pages/vendor-dashboard/VendorDashboardPage'))
const MarketerDashboardPage = lazy(() => import('./pages/marketer-dashboard/MarketerDashboardPage'))
const SocialSetupPage = lazy(() => import('./pages/social-setup/SocialSetupPage'))
const ForgotPasswordPage = lazy(() => import('./pages/password-reset/ForgotPasswordPage'))
const ResetPasswordPage = lazy(() => import('./pages/password-reset/ResetPasswordPage'))
const UnsubscribePage = lazy(() => import('./pages/unsubscribe/UnsubscribePage'))
const VerifyEmailPage = lazy(() => import('./pages/verify-email/VerifyEmailPage'))
const LegalPage = lazy(() => import('./pages/legal/LegalPage'))
const NotFoundPage = lazy(() => import('./pages/not-found/NotFoundPage'))
// The back office: its own chunks, loaded only under /admin (never by the public pages).
const AdminSignInPage = lazy(() => import('./pages/admin/AdminSignInPage'))
const AdminConsole = lazy(() => import('./pages/admin/AdminConsole'))
const AdminOverview = lazy(() => import('./pages/admin/OverviewScreen'))
const AdminMarketers = lazy(() => import('./pages/admin/InfluencersScreen'))
const AdminVendors = lazy(() => import('./pages/admin/VendorsScreen'))
const AdminProducts = lazy(() => import('./pages/admin/ProductsScreen'))
const AdminDataRequests = lazy(() => import('./pages/admin/DataRequestsScreen'))
const AdminAudit = lazy(() => import('./pages/admin/AuditScreen'))
const AdminDisputes = lazy(() => import('./pages/admin/DisputesScreen'))
const AdminDeadMail = lazy(() => import('./pages/admin/DeadMailScreen'))

function PageFallback() {
  // A toast raised on the way here (session expired, login needed) counts its five seconds from
  // when the page appears, not while its code is still loading.
  useEffect(() => holdToasts(), [])
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status">
      <span className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600" />
      <span className="sr-only">Loading…</span>
    </div>
  )
}

/** A path the Worker answers itself: reached inside the app (never by its own links), load it from the server. */
function ServerPage() {
  useEffect(() => window.location.reload(), [])
  return <PageFallback />
}

const page = (element: ReactNode) => <Suspense fallback={<PageFallback />}>{element}</Suspense>
const guarded = (role: 'vendor' | 'marketer' | 'product', element: ReactNode) => page(<RouteGuard role={role}>{element}</RouteGuard>)

/** 'products' is public without the login flag and protected (role product) with it (spec 000 section 2). */
function ProductsRoute() {
  const { loggedIn } = useSession()
  return loggedIn ? guarded('product', <ProductsPage />) : page(<ProductsPage />)
}

/** The route table of spec 000 and 001 section 2, in one place. */
export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Routes>
        <Route path="admin/signin" element={page(<AdminSignInPage />)} />
        <Route path="admin" element={page(<AdminConsole />)}>
          <Route index element={<AdminOverview />} />
          <Route path="influencers" element={<AdminMarketers />} />
          <Route path="vendors" element={<AdminVendors />} />
          <Route path="products" element={<AdminProducts />} />
          <Route path="data-requests" element={<AdminDataRequests />} />
          <Route path="audit" element={<AdminAudit />} />
          <Route path="disputes" element={<AdminDisputes />} />
          <Route path="mail" element={<AdminDeadMail />} />
        </Route>
        <Route element={<Layout />}>
          <Route index element={page(<HomePage />)} />
          <Route path="signin" element={page(<SignInPage />)} />
          <Route path="forgot-password/:role" element={page(<ForgotPasswordPage />)} />
          <Route path="reset-password/:role" element={page(<ResetPasswordPage />)} />
          <Route path="verify-email/:role" element={page(<VerifyEmailPage />)} />
          <Route path="signup/vender" element={page(<VendorSignUpPage />)} />
          <Route path="signup/influencer" element={page(<MarketerSignUpPage />)} />
          <Route path="products" element={<ProductsRoute />} />
          <Route path={PRODUCT_ROUTE} element={page(<ProductDetailPage />)} />
          <Route path={PRODUCT_BY_ID_ROUTE} element={page(<ProductDetailPage />)} />
          <Route path="Influencer" caseSensitive element={page(<DirectoryPage />)} />
          <Route path="influencer" caseSensitive element={page(<DirectoryPage />)} />
          <Route path="influencer/:id" element={page(<MarketerProfilePage />)} />
          <Route path="affiliate/track" element={<ServerPage />} />
          <Route path="unsubscribe" element={page(<UnsubscribePage />)} />
          <Route path="terms" element={page(<LegalPage />)} />
          <Route path="privacy" element={page(<LegalPage />)} />
          <Route path="disclaimer" element={page(<LegalPage />)} />
          <Route path="data-consent" element={page(<LegalPage />)} />
          <Route path="vendor" element={guarded('vendor', <VendorDashboardPage />)} />
          <Route path="marketer" element={guarded('marketer', <MarketerDashboardPage />)} />
          <Route path="marketer/social-media-setup" element={guarded('marketer', <SocialSetupPage />)} />
          <Route path="*" element={page(<NotFoundPage />)} />
        </Route>
      </Routes>
    </ErrorBoundary>
  )
}
