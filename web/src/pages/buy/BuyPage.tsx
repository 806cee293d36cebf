import { PageContainer, PageHeader } from '../../components/PageHeader'

export default function BuyPage() {
  return (
    <PageContainer>
      <PageHeader title="Buy" />
    </PageContainer>
  )
}
