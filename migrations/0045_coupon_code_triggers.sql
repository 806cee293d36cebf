-- Issue 35: a lead brought by a creator code counts one use of it, in the statement that inserts
-- the lead (that statement only names a code while it has a use left: db/coupons.ts).
CREATE TRIGGER `coupon_code_use_counted` AFTER INSERT ON `leads` WHEN NEW.`CodeID` IS NOT NULL
BEGIN
  UPDATE `coupon_codes` SET `Uses` = `Uses` + 1 WHERE `CodeID` = NEW.`CodeID`;
END;
--> statement-breakpoint
-- The vendor's and the creator's number of codes: the lists' unfiltered totals read one row.
CREATE TRIGGER `coupon_code_counted` AFTER INSERT ON `coupon_codes`
BEGIN
  INSERT INTO `coupon_code_counts` (`role`, `ownerId`, `n`) VALUES ('vendor', NEW.`VendorID`, 1)
    ON CONFLICT (`role`, `ownerId`) DO UPDATE SET `n` = `n` + 1;
  INSERT INTO `coupon_code_counts` (`role`, `ownerId`, `n`) VALUES ('marketer', NEW.`MarketerID`, 1)
    ON CONFLICT (`role`, `ownerId`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `coupon_code_uncounted` AFTER DELETE ON `coupon_codes`
BEGIN
  UPDATE `coupon_code_counts` SET `n` = `n` - 1 WHERE (`role` = 'vendor' AND `ownerId` = OLD.`VendorID`) OR (`role` = 'marketer' AND `ownerId` = OLD.`MarketerID`);
END;
