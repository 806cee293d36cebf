import { PageContainer, PageHeader } from '../../components/PageHeader'

export default function InfluencerProfilePage() {
  return (
    <PageContainer>
      <PageHeader title="Influencer Profile" />
    </PageContainer>
  )
}
