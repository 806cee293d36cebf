import { PageContainer, PageHeader } from '../../components/PageHeader'

export default function ProductsPage() {
  return (
    <PageContainer>
      <PageHeader title="Products" />
    </PageContainer>
  )
}
