CREATE TABLE `payout_gate` (
	`open` integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE `payouts` ADD `SettledPaise` integer DEFAULT 0 NOT NULL;