// Disputes (decision 070): an influencer objects to one of their ledger entries with a note; the entry's
// vendor and the back office read it and may resolve it with a note of their own.

import * as z from 'zod/mini'
import { choiceField } from './list-query'
import { capped } from './fields'
import { pageQueryShape } from './paging'
import { ENTRY_KINDS, entryDisputeStateSchema } from './payouts'

export const DISPUTE_NOTE_MIN = 3
export const DISPUTE_NOTE_MAX = 500

export const DISPUTE_MESSAGES = {
  noteLength: `Note should be ${DISPUTE_NOTE_MIN} to ${DISPUTE_NOTE_MAX} characters`,
  entryNotFound: 'Entry not found',
  disputeNotFound: 'Dispute not found',
  alreadyOpen: 'This entry already has an open dispute',
  alreadyResolved: 'This dispute is already resolved',
  stateInvalid: 'state should be open, resolved or all',
  opened: 'Dispute sent to the vendor and Collabkart',
  resolved: 'Dispute resolved',
} as const

/** What an erased influencer's dispute notes read afterwards. */
export const ERASED_DISPUTE_NOTE = 'Erased with the influencer’s personal data'

const noteField = z
  .string({ error: DISPUTE_MESSAGES.noteLength })
  .check(
    capped(DISPUTE_NOTE_MAX * 4, DISPUTE_MESSAGES.noteLength),
    z.trim(),
    z.minLength(DISPUTE_NOTE_MIN, DISPUTE_MESSAGES.noteLength),
    z.maxLength(DISPUTE_NOTE_MAX, DISPUTE_MESSAGES.noteLength),
  )

/** POST /api/money/entries/{id}/dispute (the entry's influencer) and the resolutions (vendor, back office). */
export const disputeNoteSchema = z.object({ Note: noteField }, { error: DISPUTE_MESSAGES.noteLength })
export type DisputeNoteInput = z.input<typeof disputeNoteSchema>

export const DISPUTE_STATES = ['open', 'resolved', 'all'] as const
export type DisputeState = (typeof DISPUTE_STATES)[number]

/** GET /api/money/disputes (vendor) and /api/admin/disputes: newest first, open ones by default. */
export const disputeQuerySchema = z.object({
  ...pageQueryShape,
  state: choiceField(DISPUTE_STATES, 'open', DISPUTE_MESSAGES.stateInvalid),
})
export type DisputeQuery = z.output<typeof disputeQuerySchema>

/** A row of the vendor's and the back office's dispute lists. Amount in rupees (negative for an adjustment). */
export const disputeSchema = z.extend(entryDisputeStateSchema, {
  EntryID: z.number(),
  LeadID: z.number(),
  VendorID: z.number(),
  VendorName: z.string(),
  MarketerID: z.number(),
  MarketerName: z.string(),
  ProductName: z.string(),
  Kind: z.enum(ENTRY_KINDS),
  Amount: z.number(),
  /** Why the entry was written or reversed, in the vendor's words (null when no reason was given). */
  Reason: z.nullable(z.string()),
  reversed: z.boolean(),
})
export type DisputeDTO = z.output<typeof disputeSchema>
