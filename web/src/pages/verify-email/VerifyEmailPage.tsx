import { VERIFY_MESSAGES, VERIFY_PAGE_ROLES, VERIFY_TOKEN_PATTERN, type VerifyPageRole } from '@contract/email-verification'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useParams } from 'react-router'
import { errorMessage } from '../../api/client'
import { resendVerification, verifyEmail } from '../../api/email-verification'
import { Button, ButtonLink } from '../../components/Button'
import { useSession } from '../../lib/session'
import { toast } from '../../lib/toast'
import { AuthLayout } from '../auth/AuthLayout'
import NotFoundPage from '../not-found/NotFoundPage'

const parseRole = (value: string | undefined): VerifyPageRole | null => (value && value in VERIFY_PAGE_ROLES ? (value as VerifyPageRole) : null)

/** Read once and taken out of the address bar, as the reset page does with its token. */
function useLinkToken(): string {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '')
  useEffect(() => {
    if (token) window.history.replaceState(window.history.state, '', window.location.pathname)
  }, [token])
  return token
}

/** /verify-email/vendor and /verify-email/influencer?token=…: the link mailed at sign-up and by Resend. */
export default function VerifyEmailPage() {
  const role = parseRole(useParams().role)
  const token = useLinkToken()
  const session = useSession()
  const queryClient = useQueryClient()
  const apiRole = role ? VERIFY_PAGE_ROLES[role] : 'vendor'
  const verify = useMutation({
    mutationFn: () => verifyEmail(apiRole, { Token: token }),
    // The page shows the failure itself, with what to do next.
    meta: { ownErrorToast: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [apiRole] }),
  })
  const resend = useMutation({ mutationFn: () => resendVerification(apiRole), onSuccess: (res) => toast.success(res.message) })
  // Posted once per page load, even where React runs effects twice.
  const sent = useRef(false)
  const wellFormed = VERIFY_TOKEN_PATTERN.test(token)
  useEffect(() => {
    if (!role || !wellFormed || sent.current) return
    sent.current = true
    verify.mutate()
  }, [role, wellFormed, verify])
  if (!role) return <NotFoundPage />

  const signedInHere = role === 'vendor' ? session.vendor !== null : session.marketer !== null
  const dashboard = role === 'vendor' ? '/vendor' : '/marketer'
  const signIn = `/signin?role=${role}`

  if (verify.isSuccess) {
    return (
      <AuthLayout title="Email address verified" subtitle={verify.data.message}>
        <ButtonLink to={signedInHere ? dashboard : signIn} size="lg" className="w-full">
          {signedInHere ? 'Go to your dashboard' : 'Sign in'}
        </ButtonLink>
      </AuthLayout>
    )
  }
  if (wellFormed && !verify.isError) {
    return (
      <AuthLayout title="Verifying your email address…">
        <p role="status" className="flex items-center gap-3 text-sm text-slate-600">
          <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" />
          One moment.
        </p>
      </AuthLayout>
    )
  }
  const message = verify.isError ? errorMessage(verify.error) : VERIFY_MESSAGES.linkInvalid
  return (
    <AuthLayout title="This link no longer works" subtitle={message}>
      {signedInHere ? (
        <div className="space-y-3">
          <Button size="lg" className="w-full" busy={resend.isPending} onClick={() => resend.mutate()}>
            Send me a new link
          </Button>
          <ButtonLink to={dashboard} variant="secondary" size="lg" className="w-full">
            Go to your dashboard
          </ButtonLink>
        </div>
      ) : (
        <ButtonLink to={signIn} size="lg" className="w-full">
          Sign in to ask for a new link
        </ButtonLink>
      )}
    </AuthLayout>
  )
}
