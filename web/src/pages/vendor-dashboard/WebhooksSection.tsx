import { INDIA_TIME_ZONE } from '@contract/india-date'
import {
  createWebhookEndpointSchema,
  WEBHOOK_DISABLE_AFTER,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  type WebhookDeliveryDTO,
  type WebhookEndpointDTO,
  type WebhookEvent,
  type WebhookSecretDTO,
} from '@contract/webhooks'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { safeParse } from 'zod/mini'
import { errorMessage } from '../../api/client'
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
} from '../../api/webhooks'
import { Section } from '../../components/Section'
import { Button } from '../../components/Button'
import { FieldMessage, groupBoxProps, TextField } from '../../components/Field'
import { Modal } from '../../components/Modal'
import { Skeleton } from '../../components/Skeleton'
import { copyText } from '../../lib/clipboard'
import { schemaIssues } from '../../lib/fieldErrors'
import { toast } from '../../lib/toast'
import { useFieldErrors } from '../../lib/useFieldErrors'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, ServerPagedTable } from '../dashboard-shared/DataTable'
import { FormActions } from '../dashboard-shared/FormActions'
import { Icon } from '../dashboard-shared/StatCard'

// Webhooks out, in the vendor's profile: endpoints, the secret shown once, and per
// endpoint its delivery log with Resend, Send test event, secret rotation, enable/disable, delete.

const ENDPOINTS_KEY = ['webhooks', 'endpoints'] as const
const timeFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZone: INDIA_TIME_ZONE,
})
const when = (iso: string | null) => (iso ? timeFormat.format(new Date(iso)) : '—')

export function WebhooksSection() {
  const client = useQueryClient()
  const endpoints = useQuery({ queryKey: ENDPOINTS_KEY, queryFn: ({ signal }) => listWebhookEndpoints(signal) })
  const [adding, setAdding] = useState(false)
  const [secret, setSecret] = useState<{ title: string; value: string; note: string } | null>(null)
  const refresh = () => client.invalidateQueries({ queryKey: ENDPOINTS_KEY })

  const rows = endpoints.data?.rows
  return (
    <Section
      id="webhooks-title"
      title="Webhooks"
      subtitle="Collabkart posts lead, commission and payout events to your store or CRM, signed with each endpoint's secret."
      action={
        <Button onClick={() => setAdding(true)} disabled={(rows?.length ?? 0) >= 10}>
          Add endpoint
        </Button>
      }
    >
      <div className="space-y-4">
        {endpoints.isPending && <Skeleton className="h-24 w-full" />}
        {endpoints.error && (
          <p role="alert" className="text-sm text-rose-700">
            {errorMessage(endpoints.error)}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void endpoints.refetch()}>
              Try again
            </button>
          </p>
        )}
        {rows?.length === 0 && <p className="text-sm text-slate-600">No endpoints yet. Add one to receive events as they happen.</p>}
        {rows?.map((endpoint) => (
          <EndpointCard
            key={endpoint.EndpointID}
            endpoint={endpoint}
            onChanged={refresh}
            onSecret={(s) =>
              setSecret({
                title: 'New signing secret',
                value: s.secret,
                note: 'The previous secret keeps working for 24 hours, so you can switch without missing events.',
              })
            }
          />
        ))}
      </div>
      {adding && (
        <AddEndpointModal
          onClose={() => setAdding(false)}
          onCreated={(made) => {
            setAdding(false)
            void refresh()
            setSecret({ title: 'Endpoint added', value: made.secret, note: 'Use it to verify the webhook-signature header of every delivery.' })
          }}
        />
      )}
      {secret && <SecretModal {...secret} onClose={() => setSecret(null)} />}
    </Section>
  )
}

// The address's rules are the server's (it resolves the name): each refusal is about the URL field.
const URL_MESSAGES = [
  WEBHOOK_MESSAGES.urlRequired,
  WEBHOOK_MESSAGES.urlInvalid,
  WEBHOOK_MESSAGES.urlTooLong,
  WEBHOOK_MESSAGES.urlHttps,
  WEBHOOK_MESSAGES.urlPrivate,
]

function AddEndpointModal({ onClose, onCreated }: { onClose: () => void; onCreated: (made: WebhookSecretDTO) => void }) {
  const [url, setUrl] = useState('')
  const [description, setDescription] = useState('')
  const [events, setEvents] = useState<WebhookEvent[]>([])
  const input = { url, events, description }
  const form = useFieldErrors(schemaIssues(createWebhookEndpointSchema), input, {
    messageFields: Object.fromEntries(URL_MESSAGES.map((message) => [message, 'url'])),
  })
  const eventsField = form.field('events')
  const create = useMutation({
    mutationFn: createWebhookEndpoint,
    onSuccess: (res) => {
      toast.success(res.message)
      onCreated(res.data)
    },
    onError: form.serverError,
  })
  const toggle = (event: WebhookEvent) => setEvents((now) => (now.includes(event) ? now.filter((e) => e !== event) : [...now, event]))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const checked = safeParse(createWebhookEndpointSchema, input)
    if (form.check() && checked.success) create.mutate(checked.data)
  }
  return (
    <Modal
      open
      title="Add webhook endpoint"
      onClose={onClose}
      footer={<FormActions formId="webhook-form" submitLabel="Add endpoint" busy={create.isPending} onCancel={onClose} />}
    >
      <form id="webhook-form" noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label="Endpoint URL"
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhooks/collabkart"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          {...form.field('url')}
        />
        <TextField
          label="Description (optional)"
          value={description}
          maxLength={100}
          onChange={(e) => setDescription(e.target.value)}
          {...form.field('description')}
        />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Events</legend>
          <div className="space-y-2">
            {WEBHOOK_EVENTS.map((event, i) => (
              <label key={event} className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4"
                  checked={events.includes(event)}
                  onChange={() => toggle(event)}
                  {...groupBoxProps(eventsField, i)}
                />
                <span>
                  <span className="font-mono text-xs text-slate-900">{event}</span>
                  <span className="block text-slate-600">{WEBHOOK_EVENT_LABELS[event]}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldMessage {...eventsField} />
        </fieldset>
      </form>
    </Modal>
  )
}

function SecretModal({ title, value, note, onClose }: { title: string; value: string; note: string; onClose: () => void }) {
  const copy = async () => {
    const result = await copyText(value)
    if (result === 'copied') toast.success('Secret copied')
    else toast.error('Could not copy the secret. Select it and copy it by hand.')
  }
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      footer={
        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      }
    >
      <p className="text-sm text-slate-700">This is the endpoint's signing secret. It is shown only now: copy it and keep it on your server.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code data-webhook-secret className="min-w-0 flex-1 break-all rounded-lg bg-slate-100 p-3 font-mono text-xs text-slate-900 select-all">
          {value}
        </code>
        <Button variant="secondary" onClick={() => void copy()}>
          Copy secret
        </Button>
      </div>
      <p className="mt-3 text-sm text-slate-500">{note}</p>
    </Modal>
  )
}

function statusText(endpoint: WebhookEndpointDTO) {
  if (endpoint.enabled) return { text: 'Enabled', tone: 'bg-emerald-50 text-emerald-800' }
  if (endpoint.disabledAt) return { text: `Disabled after ${WEBHOOK_DISABLE_AFTER} failures in a row`, tone: 'bg-rose-50 text-rose-800' }
  return { text: 'Disabled', tone: 'bg-slate-100 text-slate-700' }
}

function EndpointCard({ endpoint, onChanged, onSecret }: { endpoint: WebhookEndpointDTO; onChanged: () => void; onSecret: (s: WebhookSecretDTO) => void }) {
  const [showLog, setShowLog] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [logVersion, setLogVersion] = useState(0)
  const id = endpoint.EndpointID
  const done = (message: string) => {
    toast.success(message)
    onChanged()
  }
  const test = useMutation({
    mutationFn: () => sendWebhookTest(id),
    onSuccess: (res) => {
      toast.success(res.message)
      setShowLog(true)
      setLogVersion((v) => v + 1)
    },
  })
  const rotate = useMutation({
    mutationFn: () => rotateWebhookSecret(id),
    onSuccess: (res) => {
      done(res.message)
      onSecret(res.data)
    },
  })
  const toggle = useMutation({ mutationFn: () => updateWebhookEndpoint(id, { enabled: !endpoint.enabled }), onSuccess: (res) => done(res.message) })
  const remove = useMutation({ mutationFn: () => deleteWebhookEndpoint(id), onSuccess: (res) => done(res.message) })
  const status = statusText(endpoint)
  return (
    <article data-webhook-endpoint={id} className="rounded-xl border border-slate-200 p-3 sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="break-all font-mono text-sm font-semibold text-slate-900">{endpoint.url}</p>
          {endpoint.description && <p className="text-sm text-slate-600 wrap-anywhere">{endpoint.description}</p>}
        </div>
        <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${status.tone}`}>{status.text}</span>
      </div>
      <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Events">
        {endpoint.events.map((e) => (
          <li key={e} className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-700">
            {e}
          </li>
        ))}
      </ul>
      {endpoint.previousSecretUntil && (
        <p className="mt-2 text-xs text-slate-500">The previous secret also signs until {when(endpoint.previousSecretUntil)}.</p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
          {showLog ? 'Hide delivery log' : 'Delivery log'}
        </Button>
        <Button size="sm" variant="secondary" busy={test.isPending} disabled={!endpoint.enabled} onClick={() => test.mutate()}>
          Send test event
        </Button>
        <Button size="sm" variant="secondary" busy={rotate.isPending} onClick={() => rotate.mutate()}>
          Rotate secret
        </Button>
        <Button size="sm" variant="secondary" busy={toggle.isPending} onClick={() => toggle.mutate()}>
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button size="sm" variant="danger" onClick={() => setConfirmDelete(true)}>
          Delete
        </Button>
      </div>
      {showLog && <DeliveryLog key={logVersion} endpointId={id} enabled={endpoint.enabled} />}
      {confirmDelete && (
        <Modal
          open
          title="Delete endpoint?"
          onClose={() => setConfirmDelete(false)}
          footer={
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
                Cancel
              </Button>
              <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate()}>
                Delete endpoint
              </Button>
            </div>
          }
        >
          <p className="text-sm text-slate-700 break-all">Events will no longer be sent to {endpoint.url}, and its delivery log is deleted with it.</p>
        </Modal>
      )}
    </article>
  )
}

const STATE_TONES: Record<WebhookDeliveryDTO['state'], string> = {
  delivered: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-rose-50 text-rose-800',
  pending: 'bg-amber-50 text-amber-800',
}
const STATE_LABELS: Record<WebhookDeliveryDTO['state'], string> = { delivered: 'Delivered', failed: 'Failed', pending: 'Pending' }

function DeliveryLog({ endpointId, enabled }: { endpointId: number; enabled: boolean }) {
  const list = usePagedList(['webhooks', endpointId, 'deliveries'], (cursor, signal) => listWebhookDeliveries(endpointId, cursor, signal))
  const resend = useMutation({
    mutationFn: resendWebhookDelivery,
    onSuccess: (res) => {
      toast.success(res.message)
      void list.reload()
    },
  })
  // A delivery being tried shows its answer within seconds: look again while one is pending.
  const pending = list.rows?.some((d) => d.state === 'pending') ?? false
  const { reload } = list
  useEffect(() => {
    if (!pending) return
    const timer = setInterval(() => void reload(), 2000)
    return () => clearInterval(timer)
  }, [pending, reload])

  const columns: readonly Column<WebhookDeliveryDTO>[] = [
    { label: 'Event', cell: (d) => <span className="font-mono text-xs">{d.eventType}</span> },
    {
      label: 'Status',
      cell: (d) => (
        <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_TONES[d.state]}`} data-delivery-state={d.state}>
          {STATE_LABELS[d.state]}
          {d.lastStatus !== null ? ` · ${d.lastStatus}` : ''}
        </span>
      ),
    },
    { label: 'Attempts', cell: (d) => d.attempts },
    { label: 'Time', cell: (d) => when(d.lastAttemptAt ?? d.createdAt) },
    {
      label: 'Body',
      wide: true,
      cell: (d) => (
        <details className="max-w-full sm:max-w-xs">
          <summary className="cursor-pointer text-sm text-brand-700">Show body</summary>
          <pre className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">{pretty(d.payload)}</pre>
          {d.lastResponse && <p className="mt-1 text-xs text-slate-500 break-all">Answer: {d.lastResponse.slice(0, 300)}</p>}
        </details>
      ),
    },
    {
      label: 'Action',
      hideLabel: true,
      cell: (d) => (
        <Button
          size="sm"
          variant="secondary"
          disabled={!enabled}
          busy={resend.isPending && resend.variables === d.DeliveryID}
          onClick={() => resend.mutate(d.DeliveryID)}
        >
          Resend
        </Button>
      ),
    },
  ]
  return (
    <div className="mt-4">
      <ServerPagedTable
        list={list}
        noun="Deliveries"
        label="Delivery log"
        columns={columns}
        rowKey={(d) => d.DeliveryID}
        rowAttr="data-delivery"
        empty={{
          icon: <Icon name="clock" className="size-6" />,
          title: 'No deliveries yet',
          text: 'Events you subscribed to appear here as they are sent. Try Send test event.',
        }}
      />
    </div>
  )
}

function pretty(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2)
  } catch {
    return payload
  }
}
