import { indiaToday } from '../lib/istTime'
import type { ReactNode } from 'react'
import { Logo } from './Logo'

export const LEGAL_LINKS = [
  { to: '/terms', label: 'Terms & Conditions' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/disclaimer', label: 'Disclaimer' },
  { to: '/data-consent', label: 'Data Consent' },
]

export type FooterLink = { to: string; label: string }

/**
 * The site footer without a router: the SPA passes React Router links, the buy page (its own small
 * entry, no router) plain anchors.
 */
export function FooterContent({ renderLink }: { renderLink: (link: FooterLink, className: string) => ReactNode }) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <Logo />
          <p className="mt-2 max-w-sm text-sm text-slate-500">Connect. Earn. Grow. The affiliate marketplace for Indian brands and creators.</p>
        </div>
        <nav aria-label="Legal" className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {LEGAL_LINKS.map((link) => renderLink(link, 'text-slate-600 hover:text-brand-700'))}
        </nav>
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-500">© {indiaToday().slice(0, 4)} Collabkart. Made in India.</p>
    </footer>
  )
}
