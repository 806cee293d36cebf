import { PageContainer, PageHeader } from '../../components/PageHeader'

export default function VendorDashboardPage() {
  return (
    <PageContainer>
      <PageHeader title="Vendor Dashboard" />
    </PageContainer>
  )
}
