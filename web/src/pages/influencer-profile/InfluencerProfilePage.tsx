import { useQuery } from '@tanstack/react-query'
import { useNavigate, useParams } from 'react-router'
import { ApiError } from '../../api/client'
import { getMarketerProfile } from '../../api/marketers'
import { Button } from '../../components/Button'
import { PageContainer } from '../../components/PageHeader'
import { LoadingRegion, Skeleton } from '../../components/Skeleton'
import { toast } from '../../lib/toast'
import { useDocumentTitle } from '../../lib/useDocumentTitle'
import { MarketerProfileView } from './InfluencerProfileView'
import { InviteToCampaign } from '../campaigns/InviteToCampaign'
import { BackIcon } from '../../components/BackIcon'

export const PROFILE_FAILED_MESSAGE = 'Failed to load influencer data'
export const PROFILE_ERROR_MESSAGE = 'Error loading influencer data'

/** Spec 001 section 8: any answer whose success is not true (a 404 included) is 'Failed to load
 * influencer data'; no answer at all (network error) is 'Error loading influencer data'. */
function loadFailure(err: unknown): { toast: string; message: string } {
  const answered = !(err instanceof ApiError && err.network)
  const text = answered ? PROFILE_FAILED_MESSAGE : PROFILE_ERROR_MESSAGE
  const missing = err instanceof ApiError && err.status === 404
  return { toast: text, message: missing ? 'This profile does not exist or has been removed.' : text }
}

function ProfileSkeleton() {
  return (
    <LoadingRegion label="Loading influencer profile" className="space-y-6">
      <Skeleton className="h-56 w-full rounded-3xl" />
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-48 w-full rounded-3xl" />
    </LoadingRegion>
  )
}

function Header({ onBack, invite }: { onBack: () => void; invite?: { id: number; name: string } }) {
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3">
      <Button variant="secondary" size="sm" onClick={onBack} className="whitespace-nowrap">
        <BackIcon />
        Back to Directory
      </Button>
      <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">Influencer Profile</h1>
      {invite && <InviteToCampaign marketerId={invite.id} name={invite.name} className="sm:ml-auto" />}
    </div>
  )
}

export default function MarketerProfilePage() {
  const { id } = useParams()
  const navigate = useNavigate()
  const back = () => navigate('/influencer')
  const marketerId = Number(id)
  const valid = Number.isSafeInteger(marketerId) && marketerId > 0
  // One attempt, one toast: the failure's words are the spec's, not the server's message.
  const load = useQuery({
    queryKey: ['influencer-profile', marketerId],
    queryFn: () =>
      getMarketerProfile(marketerId).catch((err: unknown) => {
        toast.error(loadFailure(err).toast)
        throw err
      }),
    enabled: valid,
    retry: false,
  })
  useDocumentTitle(load.data ? load.data.marketer.MarketerName : null)
  const error = !valid ? 'This profile does not exist.' : load.isError ? loadFailure(load.error).message : null

  return (
    <PageContainer className="max-w-5xl">
      {error !== null ? (
        <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
          <h1 className="text-2xl font-bold text-slate-900">Influencer Not Found</h1>
          <p className="mt-2 text-slate-600">{error}</p>
          <Button className="mt-6" onClick={back}>
            <BackIcon />
            Back to Directory
          </Button>
        </div>
      ) : (
        <>
          <Header onBack={back} invite={load.data ? { id: load.data.marketer.MarketerID, name: load.data.marketer.MarketerName } : undefined} />
          {load.data ? <MarketerProfileView profile={load.data} /> : <ProfileSkeleton />}
        </>
      )}
    </PageContainer>
  )
}
