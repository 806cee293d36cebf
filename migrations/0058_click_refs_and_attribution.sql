CREATE TABLE `sub_figures` (
	`MarketerID` integer NOT NULL,
	`ProductID` integer NOT NULL,
	`sub` text NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	`leads` integer DEFAULT 0 NOT NULL,
	`conversions` integer DEFAULT 0 NOT NULL,
	`commissionPaise` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`MarketerID`, `ProductID`, `sub`)
);
--> statement-breakpoint
CREATE INDEX `sub_figures_clicks_idx` ON `sub_figures` (`MarketerID`,`clicks`);--> statement-breakpoint
DROP INDEX `store_refs_visit_unique`;--> statement-breakpoint
CREATE INDEX `store_refs_visitor_idx` ON `store_refs` (`VendorID`,`visitor`,`createdAt`);--> statement-breakpoint
ALTER TABLE `store_refs` DROP COLUMN `day`;--> statement-breakpoint
ALTER TABLE `leads` ADD `sub` text;--> statement-breakpoint
ALTER TABLE `vendors` ADD `AttributionDays` integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE `vendors` ADD `AttributionRule` text DEFAULT 'last' NOT NULL;