import { forgotPasswordSchema } from '@contract/password-reset'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useParams } from 'react-router'
import { forgotPassword } from '../../api/password-reset'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { AuthLayout } from '../auth/AuthLayout'
import NotFoundPage from '../not-found/NotFoundPage'
import { parseResetRole, roleLabel, signInPath } from './roles'

export default function ForgotPasswordPage() {
  const role = parseResetRole(useParams().role)
  const [email, setEmail] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useFieldErrors(schemaIssues(forgotPasswordSchema), { Email: email })
  const send = useMutation({
    mutationFn: (Email: string) => forgotPassword(role ?? 'vendor', { Email }),
    onSuccess: (res, Email) => {
      toast.success(res.message)
      setSentTo(Email)
    },
  })
  if (!role) return <NotFoundPage />

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = forgotPasswordSchema.safeParse({ Email: email })
    if (form.check() && parsed.success) send.mutate(parsed.data.Email)
  }

  return (
    <AuthLayout title="Forgot your password?" subtitle={`Enter the email of your ${roleLabel(role)} account and we will mail you a link to choose a new one.`}>
      {sentTo ? (
        <div role="status" className="space-y-3 rounded-2xl bg-brand-50 p-4 text-sm text-slate-700">
          <p className="font-semibold text-slate-900">Check your inbox</p>
          <p>If an account uses {sentTo}, a link is on its way. It works once, for 30 minutes.</p>
          <button type="button" className="font-semibold text-brand-700 underline-offset-2 hover:underline" onClick={() => setSentTo(null)}>
            Use another email
          </button>
        </div>
      ) : (
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
          <Button type="submit" size="lg" className="w-full" busy={send.isPending}>
            Send reset link
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link to={signInPath(role)} className="font-semibold text-brand-700">
          Back to sign in
        </Link>
      </p>
    </AuthLayout>
  )
}
