import type { PlatformName } from '@contract/marketer'
import { PlatformGlyph } from '../../components/PlatformGlyph'

// Collabkart's own pages on the seven networks of spec 000 section 2.
const NETWORKS: { name: PlatformName; href: string }[] = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { name: 'Pinterest', href: 'https://www.pinterest.com/' },
  { name: 'TikTok', href: 'https://www.tiktok.com/' },
  { name: 'Twitter', href: 'https://x.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
]

export function SocialIcons() {
  return (
    <ul className="flex flex-wrap justify-center gap-3" aria-label="Collabkart on social media">
      {NETWORKS.map((n) => (
        <li key={n.name}>
          <a
            href={n.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={n.name}
            className="flex size-11 items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-white/20 transition hover:bg-white hover:text-brand-700"
          >
            <PlatformGlyph platform={n.name} />
          </a>
        </li>
      ))}
    </ul>
  )
}
