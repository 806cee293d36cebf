import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { type MarketerAnalytics, type MarketerSelf, PICTURE_UPDATED_MESSAGE } from '@contract/marketer'
import { ApiError, errorMessage } from '../../api/client'
import { uploadMarketerPicture } from '../../api/marketers'
import { getStorefront } from '../../api/storefront'
import { buttonClasses } from '../../components/buttonClasses'
import { DownloadMyData } from '../dashboard-shared/DownloadMyData'
import { Button, ButtonLink } from '../../components/Button'
import { Skeleton } from '../../components/Skeleton'
import { formatRupees } from '../../lib/format'
import { updateMarketerData } from '../../lib/storage'
import { toast } from '../../lib/toast'
import { ProfileCover } from '../dashboard-shared/ProfileCover'
import { presence } from '../dashboard-shared/platforms'
import { Icon } from '../dashboard-shared/StatCard'
import { EditProfileModal } from './EditProfileModal'
import { STOREFRONT_KEY } from './StorefrontTab'
import { Card } from '../../components/Card'

const PICTURE_FAILED = 'Failed to update profile picture'
/** The setup page, where the social profiles and the content images are edited (the Skip toast promises a way back). */
export const SETUP_PATH = '/marketer/social-media-setup'

type Props = { marketer: MarketerSelf; analytics: MarketerAnalytics | null; onChanged: () => void }

/** The creator's storefront: the page itself once it has a collection, else the tab that builds it. */
function StorefrontLink() {
  const storefront = useQuery({ queryKey: STOREFRONT_KEY, queryFn: getStorefront, staleTime: 0 })
  const data = storefront.data
  if (!data) return null
  if (data.collections.length === 0) {
    return (
      <ButtonLink to="/marketer?tab=storefront" variant="secondary" size="sm">
        Set up my storefront
      </ButtonLink>
    )
  }
  // A page the Worker writes: a full navigation, not the app's router.
  return (
    <a href={data.path} className={buttonClasses('secondary', 'sm')} data-testid="profile-storefront-link">
      View my storefront
    </a>
  )
}

export function ProfileTab({ marketer, analytics, onChanged }: Props) {
  const [editing, setEditing] = useState(false)
  const platforms = presence(marketer)
  const queryClient = useQueryClient()
  // A new Instagram, Twitter or TikTok username can move the storefront's address.
  const saved = () => {
    onChanged()
    void queryClient.invalidateQueries({ queryKey: STOREFRONT_KEY })
  }

  const upload = useMutation({
    mutationFn: async (file: File) => {
      const res = await uploadMarketerPicture(marketer.MarketerID, file)
      if (res.statusCode !== 1) throw new ApiError(res.message)
      return res
    },
    onSuccess: (res) => {
      // The spec toasts its own text and the server's message (the toast store shows a repeat once).
      toast.success(PICTURE_UPDATED_MESSAGE)
      if (res.message) toast.success(res.message)
      if (res.data?.profilePicUrl) updateMarketerData({ MarketerProfilePic: res.data.profilePicUrl })
      onChanged()
    },
    onError: (err) => {
      toast.error(PICTURE_FAILED)
      const message = errorMessage(err, '')
      if (message && message !== PICTURE_FAILED) toast.error(message)
    },
    meta: { ownErrorToast: true },
  })

  const stats = [
    { label: 'Total Leads', value: analytics ? String(analytics.totalLeads) : null },
    { label: 'Total Commission', value: analytics ? formatRupees(analytics.totalCommission) : null },
    { label: 'Converted', value: analytics ? String(analytics.totalConversions) : null },
  ]
  const details = [
    { label: 'Email', value: marketer.Email },
    { label: 'Mobile', value: marketer.MobileNumber },
    { label: 'Location', value: marketer.Location },
  ]
  return (
    <div className="space-y-6">
      <ProfileCover
        labelledBy="profile-title"
        name={marketer.MarketerName}
        picture={marketer.MarketerProfilePic}
        uploading={upload.isPending}
        onPick={(f) => upload.mutate(f)}
        action={
          <div className="flex flex-wrap justify-end gap-2">
            <DownloadMyData kind="marketers" id={marketer.MarketerID} />
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Icon name="pencil" className="size-4" />
              Edit Profile
            </Button>
          </div>
        }
      >
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <h2 id="profile-title" className="min-w-0 text-2xl font-bold text-slate-900 wrap-anywhere">
            {marketer.MarketerName}
          </h2>
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">{marketer.Category || 'Lifestyle'}</span>
        </div>
        {marketer.Bio && <p className="mt-2 max-w-2xl text-sm text-slate-600 wrap-anywhere">{marketer.Bio}</p>}
        <dl className="mt-3 flex flex-col gap-1 text-sm text-slate-600 sm:flex-row sm:flex-wrap sm:gap-x-6">
          {details.map((d) => (
            <div key={d.label} className="flex min-w-0 gap-1.5">
              <dt className="font-medium text-slate-500">{d.label}:</dt>
              <dd className="min-w-0 wrap-anywhere">{d.value || 'N/A'}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-5 flex flex-wrap gap-2">
          <ButtonLink to={SETUP_PATH} variant="secondary" size="sm">
            <Icon name="camera" className="size-4" />
            Social Profiles &amp; Images
          </ButtonLink>
          <StorefrontLink />
        </div>
      </ProfileCover>

      <dl className="grid gap-4 sm:grid-cols-3">
        {stats.map((s) => (
          <Card key={s.label} padding="none" className="p-5" data-count={s.label}>
            <dt className="text-sm font-medium text-slate-500">{s.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{s.value ?? <Skeleton className="h-8 w-20" />}</dd>
          </Card>
        ))}
      </dl>

      <Card as="section" aria-labelledby="presence-title" padding="lg">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="presence-title" className="text-lg font-bold text-slate-900">
            Social Media Presence
          </h2>
          <ButtonLink to={SETUP_PATH} variant="ghost" size="sm" className="text-brand-700">
            <Icon name="pencil" className="size-4" />
            Edit social profiles
          </ButtonLink>
        </div>
        {platforms.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">No social profiles yet. Add them, with your content images, so brands can see your reach.</p>
        ) : (
          <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {platforms.map(({ platform, handle, summary }) => (
              <li
                key={platform.name}
                className="flex min-w-0 items-center gap-3 rounded-xl border border-slate-100 bg-slate-50 p-3"
                data-platform={platform.name}
              >
                <span aria-hidden="true" className={`flex size-10 shrink-0 items-center justify-center rounded-lg text-sm font-bold ${platform.tint}`}>
                  {platform.name.slice(0, 2)}
                </span>
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{platform.name}</p>
                  {handle && <p className="truncate text-xs text-slate-500">{handle}</p>}
                  <p className="text-sm text-slate-700">{summary}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {editing && <EditProfileModal marketer={marketer} open onClose={() => setEditing(false)} onSaved={saved} />}
    </div>
  )
}
