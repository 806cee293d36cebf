import { useQuery } from '@tanstack/react-query'
import { ApiError } from '../../api/client'
import { cachedMarketers, featuredMarketers, MARKETERS_FAILED_MESSAGE, MARKETERS_OFFLINE_MESSAGE } from '../../api/marketers'
import { Avatar } from '../../components/Avatar'
import { ButtonLink } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { LoadingRegion, placeholderKeys, Skeleton } from '../../components/Skeleton'
import { MarketerStats } from '../../components/InfluencerStats'
import { VerifiedBadge } from '../../components/VerifiedBadge'
import { type DisplayMarketer, newestMarketers } from '../../lib/influencer'
import { toast } from '../../lib/toast'
import { Card } from '../../components/Card'

export const FEATURED_COUNT = 3

function FeaturedCard({ inf }: { inf: DisplayMarketer }) {
  return (
    <Card
      as="article"
      padding="none"
      round="3xl"
      className="flex flex-col items-center text-center transition hover:-translate-y-1 hover:shadow-xl hover:shadow-slate-900/5 p-6"
      data-testid="featured-card"
    >
      <Avatar name={inf.name} path={inf.profileImage} size="xl" />
      <h3 className="mt-4 flex max-w-full items-center gap-1 text-lg font-bold text-slate-900 wrap-anywhere">
        {inf.name}
        {inf.verified && <VerifiedBadge />}
      </h3>
      <p className="max-w-full truncate text-sm text-slate-500" title={inf.handle}>
        {inf.handle}
      </p>
      <span className="mt-2 rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700">{inf.category}</span>
      <MarketerStats influencer={inf} className="mt-5 w-full" />
      <ButtonLink to={`/influencer/${inf.id}`} variant="secondary" className="mt-5 w-full">
        View Profile
      </ButtonLink>
    </Card>
  )
}

/**
 * The 3 influencers with the highest id (spec 000 section 2), asked of the server as three (not the
 * directory). The cached directory page shows at once and stands in, with the spec's toast, when
 * the server cannot answer.
 */
export function FeaturedMarketers() {
  const load = useQuery({
    queryKey: ['influencers', 'featured', FEATURED_COUNT],
    // A failure is not an error state: the spec's toast, then the newest of the cached directory.
    queryFn: () =>
      featuredMarketers(FEATURED_COUNT).catch((err: unknown) => {
        if (err instanceof ApiError && err.network) toast.warn(MARKETERS_OFFLINE_MESSAGE)
        else toast.error(MARKETERS_FAILED_MESSAGE)
        return newestMarketers(cachedMarketers() ?? [], FEATURED_COUNT)
      }),
    // Shown at once from the client cache (lib/cache.ts, spec 000) while the server answers.
    placeholderData: () => {
      const cached = cachedMarketers()
      return cached && cached.length > 0 ? newestMarketers(cached, FEATURED_COUNT) : undefined
    },
  })
  const featured = load.data ?? null

  if (featured === null) {
    return (
      <LoadingRegion label="Loading featured influencers" className="grid gap-6 md:grid-cols-3">
        {placeholderKeys(FEATURED_COUNT).map((key) => (
          <Card key={key} padding="none" round="3xl" flat className="flex flex-col items-center p-6">
            <Skeleton className="size-24 rounded-full" />
            <Skeleton className="mt-4 h-5 w-32" />
            <Skeleton className="mt-2 h-4 w-20" />
            <Skeleton className="mt-5 h-16 w-full rounded-2xl" />
            <Skeleton className="mt-5 h-11 w-full rounded-xl" />
          </Card>
        ))}
      </LoadingRegion>
    )
  }
  if (featured.length === 0) {
    return (
      <EmptyState
        title="No Featured Influencers"
        text="No influencers are currently available. Check back later!"
        action={<ButtonLink to="/influencer">Browse All Influencers</ButtonLink>}
      />
    )
  }
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-3">
      {featured.map((inf) => (
        <FeaturedCard key={inf.id} inf={inf} />
      ))}
    </div>
  )
}
