import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { loginSchema } from '@contract/auth'
import { Link, Navigate, useNavigate } from 'react-router'
import { Button } from '../../components/Button'
import { Logo } from '../../components/Logo'
import { TextField } from '../../components/Field'
import { schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { useDocumentTitle } from '../../lib/useDocumentTitle'
import { adminApi } from './adminApi'
import { saveAdminSession, useAdminSession } from './adminSession'
import { Card } from '../../components/Card'

/** /admin/signin: the operators' own sign-in (same rules as everyone's: 24 h, failed-login limit). */
export default function AdminSignInPage() {
  useDocumentTitle('Admin sign in')
  const session = useAdminSession()
  const navigate = useNavigate()
  const [values, setValues] = useState({ Email: '', Password: '' })
  // The API's own login rules, so a blank or malformed email is marked before it is sent.
  const form = useFieldErrors(schemaIssues(loginSchema), values)
  const signIn = useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => adminApi.login(email, password),
    onSuccess: (data) => {
      saveAdminSession(data)
      toast.success('Signed in to the back office')
      void navigate('/admin', { replace: true })
    },
  })
  if (session) return <Navigate to="/admin" replace />

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (form.check()) signIn.mutate({ email: values.Email, password: values.Password })
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10">
      <Card as="form" onSubmit={submit} noValidate padding="none" round="3xl" className="w-full max-w-sm p-6">
        <Logo />
        <h1 className="mt-6 text-2xl font-bold text-slate-900">Back office</h1>
        <p className="mt-1 text-sm text-slate-600">For Collabkart operators only.</p>
        <div className="mt-6 space-y-4">
          <TextField
            label="Email"
            name="Email"
            type="email"
            autoComplete="username"
            required
            value={values.Email}
            onChange={(e) => setValues((v) => ({ ...v, Email: e.target.value }))}
            {...form.field('Email')}
          />
          <TextField
            label="Password"
            name="Password"
            type="password"
            autoComplete="current-password"
            required
            value={values.Password}
            onChange={(e) => setValues((v) => ({ ...v, Password: e.target.value }))}
            {...form.field('Password')}
          />
        </div>
        <p className="mt-3 text-right text-sm">
          <Link to="/forgot-password/admin" className="font-semibold text-brand-700">
            Forgot password?
          </Link>
        </p>
        <Button type="submit" busy={signIn.isPending} className="mt-6 w-full">
          Sign in
        </Button>
      </Card>
    </main>
  )
}
