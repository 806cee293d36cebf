import type { DisputeState } from '@contract/disputes'
import { useState } from 'react'
import { NoteDialog, type NoteRequest } from '../../components/NoteDialog'
import { useDocumentTitle } from '../../lib/useDocumentTitle'
import { usePagedList } from '../../lib/usePagedList'
import { DISPUTE_STATE_LABELS, DisputesTable, resolveRequest } from '../dashboard-shared/Disputes'
import { adminApi } from './adminApi'
import { SelectFilter } from './AdminDialogs'

/** /admin/disputes: influencers' disputes of ledger entries across every vendor, open ones first. */
export default function DisputesScreen() {
  useDocumentTitle('Disputes · Admin')
  const [state, setState] = useState<DisputeState>('open')
  const list = usePagedList(['admin', 'disputes', state], (cursor, signal) => adminApi.disputes({ state, cursor }, signal))
  const [resolving, setResolving] = useState<NoteRequest | null>(null)
  return (
    <div>
      <h1 className="mb-1 text-2xl font-bold text-slate-900">Disputes</h1>
      <p className="mb-4 text-sm text-slate-600">
        Entries influencers disagree with: the vendor’s reason beside the influencer’s note. Resolving one is kept in the audit log.
      </p>
      <div className="mb-4">
        <SelectFilter label="Show" value={state} options={DISPUTE_STATE_LABELS} onChange={(v) => setState(v as DisputeState)} />
      </div>
      <DisputesTable
        list={list}
        showVendor
        onResolve={(d) => setResolving(resolveRequest(d, async (note) => ({ message: (await adminApi.resolveDispute(d.DisputeID, note)).message })))}
      />
      <NoteDialog request={resolving} onClose={() => setResolving(null)} onDone={() => void list.reload()} />
    </div>
  )
}
