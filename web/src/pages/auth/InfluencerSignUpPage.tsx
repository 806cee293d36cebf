import { marketerRegisterSchema } from '@contract/auth'
import { registerMarketer } from '../../api/auth'
import { AuthLayout } from './AuthLayout'
import { SignUpForm } from './SignUpForm'

const PLATFORMS = 'Instagram, YouTube, LinkedIn, Twitter, TikTok, Facebook, Pinterest'

export default function MarketerSignUpPage() {
  return (
    <AuthLayout headline="Join Our Influencer Network" title="Create Account">
      <SignUpForm
        account="influencer"
        nameKey="MarketerName"
        schema={marketerRegisterSchema}
        register={registerMarketer}
        nameLabel="Full Name"
        emailLabel="Email Address"
        note={<p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">You can add your social profiles ({PLATFORMS}) after registration.</p>}
        legalAction="creating an account"
      />
    </AuthLayout>
  )
}
