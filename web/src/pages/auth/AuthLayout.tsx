import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Card } from '../../components/Card'

const POINTS = ['High commission rates on every converted lead', 'Verified Indian brands and creators', 'Payouts by UPI or bank transfer']

/** Brand panel beside the form on wide screens; the form alone on phones. */
type AuthLayoutProps = { headline?: string; title: string; subtitle?: ReactNode; children: ReactNode }

export function AuthLayout({ headline, title, subtitle, children }: AuthLayoutProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 md:py-14">
      {headline && <h1 className="mb-8 text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{headline}</h1>}
      <div className="grid gap-8 lg:grid-cols-2 lg:items-center">
        <section
          aria-hidden="true"
          className="hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-600 to-brand-900 p-10 text-white shadow-xl lg:block"
        >
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-200">Collabkart</p>
          <p className="mt-4 text-4xl font-bold leading-tight">Connect. Earn. Grow.</p>
          <p className="mt-4 text-brand-100">Trusted by 25,000+ creators and brands across India.</p>
          <ul className="mt-8 space-y-3">
            {POINTS.map((p) => (
              <li key={p} className="flex items-start gap-3">
                <span className="mt-1 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-amber-400 text-xs font-bold text-slate-900">
                  ✓
                </span>
                <span>{p}</span>
              </li>
            ))}
          </ul>
        </section>
        <Card as="section" padding="xl" round="3xl" className="mx-auto w-full max-w-md">
          {headline ? (
            <h2 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h2>
          ) : (
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          )}
          {subtitle && <div className="mt-2 text-sm text-slate-600">{subtitle}</div>}
          <div className="mt-6">{children}</div>
        </Card>
      </div>
    </div>
  )
}

export function LegalNotice({ action }: { action: string }) {
  return (
    <p className="mt-6 text-center text-xs leading-5 text-slate-500">
      By {action}, you agree to our{' '}
      <Link to="/terms" className="font-medium text-brand-700 underline underline-offset-2">
        Terms &amp; Conditions
      </Link>{' '}
      and{' '}
      <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2">
        Privacy Policy
      </Link>
      .
    </p>
  )
}
