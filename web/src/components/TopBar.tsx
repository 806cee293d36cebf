import { useEffect, useRef, useState } from 'react'
import { Link, NavLink, useLocation, useNavigate } from 'react-router'
import { useSession } from '../lib/session'
import { clearAll } from '../lib/storage'
import { buttonClasses } from './Button'
import { Logo } from './Logo'

type MenuItem = { to: string; label: string }

const SIGN_UP: MenuItem[] = [
  { to: '/signup/vender', label: 'As a Vendor' },
  { to: '/signup/influencer', label: 'As an Influencer' },
]
const LOGIN: MenuItem[] = [
  { to: '/signin?role=vendor', label: 'As a Vendor' },
  { to: '/signin?role=influencer', label: 'As an Influencer' },
]

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium transition-colors ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'}`

/** A button with a menu under it; closes on an outside click, on Escape and after a choice. */
function Dropdown({ label, items, variant }: { label: string; items: MenuItem[]; variant: 'primary' | 'secondary' }) {
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const onPointer = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false)
    document.addEventListener('mousedown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])
  return (
    <div className="relative" ref={ref}>
      <button type="button" aria-haspopup="true" aria-expanded={open} onClick={() => setOpen((o) => !o)} className={buttonClasses(variant, 'sm')}>
        {label}
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}>
          <path
            fillRule="evenodd"
            d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </button>
      {open && (
        <div className="absolute right-0 z-50 mt-2 w-52 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-xl shadow-slate-900/10">
          {items.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              onClick={() => setOpen(false)}
              className="block px-4 py-2.5 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-700"
            >
              {item.label}
            </Link>
          ))}
        </div>
      )}
    </div>
  )
}

export function TopBar() {
  const session = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const [scrolled, setScrolled] = useState(false)
  // The mobile menu is open at one address: a navigation (a link in it, Back) closes it by itself.
  const here = location.pathname + location.search
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null)
  const menuOpen = menuOpenAt === here

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 4)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  const logout = () => {
    clearAll()
    navigate('/signin')
  }

  const links: MenuItem[] = [
    ...(session.loggedIn ? [] : [{ to: '/', label: 'Home' }]),
    { to: '/products', label: 'Products' },
    { to: '/Influencer', label: 'Influencer' },
    ...(session.marketer ? [{ to: '/marketer', label: 'Dashboard' }] : []),
    ...(session.vendor ? [{ to: '/vendor', label: 'Dashboard' }] : []),
  ]
  // The mobile menu uses the lower-case directory path (spec 000 section 2).
  const mobileLinks = links.map((l) => (l.to === '/Influencer' ? { ...l, to: '/influencer' } : l))

  return (
    <header
      className={`sticky top-0 z-40 border-b bg-white/95 backdrop-blur transition-shadow ${scrolled ? 'border-slate-200 shadow-md shadow-slate-900/5' : 'border-transparent'}`}
      data-scrolled={scrolled}
    >
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" aria-label="Collabkart home" className="shrink-0 rounded-lg focus-visible:outline-2 focus-visible:outline-brand-500">
          <Logo />
        </Link>
        <div className="hidden items-center gap-1 md:flex">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.to === '/'} className={navLinkClasses}>
              {l.label}
            </NavLink>
          ))}
        </div>
        <div className="hidden items-center gap-2 md:flex">
          {session.loggedIn ? (
            <button type="button" onClick={logout} className={buttonClasses('secondary', 'sm')}>
              Logout
            </button>
          ) : (
            <>
              <Dropdown label="Login" items={LOGIN} variant="secondary" />
              <Dropdown label="Sign Up" items={SIGN_UP} variant="primary" />
            </>
          )}
        </div>
        <button
          type="button"
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpenAt(menuOpen ? null : here)}
        >
          <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-6">
            <path strokeLinecap="round" d={menuOpen ? 'M6 18 18 6M6 6l12 12' : 'M4 7h16M4 12h16M4 17h16'} />
          </svg>
        </button>
      </nav>
      {menuOpen && (
        <div id="mobile-menu" className="border-t border-slate-200 bg-white px-4 pb-4 pt-2 md:hidden">
          <div className="flex flex-col">
            {mobileLinks.map((l) => (
              <NavLink key={l.to} to={l.to} end={l.to === '/'} className={navLinkClasses}>
                {l.label}
              </NavLink>
            ))}
          </div>
          <div className="mt-3 border-t border-slate-100 pt-3">
            {session.loggedIn ? (
              <button type="button" onClick={logout} className={buttonClasses('secondary', 'md', 'w-full')}>
                Logout
              </button>
            ) : (
              <div className="grid grid-cols-2 gap-3">
                <div>
                  <p className="mb-1 px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Sign Up</p>
                  {SIGN_UP.map((item) => (
                    <Link key={item.to} to={item.to} className="block rounded-lg px-1 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50">
                      {item.label}
                    </Link>
                  ))}
                </div>
                <div>
                  <p className="mb-1 px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Login</p>
                  {LOGIN.map((item) => (
                    <Link key={item.to} to={item.to} className="block rounded-lg px-1 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50">
                      {item.label}
                    </Link>
                  ))}
                </div>
              </div>
            )}
          </div>
        </div>
      )}
    </header>
  )
}
