CREATE TABLE `dead_events` (
	`DeadEventID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`eventHash` text NOT NULL,
	`VendorID` integer,
	`MarketerID` integer,
	`attempts` integer NOT NULL,
	`eventAt` text NOT NULL,
	`diedAt` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dead_events_hash` ON `dead_events` (`eventHash`);