import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { invitableCampaigns, inviteToCampaign } from '../../api/campaigns'
import { errorMessage } from '../../api/client'
import { Button, ButtonLink } from '../../components/Button'
import { SelectField } from '../../components/Field'
import { Modal } from '../../components/Modal'
import { Skeleton } from '../../components/Skeleton'
import { useSession } from '../../lib/session'
import { toast } from '../../lib/toast'
import { dateRange } from './campaignText'

/**
 * 'Invite to campaign' for a signed-in vendor (the directory and the public profile): pick one of
 * their live or upcoming campaigns and send the invitation. Nothing shows for anyone else.
 */
export function InviteToCampaign({ marketerId, name, className = '' }: { marketerId: number; name: string; className?: string }) {
  const { loggedIn, vendor } = useSession()
  const [open, setOpen] = useState(false)
  if (!loggedIn || !vendor) return null
  return (
    <>
      <Button variant="secondary" size="sm" className={className} onClick={() => setOpen(true)}>
        Invite to campaign
        {/* The button is a flex box: its name reads 'Invite to campaign (Meera Pillai)' with or without the space browsers add between items. */}
        <span className="sr-only"> ({name})</span>
      </Button>
      {open && <InviteDialog marketerId={marketerId} name={name} onClose={() => setOpen(false)} />}
    </>
  )
}

function InviteDialog({ marketerId, name, onClose }: { marketerId: number; name: string; onClose: () => void }) {
  const campaigns = useQuery({ queryKey: ['campaigns', 'invitable'], queryFn: ({ signal }) => invitableCampaigns(signal), staleTime: 0 })
  const [chosen, setChosen] = useState('')
  const invite = useMutation({
    mutationFn: (campaignId: number) => inviteToCampaign(campaignId, marketerId),
    onSuccess: (res) => {
      toast.success(res.message)
      onClose()
    },
  })
  const rows = campaigns.data ?? []
  const selected = chosen || (rows[0] ? String(rows[0].CampaignID) : '')
  function submit(e: FormEvent) {
    e.preventDefault()
    if (selected) invite.mutate(Number(selected))
  }
  return (
    <Modal open title={`Invite ${name}`} onClose={onClose}>
      {campaigns.isPending ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading your campaigns</span>
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-11 w-full" />
        </div>
      ) : campaigns.isError ? (
        <div role="alert" className="space-y-3 text-sm text-rose-800">
          <p>Your campaigns could not be loaded: {errorMessage(campaigns.error)}</p>
          <Button variant="secondary" onClick={() => void campaigns.refetch()}>
            Try again
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className="space-y-3 text-sm text-slate-700">
          <p>You have no live or upcoming campaign to invite {name} to.</p>
          <ButtonLink to="/vendor?tab=campaigns">Create a campaign</ButtonLink>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          <p className="text-sm text-slate-700">
            {name} sees the invitation in their dashboard and a notification, and accepts or declines it. Invitations skip the campaign's entry rules.
          </p>
          <SelectField label="Campaign" value={selected} onChange={(e) => setChosen(e.target.value)}>
            {rows.map((c) => (
              <option key={c.CampaignID} value={c.CampaignID}>
                {c.Title} ({c.Status}, {dateRange(c.StartsOn, c.EndsOn)})
              </option>
            ))}
          </SelectField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" busy={invite.isPending}>
              Send invitation
            </Button>
          </div>
        </form>
      )}
    </Modal>
  )
}
