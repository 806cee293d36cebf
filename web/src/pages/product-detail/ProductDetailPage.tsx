import { PageContainer, PageHeader } from '../../components/PageHeader'

export default function ProductDetailPage() {
  return (
    <PageContainer>
      <PageHeader title="Product details" />
    </PageContainer>
  )
}
