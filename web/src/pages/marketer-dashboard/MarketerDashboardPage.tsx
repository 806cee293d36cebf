import { PageContainer, PageHeader } from '../../components/PageHeader'

export default function MarketerDashboardPage() {
  return (
    <PageContainer>
      <PageHeader title="Dashboard" />
    </PageContainer>
  )
}
