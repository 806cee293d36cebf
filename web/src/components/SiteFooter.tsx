import { Link } from 'react-router'
import { FooterContent } from './FooterContent'

export function SiteFooter() {
  return (
    <FooterContent
      renderLink={(link, className) => (
        <Link key={link.to} to={link.to} className={className}>
          {link.label}
        </Link>
      )}
    />
  )
}
