// The audit log in words: what was done to what, and what changed, as an
// operator reads it ('Switched on', not 'IsActive: true'), with times in IST only.

import { type AuditAction, type AuditEntryDTO, type AuditTarget, REASON_LABELS, type ReasonCode } from '@contract/admin'
import { formatIstDateTime } from '../../lib/istTime'

export const ACTION_LABELS: Record<string, string> = {
  verify: 'Verified',
  unverify: 'Removed verification',
  suspend: 'Suspended',
  reinstate: 'Reinstated',
  'take-down': 'Took down',
  restore: 'Restored',
  export: 'Exported data',
  erase: 'Erased personal data',
  'erase-buyer': 'Erased a buyer’s details',
  'log-request': 'Logged a data request',
  'complete-request': 'Completed a data request',
  'resolve-dispute': 'Resolved a dispute',
  'create-api-key': 'Created an API key',
  'revoke-api-key': 'Revoked an API key',
  'replay-event': 'Replayed a dead event',
} satisfies Record<AuditAction, string>

export const TARGET_LABELS: Record<string, string> = {
  vendor: 'Vendor',
  marketer: 'Influencer',
  product: 'Product',
  buyer: 'Buyer',
  dispute: 'Dispute',
  'data-request': 'Data request',
  'api-key': 'API key',
  event: 'Event',
} satisfies Record<AuditTarget, string>

/** What each marketplace event is, in words; a type added later shows as itself until it is listed here. */
export const EVENT_LABELS: Record<string, string> = {
  'lead.created': 'New lead',
  'lead.status_changed': 'Lead status changed',
  'payout.recorded': 'Payout recorded',
  'payout_details.changed': 'Payout details changed',
  'account.email_verified': 'Email address verified',
  'password.changed': 'Password changed',
  'campaign.invited': 'Influencer invited to a campaign',
  'campaign.applied': 'Influencer applied to a campaign',
  'campaign.member_answered': 'Campaign invite or application answered',
  'deliverable.submitted': 'Deliverable submitted',
  'deliverable.reviewed': 'Deliverable reviewed',
}

export const eventLabel = (type: string): string => EVENT_LABELS[type] ?? type

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

/** One field's change as a phrase; null for fields that say nothing to an operator. */
function phrase(key: string, value: unknown): string | null {
  switch (key) {
    case 'IsActive':
      return value ? 'Switched on' : 'Switched off'
    case 'Verified':
      return value ? 'Verified' : 'Not verified'
    case 'takenDown':
      return value ? 'Taken down' : 'Not taken down'
    case 'done':
      return value ? 'Completed' : 'Open'
    case 'status':
      return value === 'active' ? 'Active' : value === 'suspended' ? 'Suspended' : value === 'erased' ? 'Erased' : String(value)
    case 'suspendedAt':
      return typeof value === 'string' ? `Suspended since ${formatIstDateTime(value)}` : null
    case 'erasedAt':
      return typeof value === 'string' ? `Erased on ${formatIstDateTime(value)}` : null
    case 'name':
      return `Name: ${String(value)}`
    case 'leads':
      return `${String(value)} ${value === 1 ? 'lead' : 'leads'}`
    case 'phone':
      return `Phone ${String(value)}`
    case 'ClientName':
      return `Buyer’s name: ${String(value)}`
    case 'ClientEmail':
      return value === null ? 'Email removed' : null
    case 'ClientPhone':
      return value === '' ? 'Phone removed' : null
    case 'requestId':
      return `For request #${String(value)}`
    case 'outcome':
      return value === 'declined' ? 'Declined' : 'Done'
    case 'kind':
      return `Asked for: ${String(value)}`
    case 'subjectType':
      return `About a ${String(value)}`
    case 'receivedOn':
      return `Received ${String(value)}`
    case 'type':
      return `Event: ${eventLabel(String(value))}`
    default:
      if (typeof value === 'string' && ISO_TIME.test(value)) return `${key}: ${formatIstDateTime(value)}`
      return `${key}: ${value === null ? '—' : String(value)}`
  }
}

export function describeChange(values: Record<string, unknown> | null): string {
  if (!values) return '—'
  const parts = Object.entries(values)
    .map(([k, v]) => phrase(k, v))
    .filter((p): p is string => p !== null)
  return parts.length ? parts.join(', ') : '—'
}

export const recordOf = (r: AuditEntryDTO): string => `${TARGET_LABELS[r.targetType] ?? r.targetType}: ${r.targetName ?? r.targetId}`

export function reasonOfEntry(r: AuditEntryDTO): string {
  const code = r.reasonCode && r.reasonCode in REASON_LABELS ? REASON_LABELS[r.reasonCode as ReasonCode] : null
  if (code && r.reason) return `${code}: ${r.reason}`
  return code ?? r.reason ?? '—'
}
