import { Link } from 'react-router'
import { Avatar } from '../../components/Avatar'
import { MarketerStats } from '../../components/InfluencerStats'
import { Skeleton } from '../../components/Skeleton'
import { VerifiedBadge } from '../../components/VerifiedBadge'
import { mediaUrl } from '../../lib/format'
import { type DisplayMarketer, isPlaceholder } from '../../lib/influencer'
import { Card } from '../../components/Card'

/** The three content pictures a card shows, by position (the same picture may fill two). */
const CONTENT_SLOTS = [0, 1, 2] as const

/** A directory card: the whole card opens the profile, by click or Enter. */
export function MarketerCard({ influencer: inf }: { influencer: DisplayMarketer }) {
  return (
    // The whole card is one link (a link, not an article: an article may not act as one). Its name
    // is its own text (the influencer's name first), so what a screen reader says is what the card shows.
    <Card
      as={Link}
      to={`/influencer/${inf.id}`}
      data-testid="influencer-card"
      padding="sm"
      className="flex flex-col transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-lg hover:shadow-slate-900/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      <div className="flex items-center gap-3">
        <Avatar name={inf.name} path={inf.profileImage} size="md" />
        <div className="min-w-0">
          <h2 className="flex items-center gap-1 font-semibold text-slate-900">
            <span className="truncate">{inf.name}</span>
            {inf.verified && <VerifiedBadge />}
          </h2>
          <p className="truncate text-sm text-slate-500">{inf.handle}</p>
        </div>
      </div>
      <div className="mt-3 flex gap-1.5">
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">Bio</span>
        <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-700">Analytics</span>
        <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">{inf.category}</span>
      </div>
      <p className="mt-2 line-clamp-2 min-h-10 text-sm text-slate-600 wrap-anywhere">{inf.bio}</p>
      <MarketerStats influencer={inf} className="mt-3" />
      <p className="mt-3 flex items-center gap-1 text-sm text-slate-600">
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0 text-slate-400">
          <path
            fillRule="evenodd"
            d="m9.69 18.933.003.001C9.89 19.02 10 19 10 19s.11.02.308-.066l.002-.001.006-.003.018-.008a5.741 5.741 0 0 0 .281-.14c.186-.096.446-.24.757-.433.62-.384 1.445-.966 2.274-1.765C15.302 14.988 17 12.493 17 9A7 7 0 1 0 3 9c0 3.492 1.698 5.988 3.355 7.584a13.731 13.731 0 0 0 2.273 1.765 11.842 11.842 0 0 0 .976.544l.062.029.018.008.006.003ZM10 11.25a2.25 2.25 0 1 0 0-4.5 2.25 2.25 0 0 0 0 4.5Z"
            clipRule="evenodd"
          />
        </svg>
        <span className="truncate">{inf.location}</span>
      </p>
      <div className="mt-3 grid grid-cols-3 gap-2">
        {CONTENT_SLOTS.filter((slot) => slot < inf.content.length).map((slot) => (
          <img
            key={slot}
            src={mediaUrl(inf.content[slot])}
            alt={isPlaceholder(inf.content[slot]) ? '' : `${inf.name}'s content ${slot + 1}`}
            loading="lazy"
            className="aspect-square w-full rounded-lg bg-slate-100 object-cover"
          />
        ))}
      </div>
    </Card>
  )
}

export function MarketerCardSkeleton() {
  return (
    <Card aria-hidden="true" padding="sm" flat>
      <div className="flex items-center gap-3">
        <Skeleton className="size-12 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      </div>
      <Skeleton className="mt-4 h-3 w-full" />
      <Skeleton className="mt-2 h-3 w-4/5" />
      <Skeleton className="mt-4 h-14 rounded-xl" />
      <div className="mt-3 grid grid-cols-3 gap-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="aspect-square rounded-lg" />
        ))}
      </div>
    </Card>
  )
}
