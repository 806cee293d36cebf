CREATE TABLE `ledger_figures` (
	`VendorID` integer NOT NULL,
	`MarketerID` integer NOT NULL,
	`cut` text DEFAULT '' NOT NULL,
	`openPaise` integer DEFAULT 0 NOT NULL,
	`openN` integer DEFAULT 0 NOT NULL,
	`payablePaise` integer DEFAULT 0 NOT NULL,
	`payableN` integer DEFAULT 0 NOT NULL,
	`overduePaise` integer DEFAULT 0 NOT NULL,
	`adjustmentsPaise` integer DEFAULT 0 NOT NULL,
	`paidPaise` integer DEFAULT 0 NOT NULL,
	`paidN` integer DEFAULT 0 NOT NULL,
	`reversedN` integer DEFAULT 0 NOT NULL,
	`entriesN` integer DEFAULT 0 NOT NULL,
	`adjustmentN` integer DEFAULT 0 NOT NULL,
	`pairsN` integer DEFAULT 0 NOT NULL,
	`lastPayoutId` integer,
	PRIMARY KEY(`VendorID`, `MarketerID`)
);
--> statement-breakpoint
CREATE INDEX `ledger_figures_marketer_idx` ON `ledger_figures` (`MarketerID`,`VendorID`);--> statement-breakpoint
CREATE TABLE `ledger_years` (
	`VendorID` integer NOT NULL,
	`MarketerID` integer NOT NULL,
	`fyStart` text NOT NULL,
	`grossPaise` integer DEFAULT 0 NOT NULL,
	`tdsPaise` integer DEFAULT 0 NOT NULL,
	`taxedPaise` integer DEFAULT 0 NOT NULL,
	`lastPayoutId` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`VendorID`, `MarketerID`, `fyStart`)
);
--> statement-breakpoint
ALTER TABLE `commission_entries` ADD `clearsAt` text;--> statement-breakpoint
ALTER TABLE `commission_entries` ADD `dueAt` text;