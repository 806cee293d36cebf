-- The order ledger's invariants (decision 287), enforced as the ledger's others are: by the
-- database, so no caller and no race can break them; a refused write aborts its whole batch.
-- An entry is reversed once: its reversedAt, once set, never changes.
CREATE TRIGGER commission_entries_reversed_once
BEFORE UPDATE OF reversedAt ON commission_entries
WHEN OLD.reversedAt IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'ledger: entry reversed twice');
END;
--> statement-breakpoint
-- An order line's entries never take back more than the line earned.
CREATE TRIGGER commission_entries_line_within_earned
BEFORE INSERT ON commission_entries
WHEN NEW.OrderLineID IS NOT NULL AND NEW.AmountPaise < 0
  AND NEW.AmountPaise + COALESCE((SELECT SUM(AmountPaise) FROM commission_entries WHERE OrderLineID = NEW.OrderLineID AND reversedAt IS NULL), 0) < 0
BEGIN
  SELECT RAISE(ABORT, 'ledger: an order line reversed beyond what it earned');
END;
--> statement-breakpoint
-- The order and line an entry names are part of it, as its amount is.
CREATE TRIGGER commission_entries_order_fixed
BEFORE UPDATE OF OrderID, OrderLineID, ReversalKey ON commission_entries
BEGIN
  SELECT RAISE(ABORT, 'ledger: entries are append-only');
END;
--> statement-breakpoint
-- Every change to a recorded order raises its Revision by one from the revision its writer read:
-- a writer that read an older one (another change came first) is refused, and its batch with it.
CREATE TRIGGER orders_one_writer
BEFORE UPDATE OF Revision ON orders
WHEN NEW.Revision <> OLD.Revision + 1
BEGIN
  SELECT RAISE(ABORT, 'orders: changed meanwhile');
END;
