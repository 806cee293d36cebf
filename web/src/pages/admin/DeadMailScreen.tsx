import type { DeadMailDTO } from '@contract/admin'
import { NOTIFICATION_KIND_LABELS } from '@contract/notifications'
import { useDocumentTitle } from '../../lib/useDocumentTitle'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'
import { adminApi } from './adminApi'
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

/** /admin/mail: mails that never went out, newest first; read only (docs/decisions/135). */
export default function DeadMailScreen() {
  useDocumentTitle('Dead mail · Admin')
  const list = usePagedList(['admin', 'dead-mail'], (cursor, signal) => adminApi.deadMail({ cursor }, signal))
  const columns: Column<DeadMailDTO>[] = [
    { label: 'Raised (IST)', cell: (r) => formatIstDateTime(r.createdAt) },
    { label: 'Kind', cell: (r) => <Wrapped strong text={KIND_LABELS[r.kind] ?? r.kind} /> },
    { label: 'To', cell: (r) => <TextCell text={r.recipientHint} /> },
    { label: 'Subject', wide: true, cell: (r) => <Wrapped text={r.subject} /> },
    { label: 'Tries', cell: (r) => String(r.attempts) },
    { label: 'Last error', wide: true, cell: (r) => <Wrapped text={r.lastError ?? 'None recorded'} /> },
  ]
  return (
    <div>
      <h1 className="mb-1 text-2xl font-bold text-slate-900">Dead mail</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-600">
        Mails that used up every retry, or that the mail queue refused. The message itself is not kept, so it cannot be resent from here: the person can ask
        again (for a reset link), and every notice to a vendor or an influencer is also in their bell.
      </p>
      <ServerPagedTable
        list={list}
        noun="Dead mails"
        label="Dead mail"
        columns={columns}
        rowKey={(r) => r.MailID}
        rowAttr="data-dead-mail"
        empty={{ icon: null, title: 'No dead mail', text: 'Every mail so far went out, or is still being retried.' }}
      />
    </div>
  )
}
