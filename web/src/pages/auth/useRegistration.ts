import { useMutation } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { safeParse } from 'zod/mini'
import type * as core from 'zod/v4/core'
import { firstMessage } from '@contract/fields'
import type { Envelope } from '@contract/envelope'
import { ApiError } from '../../api/client'
import { toast } from '../../lib/toast'
import { type SignInRole, signIn } from './signIn'

type Credentials = { Email: string; Password: string }

/**
 * The shared registration flow: validate with the contract schema (first message as a toast),
 * register, then sign in automatically with the same email and password.
 */
export function useRegistration<S extends core.$ZodType<unknown, Credentials>>(
  role: SignInRole,
  schema: S,
  register: (input: core.input<S>) => Promise<Envelope<unknown>>,
) {
  const navigate = useNavigate()
  const registration = useMutation({
    mutationFn: async (values: core.input<S>) => {
      const res = await register(values)
      if (res.statusCode !== 1) throw new ApiError(res.message)
      toast.success(res.message)
      return signIn(role, { Email: values.Email, Password: values.Password })
    },
    onSuccess: ({ next }) => navigate(next),
  })

  const submit = (e: FormEvent, values: core.input<S>) => {
    e.preventDefault()
    const parsed = safeParse(schema, values)
    if (!parsed.success) return void toast.error(firstMessage(parsed.error))
    registration.mutate(values)
  }

  return { busy: registration.isPending, submit }
}
