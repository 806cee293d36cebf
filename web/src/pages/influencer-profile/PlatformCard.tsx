import type { PlatformName, SocialPlatform } from '@contract/marketer'
import { PlatformGlyph } from '../../components/PlatformGlyph'
import { VerifiedBadge } from '../../components/VerifiedBadge'
import { formatCount } from '../../lib/format'
import { Card } from '../../components/Card'

const PLATFORM_STYLE: Record<PlatformName, { tint: string; unit: string }> = {
  Instagram: { tint: 'from-pink-500 to-amber-400', unit: 'followers' },
  YouTube: { tint: 'from-red-600 to-red-500', unit: 'subscribers' },
  Twitter: { tint: 'from-slate-900 to-slate-700', unit: 'followers' },
  LinkedIn: { tint: 'from-sky-700 to-sky-600', unit: 'connections' },
  TikTok: { tint: 'from-slate-900 to-cyan-500', unit: 'followers' },
  Facebook: { tint: 'from-blue-700 to-blue-500', unit: 'likes' },
  Pinterest: { tint: 'from-rose-700 to-rose-500', unit: 'followers' },
}

const safeHref = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null)

export function PlatformCard({ platform: p }: { platform: SocialPlatform }) {
  const style = PLATFORM_STYLE[p.platform] ?? PLATFORM_STYLE.Twitter
  const href = safeHref(p.url)
  const name = p.username || p.url || p.platform
  return (
    <Card padding="sm" flat className="flex items-center gap-3">
      <span aria-hidden="true" className={`flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br text-white ${style.tint}`}>
        <PlatformGlyph platform={p.platform} className="size-6" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1 text-sm font-semibold text-slate-900">
          {p.platform}
          {p.verified && <VerifiedBadge />}
        </p>
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" className="block truncate text-sm text-brand-700 hover:underline">
            {name}
          </a>
        ) : (
          <p className="truncate text-sm text-slate-600">{name}</p>
        )}
        <p className="mt-0.5 text-xs text-slate-500">
          <span className="font-semibold text-slate-800">{formatCount(p.followers)}</span> {style.unit}
          {p.following !== null && p.following > 0 && (
            <>
              {' · '}
              <span className="font-semibold text-slate-800">{formatCount(p.following)}</span> following
            </>
          )}
        </p>
      </div>
    </Card>
  )
}
