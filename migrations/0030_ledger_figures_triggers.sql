-- Kept ledger figures (issue 31, item 7; docs/decisions/050-kept-ledger-figures.md). Existing rows
-- are filled first, then the triggers keep them as entries, payouts and terms change.
UPDATE commission_entries SET
  clearsAt = strftime('%Y-%m-%dT%H:%M:%fZ', convertedAt, '+' || (SELECT HoldingDays FROM vendors v WHERE v.VendorID = commission_entries.VendorID) || ' days'),
  dueAt = strftime('%Y-%m-%dT%H:%M:%fZ', convertedAt, '+' || (SELECT HoldingDays + PaymentTermsDays FROM vendors v WHERE v.VendorID = commission_entries.VendorID) || ' days');
--> statement-breakpoint
-- With cut '' nothing is payable yet: the first read adds everything that cleared.
INSERT INTO ledger_figures (VendorID, MarketerID, openPaise, openN, adjustmentsPaise, paidPaise, paidN, reversedN, entriesN, adjustmentN)
WITH e AS (
  SELECT c.VendorID, c.MarketerID, c.AmountPaise, c.Kind, c.reversedAt,
    (c.reversedAt IS NULL AND pi.EntryID IS NULL) AS open, (c.reversedAt IS NULL AND pi.EntryID IS NOT NULL) AS paid
  FROM commission_entries c LEFT JOIN payout_items pi ON pi.EntryID = c.EntryID
)
SELECT o.VendorID, o.MarketerID,
  SUM(CASE WHEN open AND AmountPaise > 0 THEN AmountPaise ELSE 0 END), SUM(open AND AmountPaise > 0),
  SUM(CASE WHEN open AND AmountPaise < 0 THEN AmountPaise ELSE 0 END),
  SUM(CASE WHEN paid THEN AmountPaise ELSE 0 END), SUM(paid), SUM(reversedAt IS NOT NULL), count(*), SUM(Kind = 'adjustment')
FROM (SELECT VendorID AS VendorID, MarketerID AS MarketerID, AmountPaise, Kind, reversedAt, open, paid FROM e
  UNION ALL SELECT VendorID, 0, AmountPaise, Kind, reversedAt, open, paid FROM e
  UNION ALL SELECT 0, MarketerID, AmountPaise, Kind, reversedAt, open, paid FROM e) o
GROUP BY o.VendorID, o.MarketerID;
--> statement-breakpoint
UPDATE ledger_figures SET
  pairsN = CASE
    WHEN VendorID = 0 THEN (SELECT count(*) FROM ledger_figures p WHERE p.MarketerID = ledger_figures.MarketerID AND p.VendorID <> 0)
    ELSE (SELECT count(*) FROM ledger_figures p WHERE p.VendorID = ledger_figures.VendorID AND p.MarketerID <> 0) END,
  lastPayoutId = (SELECT max(PayoutID) FROM payouts p WHERE p.VendorID = ledger_figures.VendorID AND p.MarketerID = ledger_figures.MarketerID);
--> statement-breakpoint
INSERT INTO ledger_years (VendorID, MarketerID, fyStart, grossPaise, tdsPaise, taxedPaise, lastPayoutId)
WITH p AS (
  SELECT VendorID, MarketerID, GrossPaise, TdsPaise, TdsBasePaise, PayoutID,
    (CASE WHEN substr(PaidOn, 6) >= '04-01' THEN CAST(substr(PaidOn, 1, 4) AS INTEGER) ELSE CAST(substr(PaidOn, 1, 4) AS INTEGER) - 1 END) || '-04-01' AS fy
  FROM payouts
)
SELECT v, m, fy, SUM(GrossPaise), SUM(TdsPaise), SUM(TdsBasePaise), max(PayoutID)
FROM (
  SELECT VendorID AS v, MarketerID AS m, fy, GrossPaise, TdsPaise, TdsBasePaise, PayoutID FROM p
  UNION ALL SELECT VendorID, 0, fy, GrossPaise, TdsPaise, TdsBasePaise, PayoutID FROM p
  UNION ALL SELECT 0, MarketerID, fy, GrossPaise, TdsPaise, TdsBasePaise, PayoutID FROM p
)
GROUP BY v, m, fy;
--> statement-breakpoint
CREATE VIEW ledger_moves AS
SELECT 0 AS VendorID, 0 AS MarketerID, 0 AS AmountPaise, '' AS clearsAt, '' AS dueAt, 0 AS open, 0 AS paid, 0 AS reversed, 0 AS entries, 0 AS adjustment
WHERE 0;
--> statement-breakpoint
-- One entry moving in or out of a state, applied to its pair's, its vendor's and its influencer's
-- rows. Payable and overdue are judged against each row's cut: the vendor's for its own row and
-- its pairs', the influencer's own for theirs.
CREATE TRIGGER ledger_moves_apply
INSTEAD OF INSERT ON ledger_moves
BEGIN
  INSERT OR IGNORE INTO ledger_figures (VendorID, MarketerID) VALUES (NEW.VendorID, 0), (0, NEW.MarketerID), (NEW.VendorID, NEW.MarketerID);
  UPDATE ledger_figures SET
    openPaise = openPaise + NEW.open * max(NEW.AmountPaise, 0),
    openN = openN + NEW.open * (NEW.AmountPaise > 0),
    payablePaise = payablePaise + NEW.open * (CASE WHEN NEW.AmountPaise > 0 AND NEW.clearsAt <= (
      CASE WHEN ledger_figures.VendorID = 0 THEN ledger_figures.cut ELSE (SELECT v.cut FROM ledger_figures v WHERE v.VendorID = NEW.VendorID AND v.MarketerID = 0) END
    ) THEN NEW.AmountPaise ELSE 0 END),
    payableN = payableN + NEW.open * (NEW.AmountPaise > 0 AND NEW.clearsAt <= (
      CASE WHEN ledger_figures.VendorID = 0 THEN ledger_figures.cut ELSE (SELECT v.cut FROM ledger_figures v WHERE v.VendorID = NEW.VendorID AND v.MarketerID = 0) END
    )),
    overduePaise = overduePaise + NEW.open * (CASE WHEN NEW.AmountPaise > 0 AND NEW.dueAt < (
      CASE WHEN ledger_figures.VendorID = 0 THEN ledger_figures.cut ELSE (SELECT v.cut FROM ledger_figures v WHERE v.VendorID = NEW.VendorID AND v.MarketerID = 0) END
    ) THEN NEW.AmountPaise ELSE 0 END),
    adjustmentsPaise = adjustmentsPaise + NEW.open * min(NEW.AmountPaise, 0),
    paidPaise = paidPaise + NEW.paid * NEW.AmountPaise,
    paidN = paidN + NEW.paid,
    reversedN = reversedN + NEW.reversed,
    entriesN = entriesN + NEW.entries,
    adjustmentN = adjustmentN + NEW.adjustment
  WHERE (VendorID = NEW.VendorID AND MarketerID = NEW.MarketerID) OR (VendorID = NEW.VendorID AND MarketerID = 0) OR (VendorID = 0 AND MarketerID = NEW.MarketerID);
END;
--> statement-breakpoint
CREATE TRIGGER ledger_figures_pairs
AFTER INSERT ON ledger_figures
WHEN NEW.VendorID <> 0 AND NEW.MarketerID <> 0
BEGIN
  UPDATE ledger_figures SET pairsN = pairsN + 1
  WHERE (VendorID = NEW.VendorID AND MarketerID = 0) OR (VendorID = 0 AND MarketerID = NEW.MarketerID);
END;
--> statement-breakpoint
-- A new entry: when it clears and falls due under the vendor's terms, then its figures.
CREATE TRIGGER commission_entries_figures_insert
AFTER INSERT ON commission_entries
BEGIN
  UPDATE commission_entries SET
    clearsAt = strftime('%Y-%m-%dT%H:%M:%fZ', NEW.convertedAt, '+' || (SELECT HoldingDays FROM vendors WHERE VendorID = NEW.VendorID) || ' days'),
    dueAt = strftime('%Y-%m-%dT%H:%M:%fZ', NEW.convertedAt, '+' || (SELECT HoldingDays + PaymentTermsDays FROM vendors WHERE VendorID = NEW.VendorID) || ' days')
  WHERE EntryID = NEW.EntryID;
  INSERT INTO ledger_moves (VendorID, MarketerID, AmountPaise, clearsAt, dueAt, open, paid, reversed, entries, adjustment)
  SELECT VendorID, MarketerID, AmountPaise, clearsAt, dueAt, reversedAt IS NULL, 0, reversedAt IS NOT NULL, 1, Kind = 'adjustment'
  FROM commission_entries WHERE EntryID = NEW.EntryID;
END;
--> statement-breakpoint
-- Reversed, or its clearing and due times moved (the vendor's terms changed): out of the old state,
-- into the new. A paid entry is neither (its figures are final).
CREATE TRIGGER commission_entries_figures_update
AFTER UPDATE OF clearsAt, dueAt, reversedAt ON commission_entries
WHEN OLD.clearsAt IS NOT NULL AND NOT EXISTS (SELECT 1 FROM payout_items WHERE EntryID = NEW.EntryID)
BEGIN
  INSERT INTO ledger_moves (VendorID, MarketerID, AmountPaise, clearsAt, dueAt, open, paid, reversed, entries, adjustment)
  VALUES
    (OLD.VendorID, OLD.MarketerID, OLD.AmountPaise, OLD.clearsAt, OLD.dueAt, -(OLD.reversedAt IS NULL), 0, -(OLD.reversedAt IS NOT NULL), 0, 0),
    (NEW.VendorID, NEW.MarketerID, NEW.AmountPaise, NEW.clearsAt, NEW.dueAt, NEW.reversedAt IS NULL, 0, NEW.reversedAt IS NOT NULL, 0, 0);
END;
--> statement-breakpoint
CREATE TRIGGER commission_entries_figures_converted
AFTER UPDATE OF convertedAt ON commission_entries
BEGIN
  UPDATE commission_entries SET
    clearsAt = strftime('%Y-%m-%dT%H:%M:%fZ', NEW.convertedAt, '+' || (SELECT HoldingDays FROM vendors WHERE VendorID = NEW.VendorID) || ' days'),
    dueAt = strftime('%Y-%m-%dT%H:%M:%fZ', NEW.convertedAt, '+' || (SELECT HoldingDays + PaymentTermsDays FROM vendors WHERE VendorID = NEW.VendorID) || ' days')
  WHERE EntryID = NEW.EntryID;
END;
--> statement-breakpoint
CREATE TRIGGER vendors_terms_figures
AFTER UPDATE OF HoldingDays, PaymentTermsDays ON vendors
WHEN OLD.HoldingDays <> NEW.HoldingDays OR OLD.PaymentTermsDays <> NEW.PaymentTermsDays
BEGIN
  UPDATE commission_entries SET
    clearsAt = strftime('%Y-%m-%dT%H:%M:%fZ', convertedAt, '+' || NEW.HoldingDays || ' days'),
    dueAt = strftime('%Y-%m-%dT%H:%M:%fZ', convertedAt, '+' || (NEW.HoldingDays + NEW.PaymentTermsDays) || ' days')
  WHERE VendorID = NEW.VendorID AND reversedAt IS NULL AND AmountPaise > 0 AND clearsAt IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER payout_items_figures
AFTER INSERT ON payout_items
BEGIN
  INSERT INTO ledger_moves (VendorID, MarketerID, AmountPaise, clearsAt, dueAt, open, paid, reversed, entries, adjustment)
  SELECT VendorID, MarketerID, AmountPaise, clearsAt, dueAt, -1, 1, 0, 0, 0 FROM commission_entries WHERE EntryID = NEW.EntryID;
END;
--> statement-breakpoint
CREATE TRIGGER payouts_figures
AFTER INSERT ON payouts
BEGIN
  INSERT INTO ledger_years (VendorID, MarketerID, fyStart, grossPaise, tdsPaise, taxedPaise, lastPayoutId)
  SELECT o.VendorID, o.MarketerID,
    (CASE WHEN substr(NEW.PaidOn, 6) >= '04-01' THEN CAST(substr(NEW.PaidOn, 1, 4) AS INTEGER) ELSE CAST(substr(NEW.PaidOn, 1, 4) AS INTEGER) - 1 END) || '-04-01',
    NEW.GrossPaise, NEW.TdsPaise, NEW.TdsBasePaise, NEW.PayoutID
  FROM (SELECT NEW.VendorID AS VendorID, NEW.MarketerID AS MarketerID UNION ALL SELECT NEW.VendorID, 0 UNION ALL SELECT 0, NEW.MarketerID) o
  WHERE true
  ON CONFLICT (VendorID, MarketerID, fyStart) DO UPDATE SET
    grossPaise = grossPaise + excluded.grossPaise, tdsPaise = tdsPaise + excluded.tdsPaise,
    taxedPaise = taxedPaise + excluded.taxedPaise, lastPayoutId = max(lastPayoutId, excluded.lastPayoutId);
  UPDATE ledger_figures SET lastPayoutId = NEW.PayoutID WHERE VendorID = NEW.VendorID AND MarketerID = NEW.MarketerID;
END;
--> statement-breakpoint
-- The pages and windows the reads ask for: open commissions by when they clear and fall due.
CREATE INDEX entries_vendor_clears_idx ON commission_entries (VendorID, MarketerID, clearsAt) WHERE reversedAt IS NULL AND AmountPaise > 0;
--> statement-breakpoint
CREATE INDEX entries_vendor_due_idx ON commission_entries (VendorID, MarketerID, dueAt) WHERE reversedAt IS NULL AND AmountPaise > 0;
--> statement-breakpoint
CREATE INDEX entries_vendor_only_clears_idx ON commission_entries (VendorID, clearsAt) WHERE reversedAt IS NULL AND AmountPaise > 0;
--> statement-breakpoint
CREATE INDEX entries_vendor_only_due_idx ON commission_entries (VendorID, dueAt) WHERE reversedAt IS NULL AND AmountPaise > 0;
--> statement-breakpoint
CREATE INDEX entries_marketer_clears_idx ON commission_entries (MarketerID, clearsAt) WHERE reversedAt IS NULL AND AmountPaise > 0;
--> statement-breakpoint
CREATE INDEX entries_marketer_due_idx ON commission_entries (MarketerID, dueAt) WHERE reversedAt IS NULL AND AmountPaise > 0;
--> statement-breakpoint
CREATE INDEX ledger_figures_owed_idx ON ledger_figures (VendorID, (overduePaise > 0) DESC, payablePaise DESC, MarketerID DESC);
