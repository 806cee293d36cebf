-- Payouts sent through a provider (decision 298). An open provider payout (queued, processing)
-- holds its entries in payout_holds until the provider answers; while it does, no other payout may
-- settle them or another payout of the pair be recorded (its TDS was worked out without it), and a
-- lead change may not reverse them (ledgerFollowsLead writes an adjustment instead).
CREATE TRIGGER payouts_not_while_sending
BEFORE INSERT ON payouts
WHEN EXISTS (
  SELECT 1 FROM provider_payouts t WHERE t.VendorID = NEW.VendorID AND t.MarketerID = NEW.MarketerID AND t.Status IN ('queued', 'processing')
)
BEGIN
  SELECT RAISE(ABORT, 'ledger: payout race');
END;
--> statement-breakpoint
CREATE TRIGGER payout_items_not_held
BEFORE INSERT ON payout_items
WHEN EXISTS (SELECT 1 FROM payout_holds h WHERE h.EntryID = NEW.EntryID)
BEGIN
  SELECT RAISE(ABORT, 'ledger: entry held by a payout being sent');
END;
--> statement-breakpoint
-- A hold is for an open entry of the payout's own pair, and only while the payout is open.
CREATE TRIGGER payout_holds_open_entry
BEFORE INSERT ON payout_holds
WHEN NOT EXISTS (
  SELECT 1 FROM commission_entries e JOIN provider_payouts t ON t.TransferID = NEW.TransferID
  WHERE e.EntryID = NEW.EntryID AND e.VendorID = t.VendorID AND e.MarketerID = t.MarketerID AND e.reversedAt IS NULL
    AND t.Status IN ('queued', 'processing')
    AND NOT EXISTS (SELECT 1 FROM payout_items pi WHERE pi.EntryID = e.EntryID)
)
BEGIN
  SELECT RAISE(ABORT, 'ledger: entry not open for this payout');
END;
--> statement-breakpoint
CREATE TRIGGER commission_entries_held_kept
BEFORE UPDATE OF reversedAt ON commission_entries
WHEN NEW.reversedAt IS NOT NULL AND OLD.reversedAt IS NULL AND EXISTS (SELECT 1 FROM payout_holds h WHERE h.EntryID = OLD.EntryID)
BEGIN
  SELECT RAISE(ABORT, 'ledger: entry held by a payout being sent');
END;
--> statement-breakpoint
-- Failed and reversed are final; paid may still become reversed (the bank returned the money).
CREATE TRIGGER provider_payouts_final
BEFORE UPDATE OF Status ON provider_payouts
WHEN OLD.Status <> NEW.Status AND (OLD.Status IN ('failed', 'reversed') OR (OLD.Status = 'paid' AND NEW.Status <> 'reversed'))
BEGIN
  SELECT RAISE(ABORT, 'ledger: provider payout already settled');
END;
--> statement-breakpoint
-- Amounts, pair and entries never change once written.
CREATE TRIGGER provider_payouts_fixed
BEFORE UPDATE OF VendorID, MarketerID, GrossPaise, TdsPaise, TdsBasePaise, NetPaise, EntryIDs ON provider_payouts
BEGIN
  SELECT RAISE(ABORT, 'ledger: payouts are append-only');
END;
