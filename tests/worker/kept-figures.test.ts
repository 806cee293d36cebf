// Every trigger that keeps a figure is written by `npm run db:triggers` from worker/db/kept-figures.ts
// (decision 279). The database must hold exactly what that definition writes, and no other trigger
// but the named exceptions below: a trigger edited by hand in a migration, a new hand-written one,
// or a definition changed without a new migration, fails here. (Whether the figures they keep are
// right is account-totals, report-figures, campaigns, notifications, ledger and payouts tests.)

import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { allKeptTriggers } from '../../worker/db/kept-figures'

/** Triggers that keep no derived count or sum, each with why it stays written by hand. */
const NOT_FIGURES: Record<string, string> = {
  // The ledger's and payouts' integrity: they refuse a bad write (RAISE), they keep nothing.
  commission_entries_amount_fixed: 'entries are append-only',
  commission_entries_deliverable_fixed: 'entries are append-only',
  commission_entries_fee_approved: 'a fee needs an approved deliverable',
  commission_entries_fee_shape: 'a fee names a deliverable and no lead',
  commission_entries_kept: 'money records are never deleted',
  commission_entries_paid_not_reversed: 'a paid entry is not reversed',
  commission_entries_reversed_once: 'an entry is reversed once',
  commission_entries_line_within_earned: 'an order line gives back at most what it earned',
  commission_entries_order_fixed: 'entries are append-only',
  orders_one_writer: 'of two racing writers of an order one wins',
  payout_items_fixed: 'payouts are append-only',
  payout_items_kept: 'money records are never deleted',
  payout_items_not_reversed: 'a reversed entry is not paid',
  payout_items_same_pair: 'an item belongs to its payout pair',
  payout_items_through_records: 'payouts go through payout_records',
  payout_items_within_gross: 'items stay within the gross',
  payouts_fixed: 'payouts are append-only',
  payouts_kept: 'money records are never deleted',
  payouts_through_records: 'payouts go through payout_records',
  payout_records_insert: 'the one write path of a payout, refusing races and reused UTRs',
  // Provider payouts (decision 298): held entries stay out of every other payout.
  commission_entries_held_kept: 'a held entry is not reversed',
  payout_holds_open_entry: 'a hold is for an open entry of its payout pair',
  payout_items_not_held: 'a held entry is paid only by its provider payout',
  payouts_not_while_sending: 'no payout of a pair while a provider payout is open',
  provider_payouts_final: 'failed and reversed are final',
  provider_payouts_fixed: 'provider payouts are append-only',
  // Campaign rules, refused the same way.
  campaign_deliverables_accepted_only: 'a deliverable of an accepted creator only',
  campaign_deliverables_approved_final: 'an approved deliverable is final',
  campaign_members_answered_final: 'an answer is final',
  campaigns_not_overfilled: 'an accept that would overfill the campaign fails',
  leads_campaign_member: 'a campaign lead of a member and a campaign product',
  // Search indexes (decision 010): rows copied into FTS5 and gram tables, not figures.
  leads_search_insert: 'FTS index',
  leads_search_update: 'FTS index',
  leads_search_delete: 'FTS index',
  marketers_search_insert: 'FTS index',
  marketers_search_update: 'FTS index',
  marketers_search_delete: 'FTS index',
  products_search_insert: 'FTS index',
  products_search_update: 'FTS index',
  products_search_delete: 'FTS index',
  product_grams_insert: 'short-word grams',
  product_grams_update_old: 'short-word grams',
  product_grams_update_new: 'short-word grams',
  product_grams_delete: 'short-word grams',
  // Stamps (decision 101): a random value that says a list changed, not a count.
  account_totals_lead_stamp_insert: 'stamp',
  account_totals_lead_stamp_update: 'stamp',
  account_totals_lead_stamp_delete: 'stamp',
  list_stamp_marketers_insert: 'stamp',
  list_stamp_marketers_update: 'stamp',
  list_stamp_marketers_delete: 'stamp',
  list_stamp_products_insert: 'stamp',
  list_stamp_products_update: 'stamp',
  list_stamp_products_delete: 'stamp',
  // A cursor of the payable-notice job, moved back when an entry becomes payable sooner.
  payable_notice_rewind: 'cursor',
}

type Stored = { name: string; table: string; sql: string }
const storedTriggers = async () =>
  (await env.DB.prepare(`SELECT name, tbl_name AS "table", sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name`).all<Stored>()).results

describe('the triggers', () => {
  it('that keep a figure are exactly the ones worker/db/kept-figures.ts writes', async () => {
    const stored = new Map((await storedTriggers()).map((t) => [t.name, t]))
    for (const trigger of allKeptTriggers()) expect(stored.get(trigger.name), trigger.name).toEqual(trigger)
  })

  it('are all generated but the named exceptions, which all exist', async () => {
    const generated = new Set(allKeptTriggers().map((t) => t.name))
    const names = (await storedTriggers()).map((t) => t.name)
    expect(names.filter((name) => !generated.has(name) && !(name in NOT_FIGURES))).toEqual([])
    expect(Object.keys(NOT_FIGURES).filter((name) => !names.includes(name))).toEqual([])
    expect(Object.keys(NOT_FIGURES).filter((name) => generated.has(name))).toEqual([])
  })

  it('store each report view under its API name, marketer rather than influencer', async () => {
    const { results } = await env.DB.prepare('SELECT DISTINCT view FROM report_windows ORDER BY view').all<{ view: string }>()
    expect(results.map((r) => r.view)).toEqual(['link', 'marketer', 'product'])
  })
})
