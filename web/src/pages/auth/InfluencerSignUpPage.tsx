import { useState } from 'react'
import { Link } from 'react-router'
import { marketerRegisterSchema } from '@contract/auth'
import { NAME_MAX, PASSWORD_MAX } from '@contract/fields'
import { registerMarketer } from '../../api/auth'
import { Button } from '../../components/Button'
import { MobileField, PasswordField, TextField } from '../../components/Field'
import { AuthLayout, LegalNotice } from './AuthLayout'
import { useRegistration } from './useRegistration'

const PLATFORMS = 'Instagram, YouTube, LinkedIn, Twitter, TikTok, Facebook, Pinterest'

export default function MarketerSignUpPage() {
  const [values, setValues] = useState({ MarketerName: '', MobileNumber: '', Email: '', Password: '' })
  const { busy, submit, field } = useRegistration('influencer', marketerRegisterSchema, registerMarketer, values)
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }))

  return (
    <AuthLayout headline="Join Our Influencer Network" title="Create Account">
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label="Full Name"
          name="name"
          autoComplete="name"
          maxLength={NAME_MAX}
          value={values.MarketerName}
          onChange={(e) => set('MarketerName')(e.target.value)}
          {...field('MarketerName')}
        />
        <MobileField label="Mobile" name="mobile" value={values.MobileNumber} onValue={set('MobileNumber')} {...field('MobileNumber')} />
        <TextField
          label="Email Address"
          type="email"
          name="email"
          autoComplete="email"
          value={values.Email}
          onChange={(e) => set('Email')(e.target.value)}
          {...field('Email')}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          value={values.Password}
          onChange={(e) => set('Password')(e.target.value)}
          {...field('Password')}
        />
        <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">You can add your social profiles ({PLATFORMS}) after registration.</p>
        <Button type="submit" size="lg" className="w-full" busy={busy}>
          Sign Up
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to="/signin?role=influencer" className="font-semibold text-brand-700">
          Log In
        </Link>
      </p>
      <LegalNotice action="creating an account" />
    </AuthLayout>
  )
}
