import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useId } from 'react'
import { ADMIN_MESSAGES, REASON_CODES, REASON_LABELS, REASON_MAX, type ReasonCode } from '@contract/admin'
import { Button } from '../../components/Button'
import { Modal } from '../../components/Modal'
import { describedProps, FieldMessage, TextField } from '../../components/Field'
import type { FieldIssue } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { type FormErrors, useFieldErrors, useFormDraft } from '../../lib/useFieldErrors'
import { adminApi } from './adminApi'

/** What the reason fields send: a code from the fixed list and a note. */
export type ReasonFields = { reasonCode: ReasonCode; note: string }

export type ReasonRequest = {
  title: string
  intro: ReactNode
  confirm: string
  danger?: boolean
  /** The reasons offered (the back office's own list unless the action has its own). */
  codes?: readonly ReasonCode[]
  run: (reason: ReasonFields) => Promise<unknown>
  /** The success toast; without it, the message the action answered with. */
  done?: string
}

const answeredMessage = (result: unknown) =>
  typeof result === 'object' && result !== null && 'message' in result && typeof result.message === 'string' ? result.message : ''

/** The reason an action needs, from the form: the code is required, the note only for 'Other'. */
export function readReason(form: HTMLFormElement): ReasonFields | string {
  const data = new FormData(form)
  const code = String(data.get('reasonCode') ?? '')
  const note = String(data.get('note') ?? '').trim()
  if (!(REASON_CODES as readonly string[]).includes(code)) return ADMIN_MESSAGES.reasonRequired
  if (code === 'other' && !note) return ADMIN_MESSAGES.otherNeedsNote
  return { reasonCode: code as ReasonCode, note }
}

/** readReason's rules as issues on the two fields, for the marks. */
export function reasonIssues(v: Record<string, string>): FieldIssue[] {
  const code = v.reasonCode ?? ''
  if (!(REASON_CODES as readonly string[]).includes(code)) return [{ path: ['reasonCode'], message: ADMIN_MESSAGES.reasonRequired }]
  if (code === 'other' && !(v.note ?? '').trim()) return [{ path: ['note'], message: ADMIN_MESSAGES.otherNeedsNote }]
  return []
}

/**
 * The reason's two fields: a code from the fixed list, and a note. The note is free text, so the
 * hint asks for no names: it is removed if the person is later erased (docs/decisions/090).
 */
export function ReasonFieldset({ codes = REASON_CODES, form }: { codes?: readonly ReasonCode[]; form?: FormErrors }) {
  const autoId = useId()
  const code = form?.field('reasonCode') ?? { id: `${autoId}-code`, error: undefined }
  const note = form?.field('note') ?? { id: `${autoId}-note`, error: undefined }
  const id = autoId
  return (
    <>
      <div>
        <label htmlFor={code.id} className="block text-sm font-medium text-slate-700">
          Reason
        </label>
        <select
          id={code.id}
          name="reasonCode"
          required
          defaultValue=""
          {...describedProps(code.id, null, code.error)}
          className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
        >
          <option value="" disabled>
            Choose a reason
          </option>
          {codes.map((code) => (
            <option key={code} value={code}>
              {REASON_LABELS[code]}
            </option>
          ))}
        </select>
        <FieldMessage {...code} />
      </div>
      <div>
        <label htmlFor={note.id} className="block text-sm font-medium text-slate-700">
          Note <span className="font-normal text-slate-500">(required for ‘Other’)</span>
        </label>
        <textarea
          id={note.id}
          name="note"
          maxLength={REASON_MAX}
          rows={3}
          aria-invalid={note.error ? true : undefined}
          aria-describedby={note.error ? `${note.id}-error ${id}-hint` : `${id}-hint`}
          className="mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
        <FieldMessage {...note} />
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          What happened, without the person’s name or contact details. Notes are removed if the person’s data is erased.
        </p>
      </div>
    </>
  )
}

/** Asks for the reason an action needs (required), runs it, toasts the outcome. */
export function ReasonDialog({ request, onClose, onDone }: { request: ReasonRequest | null; onClose: () => void; onDone: () => void }) {
  const draft = useFormDraft()
  const form = useFieldErrors(reasonIssues, draft.values)
  // The dialog stays mounted between openings: the next one starts unmarked.
  const close = () => {
    form.reset()
    onClose()
  }
  // A failure is toasted once with the server's message (lib/queryClient.ts).
  const run = useMutation({
    mutationFn: ({ request, reason }: { request: ReasonRequest; reason: ReasonFields }) => request.run(reason),
    onSuccess: (result, { request }) => {
      toast.success(request.done ?? answeredMessage(result))
      onDone()
      close()
    },
  })
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!request) return
    const reason = readReason(e.currentTarget)
    if (!form.check(draft.read(e.currentTarget)) || typeof reason === 'string') return
    run.mutate({ request, reason })
  }
  return (
    <Modal open={request !== null} title={request?.title ?? ''} onClose={close}>
      <form onSubmit={submit} onChange={draft.onChange} noValidate className="space-y-4">
        <div className="text-sm text-slate-600">{request?.intro}</div>
        <ReasonFieldset form={form} codes={request?.codes} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant={request?.danger ? 'danger' : 'primary'} busy={run.isPending}>
            {request?.confirm ?? 'Confirm'}
          </Button>
        </div>
      </form>
    </Modal>
  )
}

export type EraseRequest = {
  kind: 'vendor' | 'influencer'
  id: number
  name: string
  email: string
  run: (email: string, reason: ReasonFields, requestId: number | null) => Promise<unknown>
}

/** Exactly what an account's erasure removes, said before it runs. */
const ERASES: Record<EraseRequest['kind'], string[]> = {
  vendor: [
    'the name (it becomes ‘Deleted user’), email and mobile number',
    'the profile picture, and every product’s images and links (the products stay hidden for good)',
    'the buyers’ names, emails and phone numbers on all of this vendor’s leads',
    'the notes of every back-office action and data request about them',
  ],
  influencer: [
    'the name (it becomes ‘Deleted user’), email and mobile number',
    'the bio, social handles, follower counts, pictures and content images',
    'the payout details (UPI ID, bank account, PAN)',
    'the notes of every back-office action and data request about them',
  ],
}

/** The erasure's checks in their order: the reason, then the account's email typed to confirm. */
function eraseIssues(v: Record<string, string>, accountEmail: string): FieldIssue[] {
  const email = (v.confirmEmail ?? '').trim()
  const issues = reasonIssues(v)
  if (!email) issues.push({ path: ['confirmEmail'], message: ADMIN_MESSAGES.confirmEmail })
  else if (email.toLowerCase() !== accountEmail.toLowerCase()) issues.push({ path: ['confirmEmail'], message: ADMIN_MESSAGES.confirmEmailMismatch })
  return issues
}

/** Erase personal data: what goes, the reason, the request it answers, and the email typed to confirm. */
export function EraseDialog({ request, onClose, onDone }: { request: EraseRequest | null; onClose: () => void; onDone: () => void }) {
  const key = request ? `${request.kind}:${request.id}` : ''
  // The open erasure requests about this account, offered as the request the erasure answers. Fetched
  // afresh each time the dialog opens; a failed lookup offers none (the erasure can still run).
  const open = useQuery({
    queryKey: ['admin', 'data-requests', 'open-erasures', request?.kind, request?.id],
    queryFn: async ({ signal }) => {
      if (!request) return []
      const page = await adminApi.dataRequests(
        { state: 'open', subjectType: request.kind === 'vendor' ? 'vendor' : 'marketer', subjectRef: String(request.id), limit: 100 },
        signal,
      )
      return page.rows.filter((r) => r.kind === 'erasure')
    },
    enabled: request !== null,
    staleTime: 0,
  })
  const requests = (request && open.data) || []
  const draft = useFormDraft()
  const form = useFieldErrors((v: Record<string, string>) => eraseIssues(v, request?.email ?? ''), draft.values, {
    messageFields: { [ADMIN_MESSAGES.confirmEmailMismatch]: 'confirmEmail' },
  })
  const close = () => {
    form.reset()
    onClose()
  }

  // A failure is toasted once with the server's message (lib/queryClient.ts).
  const erase = useMutation({
    mutationFn: ({ request, email, reason, requestId }: { request: EraseRequest; email: string; reason: ReasonFields; requestId: number | null }) =>
      request.run(email, reason, requestId),
    onSuccess: () => {
      toast.success('Personal data erased')
      onDone()
      close()
    },
    onError: form.serverError,
  })

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!request) return
    const data = new FormData(e.currentTarget)
    const email = String(data.get('confirmEmail') ?? '').trim()
    const reason = readReason(e.currentTarget)
    if (!form.check(draft.read(e.currentTarget)) || typeof reason === 'string') return
    const requestId = Number(data.get('requestId') ?? '') || null
    erase.mutate({ request, email, reason, requestId })
  }
  return (
    <Modal open={request !== null} title="Erase personal data" onClose={close}>
      <form onSubmit={submit} onChange={draft.onChange} noValidate className="space-y-4" key={key}>
        <div className="space-y-2 text-sm text-slate-700">
          <p>
            This erases, for <strong className="break-words">{request?.name}</strong> ({request?.kind === 'vendor' ? 'vendor' : 'influencer'} #{request?.id}):
          </p>
          <ul className="list-disc space-y-1 pl-5">
            {(request ? ERASES[request.kind] : []).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>They can no longer sign in. Leads and money records keep their amounts. This cannot be undone.</p>
        </div>
        <ReasonFieldset form={form} />
        <label className="block text-sm font-medium text-slate-700">
          Data request it answers
          <select
            name="requestId"
            defaultValue={requests[0]?.id ?? ''}
            key={requests.map((r) => r.id).join(',')}
            className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-sm"
          >
            {requests.map((r) => (
              <option key={r.id} value={r.id}>
                Request #{r.id}, received {r.receivedOn}
              </option>
            ))}
            <option value="">None (a back-office decision)</option>
          </select>
        </label>
        <p className="break-words text-sm text-slate-800">
          Type <strong>{request?.email}</strong> to confirm.
        </p>
        <TextField label="Account email" name="confirmEmail" type="email" autoComplete="off" {...form.field('confirmEmail')} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={erase.isPending}>
            Erase personal data
          </Button>
        </div>
      </form>
    </Modal>
  )
}

const STATUS_STYLE = {
  active: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  suspended: 'bg-rose-50 text-rose-700 ring-rose-600/20',
  erased: 'bg-slate-100 text-slate-600 ring-slate-500/20',
} as const

export function StatusBadge({ status }: { status: keyof typeof STATUS_STYLE }) {
  const label = status === 'active' ? 'Active' : status === 'suspended' ? 'Suspended' : 'Erased'
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_STYLE[status]}`}>{label}</span>
}

/** The search box and filter above a list; the list itself pages on the server. */
export function ListFilters({ label, q, onQ, children }: { label: string; q: string; onQ: (q: string) => void; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
      <TextField label={label} type="search" value={q} onChange={(e) => onQ(e.currentTarget.value)} wrapperClassName="sm:w-80" maxLength={100} />
      {children}
    </div>
  )
}

export function SelectFilter({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: string
  options: ReadonlyArray<readonly [string, string]>
  onChange: (v: string) => void
}) {
  return (
    <label className="block text-sm font-medium text-slate-700">
      {label}
      <select
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-sm sm:w-48"
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  )
}
