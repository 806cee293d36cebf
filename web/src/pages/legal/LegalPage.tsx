import { PageContainer, PageHeader } from '../../components/PageHeader'

export default function LegalPage() {
  return (
    <PageContainer>
      <PageHeader title="Legal" />
    </PageContainer>
  )
}
