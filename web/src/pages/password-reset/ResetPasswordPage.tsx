import { PASSWORD_MAX } from '@contract/fields'
import { RESET_MESSAGES, RESET_TOKEN_PATTERN, resetPasswordSchema } from '@contract/password-reset'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { errorMessage } from '../../api/client'
import { resetPassword } from '../../api/password-reset'
import { Button } from '../../components/Button'
import { PasswordField } from '../../components/Field'
import { type FieldIssue, schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { AuthLayout } from '../auth/AuthLayout'
import NotFoundPage from '../not-found/NotFoundPage'
import { parseResetRole, signInPath } from './roles'

/**
 * The link's token is read once and taken out of the address bar, so it is not left in history or
 * sent on as a referrer (the page is also served with Referrer-Policy: no-referrer).
 */
function useLinkToken(): string {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '')
  // After the first commit, not while rendering: a render React throws away (a suspended one)
  // would otherwise take the token with it.
  useEffect(() => {
    if (token) window.history.replaceState(window.history.state, '', window.location.pathname)
  }, [token])
  return token
}

const passwordIssues = schemaIssues(resetPasswordSchema)
// The schema's rules on the new password, then the second copy: the same, or its own message.
const resetIssues = (v: { Token: string; Password: string; again: string }): readonly FieldIssue[] => {
  const issues = passwordIssues({ Token: v.Token, Password: v.Password })
  if (issues.length > 0 || v.Password === v.again) return issues
  return [{ path: ['again'], message: RESET_MESSAGES.passwordsDiffer }]
}

export default function ResetPasswordPage() {
  const role = parseResetRole(useParams().role)
  const token = useLinkToken()
  const navigate = useNavigate()
  const [password, setPassword] = useState('')
  const [again, setAgain] = useState('')
  const [failed, setFailed] = useState(!RESET_TOKEN_PATTERN.test(token))
  const form = useFieldErrors(resetIssues, { Token: token, Password: password, again })
  const save = useMutation({
    mutationFn: (Password: string) => resetPassword(role ?? 'vendor', { Token: token, Password }),
    onSuccess: (res) => {
      toast.success(res.message)
      navigate(signInPath(role ?? 'vendor'))
    },
    // The query client's mutation cache toasts the message; a dead link also hides the form.
    onError: (err) => {
      if (errorMessage(err) === RESET_MESSAGES.linkInvalid) setFailed(true)
    },
  })
  if (!role) return <NotFoundPage />

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = resetPasswordSchema.safeParse({ Token: token, Password: password })
    if (form.check() && parsed.success) save.mutate(parsed.data.Password)
  }

  if (failed) {
    return (
      <AuthLayout title="This link no longer works" subtitle={RESET_MESSAGES.linkInvalid}>
        <Link
          to={`/forgot-password/${role}`}
          className="inline-flex w-full items-center justify-center rounded-xl bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700"
        >
          Ask for a new link
        </Link>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout title="Choose a new password" subtitle="After this, every device signed in to your account is signed out.">
      <form noValidate onSubmit={submit} className="space-y-4">
        <PasswordField
          label="New password"
          name="new-password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          {...form.field('Password')}
          hint="6 to 30 characters"
        />
        <PasswordField
          label="New password again"
          name="new-password-again"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          value={again}
          onChange={(e) => setAgain(e.target.value)}
          {...form.field('again')}
        />
        <Button type="submit" size="lg" className="w-full" busy={save.isPending}>
          Save new password
        </Button>
      </form>
    </AuthLayout>
  )
}
