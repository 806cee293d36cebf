import type { MarketerProfile } from '@contract/marketer'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { VerifiedBadge } from '../../components/VerifiedBadge'
import { buttonClasses } from '../../components/buttonClasses'
import { formatCount, formatDate, mediaUrl } from '../../lib/format'
import { avatarLetter, ENGAGEMENT_ESTIMATE_NOTE, engagementBarPercent, formatRate, MARKETER_DEFAULTS } from '../../lib/influencer'
import { PlatformCard } from './PlatformCard'
import { Card } from '../../components/Card'

// The profile as the public sees it at /influencer/{id}; the back office shows the same view (issue
// 13: "the profile as the public sees it"), so the two cannot drift apart.

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card as="section" padding="lg" round="3xl">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </Card>
  )
}

function Tile({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card padding="sm" className="text-center">
      <p className="text-xl font-bold text-slate-900 sm:text-2xl">{value}</p>
      <p className="mt-1 text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
    </Card>
  )
}

/**
 * What a vendor who has not worked with the influencer sees instead of their email and mobile
 * (decision 060): how contacts get shared, and the way to start through the platform.
 */
function ContactsAfterWorkingTogether() {
  return (
    <div className="mt-4 max-w-3xl rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900" data-testid="contact-note">
      <p className="font-semibold">Contact details are shared once you work together.</p>
      <p className="mt-1">
        Creators pick products to promote from the catalogue. Once they bring you a lead through their link, or you record a payout to them, their email and
        mobile appear here. Verified vendors see them at once.
      </p>
      <Link to="/vendor" className="mt-2 inline-block font-semibold text-sky-800 underline underline-offset-2">
        Check your listed products
      </Link>
    </div>
  )
}

/** One influencer's public profile: header, tiles, platforms, content previews, analytics. */
export function MarketerProfileView({ profile }: { profile: MarketerProfile }) {
  const m = profile.marketer
  const [pictureBroken, setPictureBroken] = useState(false)
  const picture = m.MarketerProfilePic && !pictureBroken ? mediaUrl(m.MarketerProfilePic) : ''
  const previews = [m.PreviewImage1, m.PreviewImage2, m.PreviewImage3].filter((p): p is string => Boolean(p))
  const rate = profile.engagementRate
  const stats = profile.socialStats
  const breakdown = [
    { label: 'Instagram followers', raw: stats.instagram.raw },
    { label: 'YouTube subscribers', raw: stats.youtube.raw },
    { label: 'Twitter followers', raw: stats.twitter.raw },
    { label: 'LinkedIn connections', raw: stats.linkedin.raw },
  ].filter((row) => row.raw > 0)
  const totalReach = formatCount(stats.total.raw)
  const details = [
    { label: 'Location', value: m.Location },
    { label: 'Email', value: m.Email },
    { label: 'Mobile', value: m.MobileNumber },
    { label: 'Joined', value: formatDate(m.DateCreated) },
  ].filter((d) => Boolean(d.value))

  return (
    <div className="space-y-6">
      <Card as="section" padding="none" round="3xl" className="overflow-hidden">
        <div aria-hidden="true" className="h-28 bg-gradient-to-r from-brand-700 via-brand-500 to-amber-400 sm:h-36" />
        <div className="px-5 pb-6 sm:px-8">
          <div className="-mt-12 flex flex-col items-center text-center sm:-mt-14 sm:flex-row sm:items-end sm:gap-5 sm:text-left">
            {picture ? (
              <img
                src={picture}
                alt={m.MarketerName}
                onError={() => setPictureBroken(true)}
                className="size-24 rounded-full object-cover ring-4 ring-white sm:size-28"
              />
            ) : (
              <span
                aria-hidden="true"
                className="flex size-24 items-center justify-center rounded-full bg-gradient-to-br from-brand-100 to-brand-200 text-4xl font-bold text-brand-800 ring-4 ring-white sm:size-28"
                data-testid="avatar-letter"
              >
                {avatarLetter(m.MarketerName)}
              </span>
            )}
            <div className="mt-3 min-w-0 sm:mb-1">
              <h2 className="flex flex-wrap items-center justify-center gap-2 text-2xl font-bold text-slate-900 wrap-anywhere sm:justify-start">
                {m.MarketerName}
                {m.Verified && (
                  <span className="rounded-full bg-sky-50 px-2 py-0.5">
                    <VerifiedBadge label />
                  </span>
                )}
              </h2>
            </div>
          </div>
          {m.Bio && <p className="mt-4 max-w-3xl text-slate-700 wrap-anywhere">{m.Bio}</p>}
          {/* A page the Worker writes: a full navigation, not the app's router. */}
          {profile.storefrontPath && (
            <a href={profile.storefrontPath} className={buttonClasses('secondary', 'sm', 'mt-4')} data-testid="profile-storefront-link">
              Shop {m.MarketerName}&apos;s storefront
            </a>
          )}
          {profile.contactAccess === 'after-working-together' && <ContactsAfterWorkingTogether />}
          {details.length > 0 && (
            <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {details.map((d) => (
                <div key={d.label} className="flex min-w-0 gap-1.5">
                  <dt className="text-slate-500">{d.label}:</dt>
                  <dd className="min-w-0 font-medium text-slate-800 wrap-anywhere">{d.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </Card>

      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        <Tile label="Total Reach" value={totalReach} />
        <Tile label="Engagement Rate" value={formatRate(rate)} note="Estimated" />
        <Tile label="Platforms" value={String(profile.platforms.length)} />
        <Tile label="Category" value={m.Category || MARKETER_DEFAULTS.category} />
      </div>

      {profile.platforms.length > 0 && (
        <Section title="Social Media Platforms">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {profile.platforms.map((p) => (
              <PlatformCard key={p.platform} platform={p} />
            ))}
          </div>
        </Section>
      )}

      {/* 4:5, the portrait shape of social posts: a square crop cut off the bottom of most previews. */}
      {previews.length > 0 && (
        <Section title="Content Preview">
          <div className="grid grid-cols-3 gap-3">
            {previews.map((src, i) => (
              <img
                key={src}
                src={mediaUrl(src)}
                alt={`${m.MarketerName}'s content ${i + 1}`}
                loading="lazy"
                className="aspect-[4/5] w-full rounded-2xl bg-slate-100 object-cover"
              />
            ))}
          </div>
        </Section>
      )}

      <Section title="Detailed Analytics">
        <div className="grid gap-6 md:grid-cols-2">
          <div>
            <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Social Media Breakdown</h3>
            {breakdown.length > 0 ? (
              <ul className="mt-3 divide-y divide-slate-100">
                {breakdown.map((row) => (
                  <li key={row.label} className="flex justify-between py-2.5 text-sm">
                    <span className="text-slate-600">{row.label}</span>
                    <span className="font-semibold text-slate-900">{formatCount(row.raw)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-slate-500">No follower counts shared yet.</p>
            )}
          </div>
          <div>
            <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Performance Metrics</h3>
            <div className="mt-3 space-y-4">
              <div>
                <div className="flex justify-between text-sm">
                  <span className="text-slate-600">Engagement Rate</span>
                  <span className="font-semibold text-slate-900">{formatRate(rate)}</span>
                </div>
                <p className="text-xs text-slate-500">{ENGAGEMENT_ESTIMATE_NOTE}</p>
                <div
                  className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100"
                  role="progressbar"
                  aria-label="Engagement Rate"
                  aria-valuenow={Number(rate.toFixed(1))}
                  aria-valuemin={0}
                  aria-valuemax={10}
                >
                  <div
                    className="h-full rounded-full bg-gradient-to-r from-brand-500 to-amber-400"
                    style={{ width: `${engagementBarPercent(rate)}%` }}
                    data-testid="engagement-bar"
                  />
                </div>
              </div>
              <div className="flex justify-between gap-4 text-sm">
                <div>
                  <p className="font-medium text-slate-800">Total Reach</p>
                  <p className="text-xs text-slate-500">Combined followers across all platforms</p>
                </div>
                <span className="font-semibold text-slate-900">{totalReach}</span>
              </div>
              <div className="flex justify-between gap-4 text-sm">
                <div>
                  <p className="font-medium text-slate-800">Platform Diversity</p>
                  <p className="text-xs text-slate-500">Active social media platforms</p>
                </div>
                <span className="font-semibold text-slate-900">{profile.platforms.length}</span>
              </div>
            </div>
          </div>
        </div>
      </Section>

      {profile.lastUpdated && <p className="text-center text-xs text-slate-500">Last updated {formatDate(profile.lastUpdated)}</p>}
    </div>
  )
}
