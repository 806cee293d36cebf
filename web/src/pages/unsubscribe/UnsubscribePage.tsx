import { NOTIFICATION_KIND_LABELS, NOTIFICATION_MESSAGES } from '@contract/notifications'
import { useMutation } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { ApiError, errorMessage } from '../../api/client'
import { unsubscribe } from '../../api/notifications'
import { Button } from '../../components/Button'
import { useSession } from '../../lib/session'
import { useDocumentTitle } from '../../lib/useDocumentTitle'
import { kindNamedIn } from '../dashboard-shared/notificationRules'
import { Card } from '../../components/Card'

/** Where preferences live: the signed-in dashboard's profile, or sign-in first. */
function useProfilePath() {
  const session = useSession()
  if (session.vendor) return '/vendor?tab=profile'
  if (session.marketer) return '/marketer?tab=profile'
  return '/signin'
}

/**
 * /unsubscribe?token=..., no sign-in. Nothing happens on load: mail scanners open every
 * link in a message, and one that unsubscribed on a GET would turn mails off nobody asked to stop.
 * The press posts the same one-click call a mail client makes (RFC 8058).
 */
export default function UnsubscribePage() {
  useDocumentTitle('Unsubscribe')
  const token = useSearchParams()[0].get('token') ?? ''
  const profilePath = useProfilePath()
  const named = kindNamedIn(token)
  const run = useMutation({ mutationFn: () => unsubscribe(token), meta: { ownErrorToast: true } })

  // The server refusing the token (400: unknown, tampered, or naming a kind that cannot be turned
  // off) shows its words; anything else (offline, too many tries, a fault) says what happened and
  // keeps the button for another try.
  const refused = !token || (run.error instanceof ApiError && (run.error.status === 400 || run.error.status === 404))
  const invalidText = token && run.error ? errorMessage(run.error) : NOTIFICATION_MESSAGES.unsubscribeInvalid

  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:px-6 md:py-16">
      <Card as="section" padding="xl" round="3xl" aria-live="polite">
        {run.isSuccess ? (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">You are unsubscribed</h1>
            <p className="mt-3 text-slate-700">{run.data.message || NOTIFICATION_MESSAGES.unsubscribed}</p>
            {run.data.data && (
              <p className="mt-2 text-sm text-slate-600">
                Turned off: <span className="font-semibold text-slate-900">{NOTIFICATION_KIND_LABELS[run.data.data.kind] ?? run.data.data.kind}</span>
              </p>
            )}
            <ProfilePointer to={profilePath} text="Changed your mind? Turn it back on in your profile's Notifications section." />
          </>
        ) : refused ? (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">This link does not work</h1>
            <p role="alert" className="mt-3 text-slate-700">
              {invalidText}
            </p>
            <ProfilePointer to={profilePath} text="Your profile's Notifications section turns each kind of email on or off." />
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">Unsubscribe from these emails?</h1>
            {named && (
              <p className="mt-3 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
                Emails to turn off: <span className="font-semibold text-slate-900">{NOTIFICATION_KIND_LABELS[named]}</span>
              </p>
            )}
            <p className="mt-3 text-slate-700">
              This turns off {named ? 'these emails' : 'the kind of email this link came in'}, and only {named ? 'them' : 'that kind'}. Security and money
              emails are always sent, and the bell on your dashboard keeps showing every notification.
            </p>
            {run.isError && (
              <p role="alert" className="mt-3 text-sm text-rose-700">
                {errorMessage(run.error)}
              </p>
            )}
            <Button size="lg" className="mt-6 w-full" busy={run.isPending} onClick={() => run.mutate()}>
              Unsubscribe
            </Button>
            <ProfilePointer to={profilePath} text="Or choose each kind of email in your profile's Notifications section." />
          </>
        )}
      </Card>
    </div>
  )
}

function ProfilePointer({ to, text }: { to: string; text: string }) {
  return (
    <p className="mt-6 border-t border-slate-100 pt-4 text-sm text-slate-600">
      {text}{' '}
      <Link to={to} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
        Go to your profile
      </Link>
    </p>
  )
}
