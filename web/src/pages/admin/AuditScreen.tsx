import { useState } from 'react'
import { AUDIT_ACTIONS, AUDIT_TARGETS, type AuditEntryDTO } from '@contract/admin'
import { useDocumentTitle } from '../../lib/useDocumentTitle'
import { usePagedList } from '../../lib/usePagedList'
import { type Column, ServerPagedTable, TextCell } from '../dashboard-shared/DataTable'
import { adminApi } from './adminApi'
import { SelectFilter } from './AdminDialogs'
import { ACTION_LABELS, describeChange, reasonOfEntry, recordOf, TARGET_LABELS } from './auditText'
import { formatIstDateTime } from '../../lib/istTime'

/** /admin/audit: every admin action, newest first; read only. */

export default function AuditScreen() {
  useDocumentTitle('Audit log · Admin')
  const [action, setAction] = useState('')
  const [targetType, setTargetType] = useState('')
  const list = usePagedList(['admin', 'audit', action, targetType], (cursor, signal) =>
    adminApi.audit({ action: action || undefined, targetType: targetType || undefined, cursor }, signal),
  )
  const columns: Column<AuditEntryDTO>[] = [
    { label: 'When (IST)', cell: (r) => formatIstDateTime(r.at) },
    { label: 'Who', cell: (r) => <TextCell text={r.adminEmail} /> },
    { label: 'Action', cell: (r) => <span className="font-semibold text-slate-900">{ACTION_LABELS[r.action] ?? r.action}</span> },
    { label: 'Record', wide: true, cell: (r) => <TextCell text={recordOf(r)} /> },
    { label: 'Reason', wide: true, cell: (r) => <TextCell text={reasonOfEntry(r)} /> },
    { label: 'Before', wide: true, cell: (r) => <TextCell text={describeChange(r.before)} /> },
    { label: 'After', wide: true, cell: (r) => <TextCell text={describeChange(r.after)} /> },
  ]
  return (
    <div>
      <h1 id="audit-title" className="mb-1 text-2xl font-bold text-slate-900">
        Audit log
      </h1>
      <p className="mb-4 text-sm text-slate-600">Every back-office action, as it happened. Entries cannot be edited or deleted.</p>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <SelectFilter
          label="Action"
          value={action}
          options={[['', 'All actions'], ...AUDIT_ACTIONS.map((a) => [a, ACTION_LABELS[a] ?? a] as const)]}
          onChange={setAction}
        />
        <SelectFilter
          label="Record"
          value={targetType}
          options={[['', 'All records'], ...AUDIT_TARGETS.map((t) => [t, TARGET_LABELS[t] ?? t] as const)]}
          onChange={setTargetType}
        />
      </div>
      <ServerPagedTable
        list={list}
        noun="Audit entries"
        label="Audit log"
        columns={columns}
        rowKey={(r) => r.id}
        rowAttr="data-audit"
        empty={{ icon: null, title: 'No entries', text: 'No admin action matches these filters yet.' }}
      />
    </div>
  )
}
