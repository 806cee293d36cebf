CREATE TABLE `entry_disputes` (
	`DisputeID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`EntryID` integer NOT NULL,
	`VendorID` integer NOT NULL,
	`MarketerID` integer NOT NULL,
	`Note` text NOT NULL,
	`createdAt` text NOT NULL,
	`resolvedAt` text,
	`resolvedBy` text,
	`ResolutionNote` text,
	FOREIGN KEY (`EntryID`) REFERENCES `commission_entries`(`EntryID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `entry_disputes_open_unique` ON `entry_disputes` (`EntryID`) WHERE "entry_disputes"."resolvedAt" IS NULL;--> statement-breakpoint
CREATE INDEX `entry_disputes_entry_idx` ON `entry_disputes` (`EntryID`,`DisputeID`);--> statement-breakpoint
CREATE INDEX `entry_disputes_open_idx` ON `entry_disputes` (`DisputeID`) WHERE "entry_disputes"."resolvedAt" IS NULL;--> statement-breakpoint
CREATE INDEX `entry_disputes_vendor_idx` ON `entry_disputes` (`VendorID`,`DisputeID`);--> statement-breakpoint
CREATE INDEX `entry_disputes_marketer_idx` ON `entry_disputes` (`MarketerID`,`DisputeID`);--> statement-breakpoint
ALTER TABLE `commission_entries` ADD `Reason` text;--> statement-breakpoint
ALTER TABLE `commission_entries` ADD `reversedReason` text;