import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { DeadEventDTO, DeadMailDTO } from '@contract/admin'
import { NOTIFICATION_KIND_LABELS } from '@contract/notifications'
import { Button } from '../../components/Button'
import { toast } from '../../lib/toast'
import { useDocumentTitle } from '../../lib/useDocumentTitle'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'
import { adminApi } from './adminApi'
import { eventLabel } from './auditText'
import { formatIstDateTime } from '../../lib/istTime'

/** What each kind of mail is, in words; a kind added later shows as its name until it is listed here. */
const KIND_LABELS: Record<string, string> = {
  ...NOTIFICATION_KIND_LABELS,
  'password-reset': 'Password reset link',
  'email-verify': 'Email verification link',
  'buyer-request-sent': 'Buyer: request sent to the vendor',
  'ops-data-request': 'Operators: data request logged',
  'ops-dead-letter': 'Operators: dead mail alert',
}

/** A subject or an error: read whole on a wide screen (up to three lines), the whole text in its tooltip. */
function Wrapped({ text, strong = false }: { text: string; strong?: boolean }) {
  return (
    <span
      title={text}
      className={`block whitespace-normal wrap-anywhere sm:line-clamp-3 sm:min-w-40 sm:max-w-72 ${strong ? 'font-semibold text-slate-900' : ''}`}
    >
      {text}
    </span>
  )
}

const DEAD_EVENTS_KEY = ['admin', 'dead-events']

/** /admin/mail: mails that never went out and events no try could follow, newest first (docs/decisions/135, 232). */
export default function DeadMailScreen() {
  useDocumentTitle('Dead mail · Admin')
  const list = usePagedList(['admin', 'dead-mail'], (cursor, signal) => adminApi.deadMail({ cursor }, signal))
  const events = usePagedList(DEAD_EVENTS_KEY, (cursor, signal) => adminApi.deadEvents({ cursor }, signal))
  const columns: Column<DeadMailDTO>[] = [
    { label: 'Raised (IST)', cell: (r) => formatIstDateTime(r.createdAt) },
    { label: 'Kind', cell: (r) => <Wrapped strong text={KIND_LABELS[r.kind] ?? r.kind} /> },
    { label: 'To', cell: (r) => <TextCell text={r.recipientHint} /> },
    { label: 'Subject', wide: true, cell: (r) => <Wrapped text={r.subject} /> },
    { label: 'Tries', cell: (r) => String(r.attempts) },
    { label: 'Last error', wide: true, cell: (r) => <Wrapped text={r.lastError ?? 'None recorded'} /> },
  ]
  const eventColumns: Column<DeadEventDTO>[] = [
    { label: 'Died (IST)', cell: (r) => formatIstDateTime(r.diedAt) },
    { label: 'Event', cell: (r) => <Wrapped strong text={eventLabel(r.type)} /> },
    { label: 'About', wide: true, cell: (r) => <Wrapped text={r.about} /> },
    { label: 'Tries', cell: (r) => String(r.attempts) },
    { label: 'Happened (IST)', cell: (r) => formatIstDateTime(r.eventAt) },
    { label: 'Actions', hideLabel: true, wide: true, cell: (r) => <ReplayButton event={r} /> },
  ]
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-slate-900">Dead mail</h1>
      <Section
        id="dead-mail-title"
        title="Mails not sent"
        intro="Mails that used up every retry, or that the mail queue refused. The message itself is not kept, so it cannot be resent from here: the person can ask again (for a reset link), and every notice to a vendor or an influencer is also in their bell."
      >
        <ServerPagedTable
          list={list}
          noun="Dead mails"
          label="Dead mail"
          columns={columns}
          rowKey={(r) => r.MailID}
          rowAttr="data-dead-mail"
          empty={{ icon: null, title: 'No dead mail', text: 'Every mail so far went out, or is still being retried.' }}
        />
      </Section>
      <Section
        id="dead-events-title"
        title="Events not followed"
        intro="Events whose bell entries, mails or webhook deliveries failed every try. Replaying one sends it back to be followed, and only what is still missing is done."
      >
        <ServerPagedTable
          list={events}
          noun="Dead events"
          label="Dead events"
          columns={eventColumns}
          rowKey={(r) => r.DeadEventID}
          rowAttr="data-dead-event"
          empty={{ icon: null, title: 'No dead events', text: 'Every event so far was followed, or is still being retried.' }}
        />
      </Section>
    </div>
  )
}

/** One list of the page: its heading, what it holds, the table. */
function Section({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 mb-4 max-w-3xl text-sm text-slate-600">{intro}</p>
      {children}
    </section>
  )
}

/**
 * Sends one dead event back to the events queue; busy until the list has been asked again, so the
 * row leaves before it could be pressed twice. A failure (404: another operator replayed it; 503:
 * the queue refused) is toasted once with the server's message (lib/queryClient.ts), and the list
 * is asked again then too, since a 404's row is gone.
 */
function ReplayButton({ event }: { event: DeadEventDTO }) {
  const client = useQueryClient()
  const replay = useMutation({
    mutationFn: () => adminApi.replayDeadEvent(event.DeadEventID),
    onSuccess: (res) => toast.success(res.message),
    onSettled: () => client.invalidateQueries({ queryKey: DEAD_EVENTS_KEY }),
  })
  return (
    <Button
      size="sm"
      variant="secondary"
      busy={replay.isPending}
      onClick={() => replay.mutate()}
      aria-label={`Replay ${eventLabel(event.type)} (${event.about})`}
    >
      Replay
    </Button>
  )
}
