-- The bell's figures, kept by the writes that change them: one row per recipient, so the unread
-- count and the list's total read one row whatever the number of notifications.
CREATE TRIGGER notifications_counted AFTER INSERT ON notifications
BEGIN
  INSERT INTO notification_counts (role, accountId, total, unread) VALUES (NEW.role, NEW.accountId, 1, NEW.readAt IS NULL)
  ON CONFLICT (role, accountId) DO UPDATE SET total = total + 1, unread = unread + (NEW.readAt IS NULL);
END;
--> statement-breakpoint
CREATE TRIGGER notifications_read AFTER UPDATE OF readAt ON notifications
WHEN (OLD.readAt IS NULL) <> (NEW.readAt IS NULL)
BEGIN
  UPDATE notification_counts SET unread = unread + (NEW.readAt IS NULL) - (OLD.readAt IS NULL)
  WHERE role = NEW.role AND accountId = NEW.accountId;
END;
--> statement-breakpoint
CREATE TRIGGER notifications_removed AFTER DELETE ON notifications
BEGIN
  UPDATE notification_counts SET total = total - 1, unread = unread - (OLD.readAt IS NULL)
  WHERE role = OLD.role AND accountId = OLD.accountId;
END;
--> statement-breakpoint
-- The 'commission became payable' scan starts from now: entries that cleared before notifications
-- existed were already payable on the dashboard.
INSERT INTO notice_cursors (name, at, id) VALUES ('commission-payable', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 0);
--> statement-breakpoint
-- A vendor who shortens the holding period moves open entries' clearing time back; one that lands
-- behind the scan's cursor, not scanned yet, rewinds the cursor to it. Entries scanned again on
-- the way are told at most once anyway (payable_notices is keyed by the entry).
CREATE TRIGGER payable_notice_rewind AFTER UPDATE OF clearsAt ON commission_entries
WHEN NEW.clearsAt < OLD.clearsAt
BEGIN
  UPDATE notice_cursors SET at = NEW.clearsAt, id = NEW.EntryID - 1
  WHERE name = 'commission-payable'
    AND (at > NEW.clearsAt OR (at = NEW.clearsAt AND id >= NEW.EntryID))
    AND (at < OLD.clearsAt OR (at = OLD.clearsAt AND id < NEW.EntryID));
END;
