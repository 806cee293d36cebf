import { Link } from 'react-router'
import { vendorRegisterSchema } from '@contract/auth'
import { registerVendor } from '../../api/auth'
import { AuthLayout } from './AuthLayout'
import { SignUpForm } from './SignUpForm'

export default function VendorSignUpPage() {
  return (
    <AuthLayout title="Join as a Vendor" subtitle="List your products and let India's creators sell them for you.">
      <SignUpForm
        account="vendor"
        nameKey="VendorName"
        schema={vendorRegisterSchema}
        register={registerVendor}
        nameLabel="Name"
        emailLabel="Email"
        links={
          <p>
            <Link to="/signup/influencer" className="font-semibold text-brand-700">
              Would you like to join as a Influencer?
            </Link>
          </p>
        }
        legalAction="signing up"
      />
    </AuthLayout>
  )
}
