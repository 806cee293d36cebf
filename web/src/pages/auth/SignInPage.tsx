import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { SUPPORT_EMAIL, SUSPENDED_MESSAGE } from '@contract/admin'
import { loginSchema, ROLE_REQUIRED_MESSAGE } from '@contract/auth'
import { errorMessage } from '../../api/client'
import { Button } from '../../components/Button'
import { PasswordField, TextField } from '../../components/Field'
import { PASSWORD_MAX } from '@contract/fields'
import { schemaIssues } from '../../lib/fieldErrors'
import { formErrors, toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { AuthLayout, LegalNotice } from './AuthLayout'
import { parseRole, type SignInRole, signIn } from './signIn'

const ROLE_CARDS: { role: SignInRole; title: string; text: string }[] = [
  { role: 'vendor', title: 'Are You Vendor', text: 'List products, track leads and grow sales through creators.' },
  { role: 'influencer', title: 'Are You Influencer', text: 'Share affiliate links and earn commission on every lead.' },
]

export default function SignInPage() {
  const [params, setParams] = useSearchParams()
  const role = parseRole(params.get('role'))
  const navigate = useNavigate()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [errors] = useState(formErrors)
  const form = useFieldErrors(schemaIssues(loginSchema), { Email: email, Password: password }, { report: (message) => errors.error(message) })
  // Sent here by a suspended session (?suspended=1), or told so by the sign-in itself.
  const [suspended, setSuspended] = useState(params.get('suspended') !== null)

  const chooseRole = (next: SignInRole | null) => setParams(next ? { role: next } : {}, { replace: true })

  const login = useMutation({
    mutationFn: (input: { role: SignInRole; email: string; password: string }) => signIn(input.role, { Email: input.email, Password: input.password }),
    // The failure is a form error (cleared by the next submit), not the app's one-off toast.
    meta: { ownErrorToast: true },
    onSuccess: ({ message, next }) => {
      toast.success(message)
      navigate(next)
    },
    onError: (err) => {
      const message = errorMessage(err)
      if (message === SUSPENDED_MESSAGE) setSuspended(true)
      errors.error(message)
    },
  })

  const submit = (e: FormEvent) => {
    e.preventDefault()
    errors.clear()
    if (!role) return errors.error(ROLE_REQUIRED_MESSAGE)
    if (form.check()) login.mutate({ role, email, password })
  }

  const notice = suspended && <SuspendedNotice />

  if (!role) {
    return (
      <AuthLayout title="Welcome back" subtitle="Choose how you use Collabkart to sign in.">
        {notice}
        <div className="grid gap-3">
          {ROLE_CARDS.map((card) => (
            <button
              key={card.role}
              type="button"
              onClick={() => chooseRole(card.role)}
              className="group rounded-2xl border border-slate-200 p-4 text-left transition hover:border-brand-400 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <span className="block font-semibold text-slate-900 group-hover:text-brand-700">{card.title}</span>
              <span className="mt-1 block text-sm text-slate-600">{card.text}</span>
            </button>
          ))}
        </div>
        {/* No role chosen yet, so both sign-up forms are offered. */}
        <div className="mt-6 text-center text-sm text-slate-600">
          <p>New to Collabkart?</p>
          <p className="mt-1 flex flex-wrap justify-center gap-x-4 gap-y-1">
            <Link to="/signup/vender" className="font-semibold text-brand-700">
              Sign Up as a Vendor
            </Link>
            <Link to="/signup/influencer" className="font-semibold text-brand-700">
              Sign Up as an Influencer
            </Link>
          </p>
        </div>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout
      title={role === 'vendor' ? 'Vendor Log In' : 'Influencer Log In'}
      subtitle={
        <button type="button" onClick={() => chooseRole(null)} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Not a {role === 'vendor' ? 'vendor' : 'influencer'}? Change
        </button>
      }
    >
      {notice}
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          {...form.field('Email')}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          {...form.field('Password')}
        />
        <p className="text-right text-sm">
          <Link to={`/forgot-password/${role}`} className="font-semibold text-brand-700">
            Forgot password?
          </Link>
        </p>
        <Button type="submit" size="lg" className="w-full" busy={login.isPending}>
          Log In
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Don&apos;t have an account?{' '}
        <Link to={role === 'vendor' ? '/signup/vender' : '/signup/influencer'} className="font-semibold text-brand-700">
          Sign Up
        </Link>
      </p>
      <LegalNotice action="logging in" />
    </AuthLayout>
  )
}

/** A suspended account is told why it cannot sign in, and where to write. */
function SuspendedNotice() {
  return (
    <div role="alert" data-suspended-notice className="mb-5 rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-900">
      <p className="font-semibold">This account is suspended.</p>
      <p className="mt-1">
        To ask why or to appeal, write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-rose-800 underline">
          {SUPPORT_EMAIL}
        </a>{' '}
        from the email address of the account.
      </p>
    </div>
  )
}
