import { useMutation } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import { useNavigate } from 'react-router'
import type * as core from 'zod/v4/core'
import { EMAIL_TAKEN_MESSAGE } from '@contract/auth'
import type { Envelope } from '@contract/envelope'
import { ApiError } from '../../api/client'
import { schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { type SignInRole, signIn } from './signIn'

type Credentials = { Email: string; Password: string }

/**
 * The shared registration flow: validate with the contract schema (first message as a toast, every
 * field with a problem marked), register, then sign in automatically with the same email and password.
 */
export function useRegistration<S extends core.$ZodType<unknown, Credentials>>(
  role: SignInRole,
  schema: S,
  register: (input: core.input<S>) => Promise<Envelope<unknown>>,
  values: core.input<S>,
) {
  const form = useFieldErrors(schemaIssues(schema), values, { messageFields: { [EMAIL_TAKEN_MESSAGE]: 'Email' } })
  const navigate = useNavigate()
  const registration = useMutation({
    mutationFn: async (values: core.input<S>) => {
      const res = await register(values)
      if (res.statusCode !== 1) throw new ApiError(res.message)
      toast.success(res.message)
      return signIn(role, { Email: values.Email, Password: values.Password })
    },
    onSuccess: ({ next }) => navigate(next),
    onError: form.serverError,
  })

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (form.check()) registration.mutate(values)
  }

  return { busy: registration.isPending, submit, field: form.field }
}
