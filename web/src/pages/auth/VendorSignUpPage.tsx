import { useState } from 'react'
import { Link } from 'react-router'
import { vendorRegisterSchema } from '@contract/auth'
import { NAME_MAX, PASSWORD_MAX } from '@contract/fields'
import { registerVendor } from '../../api/auth'
import { Button } from '../../components/Button'
import { MobileField, PasswordField, TextField } from '../../components/Field'
import { AuthLayout, LegalNotice } from './AuthLayout'
import { useRegistration } from './useRegistration'

export default function VendorSignUpPage() {
  const [values, setValues] = useState({ VendorName: '', MobileNumber: '', Email: '', Password: '' })
  const { busy, submit, field } = useRegistration('vendor', vendorRegisterSchema, registerVendor, values)
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }))

  return (
    <AuthLayout title="Join as a Vendor" subtitle="List your products and let India's creators sell them for you.">
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label="Name"
          name="name"
          autoComplete="organization"
          maxLength={NAME_MAX}
          value={values.VendorName}
          onChange={(e) => set('VendorName')(e.target.value)}
          {...field('VendorName')}
        />
        <MobileField label="Mobile" name="mobile" value={values.MobileNumber} onValue={set('MobileNumber')} {...field('MobileNumber')} />
        <TextField
          label="Email"
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
        <Button type="submit" size="lg" className="w-full" busy={busy}>
          Sign Up
        </Button>
      </form>
      <div className="mt-6 space-y-2 text-center text-sm text-slate-600">
        <p>
          Already have an account?{' '}
          <Link to="/signin?role=vendor" className="font-semibold text-brand-700">
            Log In
          </Link>
        </p>
        <p>
          <Link to="/signup/influencer" className="font-semibold text-brand-700">
            Would you like to join as a Influencer?
          </Link>
        </p>
      </div>
      <LegalNotice action="signing up" />
    </AuthLayout>
  )
}
