import { applySchema, CAMPAIGN_MESSAGES, type CampaignDTO, PITCH_MAX, PITCH_MIN } from '@contract/campaigns'
import { PRODUCT_CATEGORIES } from '@contract/product'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { applyToCampaign, listOpenCampaigns } from '../../api/campaigns'
import { Button } from '../../components/Button'
import { SelectField, TextField } from '../../components/Field'
import { NoteDialog, type NoteRequest } from '../../components/NoteDialog'
import { useDebounced } from '../../lib/useDebounced'
import { usePagedList } from '../../lib/usePagedList'
import { Section } from '../../components/Section'
import { Icon } from '../dashboard-shared/StatCard'
import { CampaignCard } from './CampaignCard'
import { PagedCards } from './PagedCards'

const pitchProblem = (text: string) => {
  const parsed = applySchema.safeParse({ Pitch: text })
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? CAMPAIGN_MESSAGES.pitchRequired)
}

/** Live and upcoming open campaigns the influencer qualifies for and has not joined: search, category, apply with a pitch. */
export function OpenCampaigns({ onApplied }: { onApplied: () => void }) {
  const [text, setText] = useState('')
  const q = useDebounced(text.trim(), 300)
  const [category, setCategory] = useState('')
  const filters = { q, category }
  const list = usePagedList<CampaignDTO>(['campaigns', 'open', filters], (cursor, signal) => listOpenCampaigns(filters, cursor, signal))
  const [applying, setApplying] = useState<NoteRequest | null>(null)
  const client = useQueryClient()

  const apply = (c: CampaignDTO): NoteRequest => ({
    title: `Apply to ${c.Title}`,
    intro: (
      <p>
        {c.VendorName} reads your pitch with your profile. Say why your audience fits and what you would make ({c.DeliverablesText}).
      </p>
    ),
    label: 'Your pitch',
    hint: `${PITCH_MIN} to ${PITCH_MAX} characters.`,
    confirm: 'Send application',
    maxLength: PITCH_MAX,
    problem: pitchProblem,
    run: async (pitch) => {
      const res = await applyToCampaign(c.CampaignID, pitch)
      await client.invalidateQueries({ queryKey: ['campaigns'] })
      onApplied()
      return res
    },
  })

  return (
    <Section framed={false} id="open-campaigns-title" title="Open to you" subtitle="Brand campaigns you qualify for. Apply with a short pitch.">
      <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <TextField label="Search campaigns" type="search" placeholder="Title or brand" value={text} onChange={(e) => setText(e.target.value)} />
        <SelectField label="Product category" value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">Any category</option>
          {PRODUCT_CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </SelectField>
      </div>
      <PagedCards
        list={list}
        noun="Campaigns"
        label="Campaigns open to you"
        rowKey={(c) => c.CampaignID}
        empty={{
          icon: <Icon name="box" className="size-6" />,
          title: q || category ? 'No campaigns match' : 'No open campaigns for you right now',
          text: q || category ? 'Try other words or another category.' : 'Brands post campaigns here; invitations show under My campaigns.',
        }}
      >
        {(c) => (
          <CampaignCard campaign={c}>
            <Button onClick={() => setApplying(apply(c))} aria-label={`Apply to ${c.Title}`}>
              Apply
            </Button>
          </CampaignCard>
        )}
      </PagedCards>
      <NoteDialog request={applying} onClose={() => setApplying(null)} onDone={() => undefined} />
    </Section>
  )
}
