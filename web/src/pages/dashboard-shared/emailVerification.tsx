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

/** Where the gated money forms say why they wait. */
export function VerifyFirstNote({ message }: { message: string }) {
  return (
    <p role="note" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-verify-first>
      {message}. Use Resend at the top of the dashboard if the link did not arrive.
    </p>
  )
}

/** The dashboards' banner while the address is not verified: what it holds back, and Resend. */
export function VerifyEmailBanner({ account: role }: { account: Role }) {
  const verified = useEmailVerified(role)
  const session = useSession()
  const queryClient = useQueryClient()
  const email = role === 'vendor' ? session.vendor?.Email : session.marketer?.Email
  const resend = useMutation({
    mutationFn: () => resendVerification(role),
    onSuccess: (res) => {
      toast.success(res.message)
      // Verified meanwhile (the link opened in another tab): the banner goes.
      if (res.data?.emailVerified) void queryClient.invalidateQueries({ queryKey: [role] })
    },
  })
  if (verified !== false) return null
  return (
    <section
      aria-label="Email verification"
      className="mb-4 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
      data-verify-banner
    >
      <p className="wrap-anywhere">
        <span className="font-semibold">{VERIFY_MESSAGES.banner}</span> {email && <span>We sent it to {email}. </span>}
        {role === 'vendor' ? VERIFY_MESSAGES.bannerMoneyVendor : VERIFY_MESSAGES.bannerMoneyInfluencer}
      </p>
      <Button variant="secondary" size="sm" className="shrink-0 self-start sm:self-auto" busy={resend.isPending} onClick={() => resend.mutate()}>
        Resend
      </Button>
    </section>
  )
}
