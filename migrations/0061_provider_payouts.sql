CREATE TABLE `payout_accounts` (
	`VendorID` integer PRIMARY KEY NOT NULL,
	`Provider` text NOT NULL,
	`Sealed` text NOT NULL,
	`Hint` text NOT NULL,
	`MinimumPaise` integer DEFAULT 50000 NOT NULL,
	`connectedAt` text NOT NULL,
	`checkedAt` text,
	`checkOk` integer,
	`checkMessage` text,
	FOREIGN KEY (`VendorID`) REFERENCES `vendors`(`VendorID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `payout_beneficiaries` (
	`VendorID` integer NOT NULL,
	`MarketerID` integer NOT NULL,
	`Provider` text NOT NULL,
	`FundAccountID` text NOT NULL,
	`DetailsAt` text NOT NULL,
	`RegisteredName` text,
	PRIMARY KEY(`VendorID`, `MarketerID`, `Provider`)
);
--> statement-breakpoint
CREATE TABLE `payout_holds` (
	`EntryID` integer PRIMARY KEY NOT NULL,
	`TransferID` integer NOT NULL,
	FOREIGN KEY (`EntryID`) REFERENCES `commission_entries`(`EntryID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`TransferID`) REFERENCES `provider_payouts`(`TransferID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payout_holds_transfer_idx` ON `payout_holds` (`TransferID`);--> statement-breakpoint
CREATE TABLE `payout_runs` (
	`RunID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`VendorID` integer NOT NULL,
	`MinimumPaise` integer NOT NULL,
	`createdAt` text NOT NULL,
	FOREIGN KEY (`VendorID`) REFERENCES `vendors`(`VendorID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payout_runs_vendor_idx` ON `payout_runs` (`VendorID`,`RunID`);--> statement-breakpoint
CREATE TABLE `provider_payout_events` (
	`TransferID` integer NOT NULL,
	`Status` text NOT NULL,
	`at` text NOT NULL,
	PRIMARY KEY(`TransferID`, `Status`)
);
--> statement-breakpoint
CREATE TABLE `provider_payouts` (
	`TransferID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`VendorID` integer NOT NULL,
	`MarketerID` integer NOT NULL,
	`RunID` integer,
	`Provider` text NOT NULL,
	`GrossPaise` integer NOT NULL,
	`TdsPaise` integer NOT NULL,
	`TdsBasePaise` integer NOT NULL,
	`NetPaise` integer NOT NULL,
	`Method` text NOT NULL,
	`EntryIDs` text NOT NULL,
	`Status` text DEFAULT 'queued' NOT NULL,
	`FundAccountID` text,
	`ProviderRef` text,
	`UTR` text,
	`Reason` text,
	`PayoutID` integer,
	`createdAt` text NOT NULL,
	`sentAt` text,
	`updatedAt` text NOT NULL,
	FOREIGN KEY (`VendorID`) REFERENCES `vendors`(`VendorID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`MarketerID`) REFERENCES `marketers`(`MarketerID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `provider_payouts_run_unique` ON `provider_payouts` (`RunID`,`MarketerID`) WHERE "provider_payouts"."RunID" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `provider_payouts_open_unique` ON `provider_payouts` (`VendorID`,`MarketerID`) WHERE "provider_payouts"."Status" IN ('queued', 'processing');--> statement-breakpoint
CREATE INDEX `provider_payouts_vendor_idx` ON `provider_payouts` (`VendorID`,`TransferID`);--> statement-breakpoint
CREATE INDEX `provider_payouts_marketer_idx` ON `provider_payouts` (`MarketerID`,`TransferID`);--> statement-breakpoint
CREATE INDEX `provider_payouts_open_idx` ON `provider_payouts` (`Status`,`updatedAt`) WHERE "provider_payouts"."Status" IN ('queued', 'processing');--> statement-breakpoint
ALTER TABLE `commission_entries` ADD `ReopensEntryID` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `entries_reopens_unique` ON `commission_entries` (`ReopensEntryID`) WHERE "commission_entries"."ReopensEntryID" IS NOT NULL;