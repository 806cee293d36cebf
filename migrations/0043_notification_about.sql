ALTER TABLE `notifications` ADD `aboutRole` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `aboutId` integer;--> statement-breakpoint
ALTER TABLE `notifications` ADD `aboutName` text;--> statement-breakpoint
CREATE INDEX `notifications_about_idx` ON `notifications` (`aboutRole`,`aboutId`) WHERE "notifications"."aboutId" IS NOT NULL;--> statement-breakpoint
-- Entries written before this migration: who they name, from the event each names (the name as it
-- reads now; one renamed since is not found in the text, and replacing it changes nothing).
UPDATE `notifications` SET `aboutRole` = 'marketer', `aboutId` = (SELECT l.`MarketerID` FROM `leads` l WHERE l.`LeadID` = CAST(substr(`eventKey`, 6) AS INTEGER))
  WHERE `kind` = 'lead-new' AND `eventKey` LIKE 'lead:%';--> statement-breakpoint
UPDATE `notifications` SET `aboutRole` = 'marketer', `aboutId` = CAST(substr(`eventKey`, 9, instr(substr(`eventKey`, 9), ':') - 1) AS INTEGER)
  WHERE `kind` = 'influencer-payout-details-changed' AND `eventKey` LIKE 'details:%';--> statement-breakpoint
UPDATE `notifications` SET `aboutRole` = 'vendor', `aboutId` = (SELECT e.`VendorID` FROM `commission_entries` e WHERE e.`EntryID` = CAST(substr(`eventKey`, 7) AS INTEGER))
  WHERE `kind` = 'lead-converted' AND `eventKey` LIKE 'entry:%';--> statement-breakpoint
UPDATE `notifications` SET `aboutRole` = 'vendor', `aboutId` = (SELECT p.`VendorID` FROM `payouts` p WHERE p.`PayoutID` = CAST(substr(`eventKey`, 8) AS INTEGER))
  WHERE `kind` = 'payout-recorded' AND `eventKey` LIKE 'payout:%';--> statement-breakpoint
UPDATE `notifications` SET `aboutRole` = 'vendor', `aboutId` = (SELECT e.`VendorID` FROM `commission_entries` e WHERE e.`EntryID` = CAST(substr(`eventKey`, 9) AS INTEGER))
  WHERE `kind` = 'commission-payable' AND `eventKey` LIKE 'payable:%';--> statement-breakpoint
UPDATE `notifications` SET `aboutName` = (SELECT v.`VendorName` FROM `vendors` v WHERE v.`VendorID` = `aboutId`) WHERE `aboutRole` = 'vendor';--> statement-breakpoint
UPDATE `notifications` SET `aboutName` = (SELECT m.`MarketerName` FROM `marketers` m WHERE m.`MarketerID` = `aboutId`) WHERE `aboutRole` = 'marketer';--> statement-breakpoint
-- A payable notice of several commissions names no vendor; one whose name is not in the text is about no one.
UPDATE `notifications` SET `aboutRole` = NULL, `aboutId` = NULL, `aboutName` = NULL
  WHERE `aboutId` IS NOT NULL AND (`aboutName` IS NULL OR (instr(`title`, `aboutName`) = 0 AND instr(`body`, `aboutName`) = 0));
