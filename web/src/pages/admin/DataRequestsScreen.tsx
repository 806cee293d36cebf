import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import {
  DATA_REQUEST_KIND_LABELS,
  DATA_REQUEST_KINDS,
  ADMIN_MESSAGES,
  DATA_REQUEST_MESSAGES,
  DATA_REQUEST_REASONS,
  DATA_REQUEST_WORKING_DAYS,
  type DataRequestCompleteInput,
  type DataRequestCreateInput,
  type DataRequestDTO,
  type DataRequestSubject,
  dataRequestCreateSchema,
  REASON_MAX,
} from '@contract/admin'
import { MOBILE_INPUT_MAX } from '@contract/fields'
import { Button } from '../../components/Button'
import { Modal } from '../../components/Modal'
import { TextField } from '../../components/Field'
import { schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors, useFormDraft } from '../../lib/useFieldErrors'
import { useDocumentTitle } from '../../lib/useDocumentTitle'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'
import { adminApi } from './adminApi'
import { ReasonDialog, type ReasonRequest, SelectFilter } from './AdminDialogs'
import { formatIstDate, formatIstDateTime, indiaToday } from '../../lib/istTime'
import { Card } from '../../components/Card'

const SUBJECT_LABELS: Record<DataRequestSubject, string> = { vendor: 'Vendor', marketer: 'Influencer', buyer: 'Buyer' }
const selectClasses = 'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-sm'

/** /admin/data-requests: the log of what people asked of their data, open ones soonest due first. */
export default function DataRequestsScreen() {
  useDocumentTitle('Data requests · Admin')
  const [state, setState] = useState<'open' | 'done'>('open')
  const list = usePagedList(['admin', 'data-requests', state], (cursor, signal) => adminApi.dataRequests({ state, cursor }, signal))
  const [completing, setCompleting] = useState<DataRequestDTO | null>(null)
  const [erasing, setErasing] = useState<DataRequestDTO | null>(null)
  const reload = () => void list.reload()

  const columns: Column<DataRequestDTO>[] = [
    { label: 'Request', cell: (r) => <span className="font-semibold text-slate-900">#{r.id}</span> },
    { label: 'Asked for', cell: (r) => DATA_REQUEST_KIND_LABELS[r.kind] },
    {
      label: 'Whose data',
      wide: true,
      cell: (r) => (
        <TextCell text={`${SUBJECT_LABELS[r.subjectType]}: ${r.subjectType === 'buyer' ? r.subjectRef : `${r.subjectName ?? '—'} (#${r.subjectRef})`}`} />
      ),
    },
    { label: 'Received', cell: (r) => formatIstDate(r.receivedOn) },
    {
      label: 'Due',
      cell: (r) => (
        <span className={r.overdue ? 'font-semibold text-rose-700' : ''}>
          {formatIstDate(r.dueOn)}
          {r.overdue && (
            <span data-overdue className="ml-2 rounded-full bg-rose-100 px-2 py-0.5 text-xs font-semibold text-rose-800">
              Overdue
            </span>
          )}
        </span>
      ),
    },
    { label: 'Note', wide: true, cell: (r) => <TextCell text={r.note ?? '—'} /> },
    {
      label: state === 'open' ? 'Logged by' : 'Done',
      wide: true,
      cell: (r) =>
        state === 'open' ? (
          <TextCell text={r.loggedByEmail} />
        ) : (
          <TextCell text={`${r.outcome === 'declined' ? 'Declined' : 'Done'} ${r.doneAt ? formatIstDateTime(r.doneAt) : ''} by ${r.doneByEmail ?? '—'}`} />
        ),
    },
    {
      label: 'Actions',
      hideLabel: true,
      wide: true,
      cell: (r) =>
        r.doneAt ? null : (
          <div className="flex flex-wrap gap-2">
            {r.kind === 'erasure' && r.subjectType === 'buyer' && (
              <Button size="sm" variant="danger" onClick={() => setErasing(r)} aria-label={`Erase buyer’s details for request #${r.id}`}>
                Erase buyer’s details
              </Button>
            )}
            <Button size="sm" variant="secondary" onClick={() => setCompleting(r)} aria-label={`Complete request #${r.id}`}>
              Complete
            </Button>
          </div>
        ),
    },
  ]

  return (
    <section aria-labelledby="requests-title" className="space-y-6">
      <div>
        <h1 id="requests-title" className="text-2xl font-bold text-slate-900">
          Data requests
        </h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Log every request to see, correct or erase personal data the day it arrives: it is due {DATA_REQUEST_WORKING_DAYS} working days later (Monday to
          Friday; public holidays are not skipped). A vendor’s or influencer’s erasure runs from their row under Vendors or Influencers and completes the
          request there.
        </p>
      </div>
      <LogRequestForm onLogged={reload} />
      <div>
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <h2 className="text-lg font-bold text-slate-900">{state === 'open' ? 'Open requests, soonest due first' : 'Completed requests'}</h2>
          <SelectFilter
            label="Show"
            value={state}
            options={[
              ['open', 'Open'],
              ['done', 'Completed'],
            ]}
            onChange={(v) => setState(v === 'done' ? 'done' : 'open')}
          />
        </div>
        <ServerPagedTable
          list={list}
          noun="Data requests"
          label="Request log"
          columns={columns}
          rowKey={(r) => r.id}
          rowAttr="data-request"
          empty={{ icon: null, title: state === 'open' ? 'No open requests' : 'No completed requests', text: 'Requests you log appear here.' }}
        />
      </div>
      <CompleteDialog request={completing} onClose={() => setCompleting(null)} onDone={reload} />
      <ReasonDialog request={erasing && eraseBuyerRequest(erasing)} onClose={() => setErasing(null)} onDone={reload} />
    </section>
  )
}

const logIssues = schemaIssues(dataRequestCreateSchema)
// The contract checks the reference against whose data it is; either message is about the reference.
const LOG_FIELDS = { [DATA_REQUEST_MESSAGES.accountInvalid]: 'subjectRef', [ADMIN_MESSAGES.phoneInvalid]: 'subjectRef' }

/** The request as the form holds it, read by input name. */
const logInput = (data: Record<string, string>, subject: DataRequestSubject) => ({
  kind: data.kind ?? '',
  subjectType: subject,
  subjectRef: (data.subjectRef ?? '').trim(),
  receivedOn: data.receivedOn ?? '',
  note: (data.note ?? '').trim(),
})

function LogRequestForm({ onLogged }: { onLogged: () => void }) {
  const [subject, setSubject] = useState<DataRequestSubject>('buyer')
  const draft = useFormDraft()
  const marks = useFieldErrors((v: Record<string, string>) => logIssues(logInput(v, subject)), draft.values, {
    messageFields: { ...LOG_FIELDS, [DATA_REQUEST_MESSAGES.receivedInvalid]: 'receivedOn' },
  })
  // A failure is toasted once with the server's message (lib/queryClient.ts).
  const log = useMutation({
    mutationFn: ({ input }: { input: DataRequestCreateInput; form: HTMLFormElement }) => adminApi.logDataRequest(input),
    onSuccess: (res, { form }) => {
      toast.success(res.message)
      form.reset()
      onLogged()
    },
    onError: marks.serverError,
  })
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = e.currentTarget
    const data = new FormData(form)
    const input = {
      kind: String(data.get('kind') ?? ''),
      subjectType: subject,
      subjectRef: String(data.get('subjectRef') ?? '').trim(),
      receivedOn: String(data.get('receivedOn') ?? ''),
      note: String(data.get('note') ?? '').trim(),
    }
    // The server reads the phone by the buy form's rules ('98290 12345' is ten digits).
    if (marks.check(draft.read(form))) log.mutate({ input, form })
  }
  return (
    <Card as="form" onSubmit={submit} onChange={draft.onChange} noValidate aria-labelledby="log-title" padding="none" className="p-5">
      <h2 id="log-title" className="text-lg font-bold text-slate-900">
        Log a request
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <label className="block text-sm font-medium text-slate-700">
          Asked for
          <select name="kind" defaultValue="erasure" className={selectClasses}>
            {DATA_REQUEST_KINDS.map((k) => (
              <option key={k} value={k}>
                {DATA_REQUEST_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Whose data
          <select name="subjectType" value={subject} onChange={(e) => setSubject(e.currentTarget.value as DataRequestSubject)} className={selectClasses}>
            <option value="buyer">A buyer</option>
            <option value="vendor">A vendor</option>
            <option value="marketer">An influencer</option>
          </select>
        </label>
        <TextField
          label={subject === 'buyer' ? 'Buyer’s phone number' : subject === 'vendor' ? 'Vendor ID' : 'Influencer ID'}
          name="subjectRef"
          type={subject === 'buyer' ? 'tel' : 'text'}
          inputMode="numeric"
          // A phone may be typed with spaces or +91 (the schema takes them off): cutting at 10
          // characters would keep '98290 1234'.
          maxLength={subject === 'buyer' ? MOBILE_INPUT_MAX : 10}
          hint={subject === 'buyer' ? '10-digit mobile number' : 'The number in their row'}
          {...marks.field('subjectRef')}
        />
        <TextField
          label="Received on"
          name="receivedOn"
          type="date"
          defaultValue={indiaToday()}
          max={indiaToday()}
          hint="India’s date"
          {...marks.field('receivedOn')}
        />
      </div>
      <label className="mt-4 block text-sm font-medium text-slate-700">
        Note <span className="font-normal text-slate-500">(optional)</span>
        <textarea
          name="note"
          maxLength={REASON_MAX}
          rows={2}
          className="mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
      </label>
      <Button type="submit" busy={log.isPending} className="mt-4">
        Log request
      </Button>
    </Card>
  )
}

function CompleteDialog({ request, onClose, onDone }: { request: DataRequestDTO | null; onClose: () => void; onDone: () => void }) {
  // A failure is toasted once with the server's message (lib/queryClient.ts).
  const complete = useMutation({
    mutationFn: ({ id, input }: { id: number; input: DataRequestCompleteInput }) => adminApi.completeDataRequest(id, input),
    onSuccess: (res) => {
      toast.success(res.message)
      onDone()
      onClose()
    },
  })
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!request) return
    const data = new FormData(e.currentTarget)
    const outcome = String(data.get('outcome') ?? '')
    if (outcome !== 'done' && outcome !== 'declined') return toast.error(DATA_REQUEST_MESSAGES.outcomeInvalid)
    complete.mutate({ id: request.id, input: { outcome, note: String(data.get('note') ?? '').trim() } })
  }
  return (
    <Modal open={request !== null} title={request ? `Complete request #${request.id}` : ''} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <label className="block text-sm font-medium text-slate-700">
          Outcome
          <select name="outcome" defaultValue="done" className={selectClasses}>
            <option value="done">Done: answered as asked</option>
            <option value="declined">Declined (say why in the note)</option>
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Note <span className="font-normal text-slate-500">(optional)</span>
          <textarea name="note" maxLength={REASON_MAX} rows={3} className="mt-1 block w-full rounded-xl border border-slate-300 px-3 py-2 text-sm" />
        </label>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={complete.isPending}>
            Complete request
          </Button>
        </div>
      </form>
    </Modal>
  )
}

/** The buyer's erasure, from their logged request: says exactly what goes, asks for the reason. */
function eraseBuyerRequest(request: DataRequestDTO): ReasonRequest {
  return {
    title: 'Erase buyer’s details',
    intro: (
      <div className="space-y-2 text-slate-700">
        <p>
          On every lead with the phone number <strong className="whitespace-nowrap">{request.subjectRef}</strong>, this erases:
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>the buyer’s name (it becomes ‘Deleted buyer’),</li>
          <li>their phone number and their email.</li>
        </ul>
        <p>The leads’ amounts, statuses and dates stay for the vendor and the influencer. Request #{request.id} is completed. This cannot be undone.</p>
      </div>
    ),
    confirm: 'Erase for good',
    danger: true,
    codes: DATA_REQUEST_REASONS,
    run: (reason) => adminApi.eraseBuyer(request.subjectRef, reason, request.id),
  }
}
