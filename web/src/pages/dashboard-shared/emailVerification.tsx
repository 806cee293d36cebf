import { VERIFY_MESSAGES } from '@contract/email-verification'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { resendVerification } from '../../api/email-verification'
import { getMarketer } from '../../api/marketers'
import { getVendor } from '../../api/vendor'
import { Button } from '../../components/Button'
import { useSession } from '../../lib/session'
import { toast } from '../../lib/toast'

type Role = 'vendor' | 'marketer'

/** The dashboards' own profile queries: the same keys, so this reads what the page already loaded. */
const profileKey = (role: Role, id: number) => [role, id, 'profile'] as const

/**
 * Whether the signed-in account's address is verified, from the server's profile (the copy stored
 * at sign-in may be older than a link opened since). Undefined while it loads.
 */
export function useEmailVerified(role: Role): boolean | undefined {
  const session = useSession()
  const id = (role === 'vendor' ? session.vendor?.VendorID : session.marketer?.MarketerID) ?? 0
  const profile = useQuery({
    queryKey: profileKey(role, id),
    queryFn: (): Promise<{ emailVerified: boolean }> => (role === 'vendor' ? getVendor(id) : getMarketer(id)),
    enabled: id > 0,
  })
  return profile.data?.emailVerified
}

/** Mails a new verification link; a link opened meanwhile (another tab) refreshes what is gated. */
function useResendVerification(role: Role) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => resendVerification(role),
    onSuccess: (res) => {
      toast.success(res.message)
      if (res.data?.emailVerified) void queryClient.invalidateQueries({ queryKey: [role] })
    },
  })
}

/**
 * Where the gated money forms say why they wait, in the server's words, with Resend right there:
 * in a dialog the banner's Resend is out of reach behind it.
 */
export function VerifyFirstNote({ account: role, message, className = '' }: { account: Role; message: string; className?: string }) {
  const resend = useResendVerification(role)
  return (
    <div
      role="note"
      className={`flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between ${className}`}
      data-verify-first
    >
      <p className="wrap-anywhere">
        <span className="font-semibold">{message}.</span> Open the link we mailed you, or ask for a new one.
      </p>
      <Button variant="secondary" size="sm" className="shrink-0 self-start sm:self-auto" busy={resend.isPending} onClick={() => resend.mutate()}>
        Resend
      </Button>
    </div>
  )
}

/** The dashboards' banner while the address is not verified: what it holds back, and Resend. */
export function VerifyEmailBanner({ account: role }: { account: Role }) {
  const verified = useEmailVerified(role)
  const session = useSession()
  const resend = useResendVerification(role)
  const email = role === 'vendor' ? session.vendor?.Email : session.marketer?.Email
  if (verified !== false) return null
  return (
    <section
      aria-label="Email verification"
      className="mb-4 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
      data-verify-banner
    >
      <p className="wrap-anywhere">
        <span className="font-semibold">{VERIFY_MESSAGES.banner}</span> {email && <span>We sent it to {email}. </span>}
        {role === 'vendor' ? VERIFY_MESSAGES.bannerMoneyVendor : VERIFY_MESSAGES.bannerMoneyMarketer}
      </p>
      <Button variant="secondary" size="sm" className="shrink-0 self-start sm:self-auto" busy={resend.isPending} onClick={() => resend.mutate()}>
        Resend
      </Button>
    </section>
  )
}
