-- A settled entry is never reversed, and a reversed entry is never settled, whichever of a lead
-- status change and a payout reaches the database first: the loser's batch aborts whole (409).
CREATE TRIGGER payout_items_not_reversed
BEFORE INSERT ON payout_items
WHEN (SELECT reversedAt FROM commission_entries WHERE EntryID = NEW.EntryID) IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'ledger: entry reversed');
END;
--> statement-breakpoint
CREATE TRIGGER commission_entries_paid_not_reversed
BEFORE UPDATE OF reversedAt ON commission_entries
WHEN NEW.reversedAt IS NOT NULL AND EXISTS (SELECT 1 FROM payout_items WHERE EntryID = NEW.EntryID)
BEGIN
  SELECT RAISE(ABORT, 'ledger: entry paid');
END;
--> statement-breakpoint
-- Entries are append-only money: their amount, people and lead never change.
CREATE TRIGGER commission_entries_amount_fixed
BEFORE UPDATE OF AmountPaise, LeadID, VendorID, MarketerID, Kind ON commission_entries
BEGIN
  SELECT RAISE(ABORT, 'ledger: entries are append-only');
END;
--> statement-breakpoint
-- Leads converted before the ledger existed get their commission entry, so balances start true.
INSERT INTO commission_entries (LeadID, VendorID, MarketerID, ProductName, Kind, AmountPaise, convertedAt)
SELECT LeadID, VendorID, MarketerID, ProductName, 'commission', CommissionAmountPaise, COALESCE(convertedAt, updatedAt)
FROM leads WHERE Status = 'Converted' AND CommissionAmountPaise > 0;
