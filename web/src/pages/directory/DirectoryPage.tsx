import { PageContainer, PageHeader } from '../../components/PageHeader'

export default function DirectoryPage() {
  return (
    <PageContainer>
      <PageHeader title="Influencers" />
    </PageContainer>
  )
}
