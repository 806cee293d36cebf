import { PageContainer, PageHeader } from '../../components/PageHeader'

export default function HomePage() {
  return (
    <PageContainer>
      <PageHeader title="Home" />
    </PageContainer>
  )
}
