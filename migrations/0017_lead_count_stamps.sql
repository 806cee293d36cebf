-- The total of a searched or filtered lead list is counted, not kept: a vendor's 'sharma' counts
-- 2,900 of 5,600 matches in leads_search on every page of the search. Each account's row of
-- account_totals now carries a stamp that takes a fresh random value on every write to one of the
-- account's leads (insert, delete, any update, whoever writes), so a total counted under one stamp
-- still holds while the stamp reads the same, and paging through a search counts it once
-- (worker/db/lead-counts.ts). Random rather than a counter: a stamp never comes back to a value a
-- count was remembered under. Shifted to 53 bits: D1 hands integers to JavaScript as doubles, and a
-- 64-bit stamp read back would no longer equal itself. Existing rows start at 0; the first write to
-- an account's leads moves it on.
ALTER TABLE `account_totals` ADD `leadsStamp` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `account_totals_lead_stamp_insert` AFTER INSERT ON `leads` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `leadsStamp`) VALUES ('vendor', NEW.`VendorID`, random() >> 11), ('marketer', NEW.`MarketerID`, random() >> 11)
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `leadsStamp` = excluded.`leadsStamp`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_lead_stamp_update` AFTER UPDATE ON `leads` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `leadsStamp`)
    VALUES ('vendor', OLD.`VendorID`, random() >> 11), ('marketer', OLD.`MarketerID`, random() >> 11), ('vendor', NEW.`VendorID`, random() >> 11), ('marketer', NEW.`MarketerID`, random() >> 11)
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `leadsStamp` = excluded.`leadsStamp`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_lead_stamp_delete` AFTER DELETE ON `leads` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `leadsStamp`) VALUES ('vendor', OLD.`VendorID`, random() >> 11), ('marketer', OLD.`MarketerID`, random() >> 11)
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `leadsStamp` = excluded.`leadsStamp`;
END;
