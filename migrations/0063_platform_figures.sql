ALTER TABLE `account_totals` ADD `activeProducts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `account_totals` ADD `vendors` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `account_totals` ADD `suspendedVendors` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `account_totals` ADD `marketers` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `account_totals` ADD `verifiedMarketers` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `account_totals` ADD `suspendedMarketers` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `account_totals` ADD `auditEntries` integer DEFAULT 0 NOT NULL;