import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { safeParse } from 'zod/mini'
import type * as core from 'zod/v4/core'
import { firstMessage } from '@contract/fields'
import type { Envelope } from '@contract/envelope'
import { errorMessage } from '../../api/client'
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
  const [busy, setBusy] = useState(false)

  const submit = async (e: FormEvent, values: core.input<S>) => {
    e.preventDefault()
    const parsed = safeParse(schema, values)
    if (!parsed.success) return void toast.error(firstMessage(parsed.error))
    setBusy(true)
    try {
      const res = await register(values)
      if (res.statusCode !== 1) return void toast.error(res.message)
      toast.success(res.message)
      const { next } = await signIn(role, { Email: values.Email, Password: values.Password })
      navigate(next)
    } catch (err) {
      toast.error(errorMessage(err))
    } finally {
      setBusy(false)
    }
  }

  return { busy, submit }
}
