CREATE TABLE `commission_entries` (
	`EntryID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`LeadID` integer NOT NULL,
	`VendorID` integer NOT NULL,
	`MarketerID` integer NOT NULL,
	`ProductName` text NOT NULL,
	`Kind` text NOT NULL,
	`AmountPaise` integer NOT NULL,
	`convertedAt` text NOT NULL,
	`reversedAt` text,
	FOREIGN KEY (`VendorID`) REFERENCES `vendors`(`VendorID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`MarketerID`) REFERENCES `marketers`(`MarketerID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `entries_lead_idx` ON `commission_entries` (`LeadID`,`EntryID`);--> statement-breakpoint
CREATE INDEX `entries_marketer_idx` ON `commission_entries` (`MarketerID`,`EntryID`);--> statement-breakpoint
CREATE INDEX `entries_marketer_vendor_idx` ON `commission_entries` (`MarketerID`,`VendorID`,`EntryID`);--> statement-breakpoint
CREATE INDEX `entries_vendor_idx` ON `commission_entries` (`VendorID`,`EntryID`);--> statement-breakpoint
CREATE INDEX `entries_vendor_marketer_idx` ON `commission_entries` (`VendorID`,`MarketerID`,`EntryID`);--> statement-breakpoint
CREATE TABLE `payout_details` (
	`MarketerID` integer PRIMARY KEY NOT NULL,
	`Method` text NOT NULL,
	`UpiID` text,
	`AccountHolder` text,
	`AccountNumber` text,
	`IFSC` text,
	`PAN` text,
	`updatedAt` text NOT NULL,
	FOREIGN KEY (`MarketerID`) REFERENCES `marketers`(`MarketerID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `payout_items` (
	`EntryID` integer PRIMARY KEY NOT NULL,
	`PayoutID` integer NOT NULL,
	FOREIGN KEY (`EntryID`) REFERENCES `commission_entries`(`EntryID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`PayoutID`) REFERENCES `payouts`(`PayoutID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payout_items_payout_idx` ON `payout_items` (`PayoutID`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`PayoutID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`VendorID` integer NOT NULL,
	`MarketerID` integer NOT NULL,
	`GrossPaise` integer NOT NULL,
	`TdsPaise` integer NOT NULL,
	`TdsBasePaise` integer NOT NULL,
	`NetPaise` integer NOT NULL,
	`Method` text NOT NULL,
	`UTR` text NOT NULL,
	`PaidOn` text NOT NULL,
	`createdAt` text NOT NULL,
	FOREIGN KEY (`VendorID`) REFERENCES `vendors`(`VendorID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`MarketerID`) REFERENCES `marketers`(`MarketerID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_vendor_utr_unique` ON `payouts` (`VendorID`,`UTR`);--> statement-breakpoint
CREATE INDEX `payouts_vendor_idx` ON `payouts` (`VendorID`,`PayoutID`);--> statement-breakpoint
CREATE INDEX `payouts_vendor_marketer_idx` ON `payouts` (`VendorID`,`MarketerID`,`PayoutID`);--> statement-breakpoint
CREATE INDEX `payouts_marketer_idx` ON `payouts` (`MarketerID`,`PayoutID`);--> statement-breakpoint
CREATE INDEX `payouts_marketer_vendor_idx` ON `payouts` (`MarketerID`,`VendorID`,`PayoutID`);--> statement-breakpoint
ALTER TABLE `vendors` ADD `HoldingDays` integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE `vendors` ADD `PaymentTermsDays` integer DEFAULT 30 NOT NULL;