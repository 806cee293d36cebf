import { PageContainer, PageHeader } from '../../components/PageHeader'

export default function SocialSetupPage() {
  return (
    <PageContainer>
      <PageHeader title="Complete Your Profile" />
    </PageContainer>
  )
}
