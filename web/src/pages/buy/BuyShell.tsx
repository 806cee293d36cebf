import { FooterContent } from '../../components/FooterContent'
import { Logo } from '../../components/Logo'

// The buy page's top bar and footer: rendered by the Worker only, around the hydrated #root. They
// hold nothing but links, so the browser needs none of their code (the page's JavaScript budget).
// They are the app's own pieces (Logo, FooterContent) with plain links: the buy page has no router.

const navLink = 'rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900'

export function BuyHeader() {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6">
          <a href="/" aria-label="Collabkart home" className="shrink-0 rounded-lg focus-visible:outline-2 focus-visible:outline-brand-500">
            <Logo />
          </a>
          <div className="flex items-center">
            <a href="/products" className={navLink}>
              Products
            </a>
            <a href="/Influencer" className={navLink}>
              Influencer
            </a>
          </div>
        </nav>
      </header>
    </>
  )
}

export function BuyFooter() {
  return (
    <FooterContent
      renderLink={(link, className) => (
        <a key={link.to} href={link.to} className={className}>
          {link.label}
        </a>
      )}
    />
  )
}
