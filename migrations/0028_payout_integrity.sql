-- A payout arrives whole or not at all (issue 31): it is written only through the payout_records
-- view, whose trigger checks the UTR and the TDS guard, inserts the payout and its items and ends
-- only when the items add up to the gross. Money rows are never deleted.
UPDATE payouts SET SettledPaise = (
  SELECT COALESCE(SUM(e.AmountPaise), 0) FROM payout_items pi JOIN commission_entries e ON e.EntryID = pi.EntryID WHERE pi.PayoutID = payouts.PayoutID
);
--> statement-breakpoint
CREATE VIEW payout_records AS
SELECT VendorID, MarketerID, GrossPaise, TdsPaise, TdsBasePaise, NetPaise, Method, UTR, PaidOn, createdAt,
  '[]' AS EntryIDs, '' AS fyStart, '' AS fyEnd, 0 AS lastPayoutId
FROM payouts WHERE 0;
--> statement-breakpoint
-- One statement, so a refusal at any step leaves nothing written. The UTR is checked first: two
-- payouts sent with one reference are a retry or a typo, and that is the message the vendor needs.
-- fyStart, fyEnd and lastPayoutId are what the TDS was worked out from: a payout of the pair that
-- joined that financial year meanwhile changes the TDS, so this one is refused.
CREATE TRIGGER payout_records_insert
INSTEAD OF INSERT ON payout_records
BEGIN
  SELECT RAISE(ABORT, 'ledger: UTR used') WHERE EXISTS (SELECT 1 FROM payouts WHERE VendorID = NEW.VendorID AND UTR = NEW.UTR);
  SELECT RAISE(ABORT, 'ledger: payout race') WHERE EXISTS (
    SELECT 1 FROM payouts WHERE VendorID = NEW.VendorID AND MarketerID = NEW.MarketerID
      AND PaidOn >= NEW.fyStart AND PaidOn <= NEW.fyEnd AND PayoutID > NEW.lastPayoutId
  );
  SELECT RAISE(ABORT, 'ledger: payout amounts do not add up')
    WHERE NEW.GrossPaise <= 0 OR NEW.TdsPaise < 0 OR NEW.NetPaise < 0 OR NEW.TdsPaise + NEW.NetPaise <> NEW.GrossPaise;
  INSERT INTO payout_gate (open) VALUES (1);
  INSERT INTO payouts (VendorID, MarketerID, GrossPaise, TdsPaise, TdsBasePaise, NetPaise, Method, UTR, PaidOn, createdAt)
  VALUES (NEW.VendorID, NEW.MarketerID, NEW.GrossPaise, NEW.TdsPaise, NEW.TdsBasePaise, NEW.NetPaise, NEW.Method, NEW.UTR, NEW.PaidOn, NEW.createdAt);
  -- Deductions first, then commissions from the smallest: the running sum only climbs to the
  -- gross, so the item trigger can refuse any item that would pass it.
  INSERT INTO payout_items (EntryID, PayoutID)
  SELECT e.EntryID, (SELECT PayoutID FROM payouts WHERE VendorID = NEW.VendorID AND UTR = NEW.UTR)
  FROM json_each(NEW.EntryIDs) j JOIN commission_entries e ON e.EntryID = j.value
  ORDER BY e.AmountPaise, e.EntryID;
  SELECT RAISE(ABORT, 'ledger: payout gross differs from its entries') WHERE EXISTS (
    SELECT 1 FROM payouts p WHERE p.VendorID = NEW.VendorID AND p.UTR = NEW.UTR
      AND (p.SettledPaise <> p.GrossPaise OR (SELECT count(*) FROM payout_items pi WHERE pi.PayoutID = p.PayoutID) <> json_array_length(NEW.EntryIDs))
  );
  DELETE FROM payout_gate;
END;
--> statement-breakpoint
CREATE TRIGGER payouts_through_records
BEFORE INSERT ON payouts
WHEN NOT EXISTS (SELECT 1 FROM payout_gate)
BEGIN
  SELECT RAISE(ABORT, 'ledger: payouts are recorded through payout_records');
END;
--> statement-breakpoint
CREATE TRIGGER payout_items_through_records
BEFORE INSERT ON payout_items
WHEN NOT EXISTS (SELECT 1 FROM payout_gate)
BEGIN
  SELECT RAISE(ABORT, 'ledger: payouts are recorded through payout_records');
END;
--> statement-breakpoint
-- Every item's entry is the payout's vendor's and influencer's.
CREATE TRIGGER payout_items_same_pair
BEFORE INSERT ON payout_items
WHEN NOT EXISTS (
  SELECT 1 FROM commission_entries e JOIN payouts p ON p.PayoutID = NEW.PayoutID
  WHERE e.EntryID = NEW.EntryID AND e.VendorID = p.VendorID AND e.MarketerID = p.MarketerID
)
BEGIN
  SELECT RAISE(ABORT, 'ledger: entry belongs to another vendor or influencer');
END;
--> statement-breakpoint
CREATE TRIGGER payout_items_within_gross
BEFORE INSERT ON payout_items
WHEN (SELECT SettledPaise FROM payouts WHERE PayoutID = NEW.PayoutID) + (SELECT AmountPaise FROM commission_entries WHERE EntryID = NEW.EntryID)
  > (SELECT GrossPaise FROM payouts WHERE PayoutID = NEW.PayoutID)
BEGIN
  SELECT RAISE(ABORT, 'ledger: items exceed the payout gross');
END;
--> statement-breakpoint
CREATE TRIGGER payout_items_settle
AFTER INSERT ON payout_items
BEGIN
  UPDATE payouts SET SettledPaise = SettledPaise + (SELECT AmountPaise FROM commission_entries WHERE EntryID = NEW.EntryID)
  WHERE PayoutID = NEW.PayoutID;
END;
--> statement-breakpoint
CREATE TRIGGER payouts_fixed
BEFORE UPDATE OF VendorID, MarketerID, GrossPaise, TdsPaise, TdsBasePaise, NetPaise, Method, UTR, PaidOn, SettledPaise ON payouts
WHEN NOT EXISTS (SELECT 1 FROM payout_gate)
  OR OLD.VendorID <> NEW.VendorID OR OLD.MarketerID <> NEW.MarketerID OR OLD.GrossPaise <> NEW.GrossPaise OR OLD.TdsPaise <> NEW.TdsPaise
  OR OLD.TdsBasePaise <> NEW.TdsBasePaise OR OLD.NetPaise <> NEW.NetPaise OR OLD.Method <> NEW.Method OR OLD.UTR <> NEW.UTR OR OLD.PaidOn <> NEW.PaidOn
BEGIN
  SELECT RAISE(ABORT, 'ledger: payouts are append-only');
END;
--> statement-breakpoint
CREATE TRIGGER payout_items_fixed
BEFORE UPDATE ON payout_items
BEGIN
  SELECT RAISE(ABORT, 'ledger: payouts are append-only');
END;
--> statement-breakpoint
CREATE TRIGGER payouts_kept
BEFORE DELETE ON payouts
BEGIN
  SELECT RAISE(ABORT, 'ledger: money records are never deleted');
END;
--> statement-breakpoint
CREATE TRIGGER payout_items_kept
BEFORE DELETE ON payout_items
BEGIN
  SELECT RAISE(ABORT, 'ledger: money records are never deleted');
END;
--> statement-breakpoint
CREATE TRIGGER commission_entries_kept
BEFORE DELETE ON commission_entries
BEGIN
  SELECT RAISE(ABORT, 'ledger: money records are never deleted');
END;
