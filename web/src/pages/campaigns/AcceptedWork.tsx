import { type CampaignDTO, type DeliverableDTO, submitDeliverableSchema } from '@contract/campaigns'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { getMyCampaign, submitDeliverable } from '../../api/campaigns'
import { errorMessage } from '../../api/client'
import { Button } from '../../components/Button'
import { FieldMessage, groupBoxProps, TextField } from '../../components/Field'
import { SHARE_MESSAGES, ShareActions } from '../../components/ShareActions'
import { LoadingRegion, Skeleton } from '../../components/Skeleton'
import { formatRupees } from '../../lib/format'
import { formatIstDateTime } from '../../lib/istTime'
import { schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { DeliverableStatusPill, PostLink } from './deliverableParts'
import { checkboxClasses } from './PagedCards'

const mineKey = (id: number) => ['campaigns', 'mine', id] as const

/**
 * An accepted creator's part of a campaign, opened on demand: their campaign link per product
 * (copy, share, QR like My Links) and each deliverable to submit, with its status and the brand's note.
 */
export function AcceptedWork({ campaign }: { campaign: CampaignDTO }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  return (
    <div>
      <Button variant={open ? 'secondary' : 'primary'} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        {open ? 'Hide links and deliverables' : 'Links and deliverables'}
      </Button>
      <div id={panelId}>{open && <WorkPanel campaign={campaign} />}</div>
    </div>
  )
}

function WorkPanel({ campaign }: { campaign: CampaignDTO }) {
  const id = campaign.CampaignID
  const mine = useQuery({ queryKey: mineKey(id), queryFn: ({ signal }) => getMyCampaign(id, signal), staleTime: 0 })
  if (mine.isPending) {
    return (
      <LoadingRegion label="Loading your links and deliverables" className="mt-4 space-y-2">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-24 w-full" />
      </LoadingRegion>
    )
  }
  if (mine.isError) {
    return (
      <div
        role="alert"
        className="mt-4 flex flex-col gap-2 rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-800 sm:flex-row sm:justify-between"
      >
        <span>Your links and deliverables could not be loaded: {errorMessage(mine.error)}</span>
        <button type="button" onClick={() => void mine.refetch()} className="self-start font-semibold underline underline-offset-2">
          Try again
        </button>
      </div>
    )
  }
  const { Links, Deliverables } = mine.data
  const price = (productId: number) => campaign.Products.find((p) => p.ProductID === productId)?.Price ?? 0
  return (
    <div className="mt-4 space-y-6">
      <section aria-label={`Your links for ${campaign.Title}`}>
        <h4 className="font-semibold text-slate-900">Your campaign links</h4>
        <p className="text-sm text-slate-600">
          Leads through these links count for the campaign until it ends; after that they earn the product's own commission.
        </p>
        <ul className="mt-2 divide-y divide-slate-100">
          {Links.map((l) => (
            <li key={l.ProductID} className="flex flex-col gap-2 py-3 lg:flex-row lg:items-center lg:justify-between" data-campaign-link={l.ProductID}>
              <span className="min-w-0">
                <span className="block font-medium text-slate-900 wrap-anywhere">{l.ProductName}</span>
                <span className="block font-mono text-xs text-brand-800 wrap-anywhere">{l.Link.replace(/^https?:\/\//, '')}</span>
              </span>
              <ShareActions
                productName={l.ProductName}
                price={price(l.ProductID)}
                shortLink={l.Link}
                copyLabel="Copy campaign link"
                copiedMessage={SHARE_MESSAGES.campaignCopied}
                className="shrink-0"
              />
            </li>
          ))}
        </ul>
      </section>
      <section aria-label={`Your deliverables for ${campaign.Title}`}>
        <h4 className="font-semibold text-slate-900">Your deliverables</h4>
        <p className="text-sm text-slate-600">
          Post each one, mark it as an ad, then send its link here.
          {campaign.RewardType === 'Fee' && ` Each approved post earns ${formatRupees(campaign.FeePerDeliverable ?? 0)}.`}
        </p>
        <ul className="mt-2 space-y-3">
          {Deliverables.map((d) => (
            <li key={d.DeliverableID}>
              <DeliverableItem campaign={campaign} deliverable={d} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

function DeliverableItem({ campaign, deliverable: d }: { campaign: CampaignDTO; deliverable: DeliverableDTO }) {
  const name = `${d.Item} (item ${d.ItemIndex + 1})`
  const canSubmit = d.Status === 'Due' || d.Status === 'ChangesRequested'
  return (
    <div className="rounded-xl border border-slate-200 p-3 sm:p-4" data-my-deliverable={d.DeliverableID}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900 wrap-anywhere">{name}</p>
        <DeliverableStatusPill status={d.Status} />
      </div>
      {d.Status === 'ChangesRequested' && d.Note && (
        <p className="mt-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 wrap-anywhere" data-vendor-note>
          <span className="font-semibold">{campaign.VendorName} asked for changes: </span>
          {d.Note}
        </p>
      )}
      {d.PostURL && <PostLink url={d.PostURL} disclosed={d.Disclosed} />}
      {d.Status === 'Submitted' && d.submittedAt && (
        <p className="mt-1 text-xs text-slate-500">
          Sent {formatIstDateTime(d.submittedAt)}; waiting for {campaign.VendorName}'s review.
        </p>
      )}
      {d.Status === 'Approved' && (
        <p className="mt-1 text-sm text-emerald-800">
          Approved{d.reviewedAt ? ` on ${formatIstDateTime(d.reviewedAt)}` : ''}
          {d.Fee !== null ? `: ${formatRupees(d.Fee, 2)} added to your earnings.` : '.'}
        </p>
      )}
      {canSubmit && <SubmitForm campaignId={campaign.CampaignID} deliverable={d} name={name} />}
    </div>
  )
}

function SubmitForm({ campaignId, deliverable: d, name }: { campaignId: number; deliverable: DeliverableDTO; name: string }) {
  const [url, setUrl] = useState(d.PostURL ?? '')
  const [disclosed, setDisclosed] = useState(false)
  const form = useFieldErrors(schemaIssues(submitDeliverableSchema), { PostURL: url, Disclosed: disclosed })
  const disclosedField = form.field('Disclosed')
  const client = useQueryClient()
  const save = useMutation({
    mutationFn: (body: { PostURL: string; Disclosed: true }) => submitDeliverable(campaignId, d.DeliverableID, body.PostURL, body.Disclosed),
    onSuccess: (res) => {
      toast.success(res.message)
      void client.invalidateQueries({ queryKey: mineKey(campaignId) })
    },
  })
  function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = submitDeliverableSchema.safeParse({ PostURL: url, Disclosed: disclosed })
    if (form.check() && parsed.success) save.mutate(parsed.data)
  }
  return (
    <form noValidate onSubmit={submit} aria-label={`Submit ${name}`} className="mt-3 space-y-3">
      <TextField
        label="Post URL"
        type="url"
        inputMode="url"
        placeholder="https://www.instagram.com/p/…"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        {...form.field('PostURL')}
      />
      <div>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className={`${checkboxClasses} mt-0.5`}
            checked={disclosed}
            onChange={(e) => setDisclosed(e.target.checked)}
            {...groupBoxProps(disclosedField, 0)}
          />
          <span>The post is marked as an ad (#Ad or an equivalent label), as ASCI's guidelines ask.</span>
        </label>
        <FieldMessage {...disclosedField} />
      </div>
      <Button type="submit" busy={save.isPending}>
        {d.Status === 'ChangesRequested' ? 'Submit again' : 'Submit for review'}
      </Button>
    </form>
  )
}
