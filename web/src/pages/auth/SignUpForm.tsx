import { useMutation } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import type * as core from 'zod/v4/core'
import { EMAIL_TAKEN_MESSAGE } from '@contract/auth'
import type { Envelope } from '@contract/envelope'
import { NAME_MAX, PASSWORD_MAX } from '@contract/fields'
import { ApiError } from '../../api/client'
import { Button } from '../../components/Button'
import { PasswordField } from '../../components/Field'
import { schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { ContactFields } from '../dashboard-shared/ProfileFields'
import { LegalNotice } from './AuthLayout'
import { type SignInRole, signIn } from './signIn'

type SignUpValues<N extends string> = Record<N | 'MobileNumber' | 'Email' | 'Password', string>

/**
 * The one sign-up form of both sign-up pages: name, mobile, email and password, checked with the
 * contract's schema (first message as a toast, every field with a problem marked), then the
 * registration and an automatic sign-in with the same email and password. What differs per role
 * (the name's field and words, a note, links to the other pages) comes in as props.
 */
export function SignUpForm<N extends string>({
  account: role,
  nameKey,
  schema,
  register,
  nameLabel,
  emailLabel,
  note,
  links,
  legalAction,
}: {
  /** Who signs up (not `role`, which JSX reads as the ARIA attribute). */
  account: SignInRole
  nameKey: N
  schema: core.$ZodType<unknown, SignUpValues<N>>
  register: (input: SignUpValues<N>) => Promise<Envelope<unknown>>
  nameLabel: string
  emailLabel: string
  /** Above the button (what the influencer can add after signing up). */
  note?: ReactNode
  /** Below 'Already have an account? Log In'. */
  links?: ReactNode
  legalAction: string
}) {
  const [values, setValues] = useState(() => ({ [nameKey]: '', MobileNumber: '', Email: '', Password: '' }) as SignUpValues<N>)
  const set = (key: keyof SignUpValues<N>, value: string) => setValues((v) => ({ ...v, [key]: value }))
  const form = useFieldErrors(schemaIssues(schema), values, { messageFields: { [EMAIL_TAKEN_MESSAGE]: 'Email' } })
  const registration = useRegistration(role, register, form.serverError)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (form.check()) registration.mutate(values)
  }

  return (
    <>
      <form noValidate onSubmit={submit} className="space-y-4">
        <ContactFields
          keys={{ name: nameKey, mobile: 'MobileNumber', email: 'Email' }}
          binding={{ values, onValue: set, field: form.field }}
          nameLabel={nameLabel}
          emailLabel={emailLabel}
          nameAutoComplete={role === 'vendor' ? 'organization' : 'name'}
          nameMaxLength={NAME_MAX}
          named
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          value={values.Password}
          onChange={(e) => set('Password', e.target.value)}
          {...form.field('Password')}
        />
        {note}
        <Button type="submit" size="lg" className="w-full" busy={registration.isPending}>
          Sign Up
        </Button>
      </form>
      <div className="mt-6 space-y-2 text-center text-sm text-slate-600">
        <p>
          Already have an account?{' '}
          <Link to={`/signin?role=${role}`} className="font-semibold text-brand-700">
            Log In
          </Link>
        </p>
        {links}
      </div>
      <LegalNotice action={legalAction} />
    </>
  )
}

/** Register, toast the server's welcome, sign in with the same credentials, and go where the role starts. */
function useRegistration<V extends { Email: string; Password: string }>(
  role: SignInRole,
  register: (input: V) => Promise<Envelope<unknown>>,
  onError: (err: unknown) => void,
) {
  const navigate = useNavigate()
  return useMutation({
    mutationFn: async (values: V) => {
      const res = await register(values)
      if (res.statusCode !== 1) throw new ApiError(res.message)
      toast.success(res.message)
      return signIn(role, { Email: values.Email, Password: values.Password })
    },
    onSuccess: ({ next }) => navigate(next),
    onError,
  })
}
