CREATE TABLE `storefront_old_handles` (
	`HandleKey` text PRIMARY KEY NOT NULL,
	`MarketerID` integer NOT NULL,
	`changedAt` text NOT NULL,
	FOREIGN KEY (`MarketerID`) REFERENCES `marketers`(`MarketerID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `storefront_old_handles_marketer_idx` ON `storefront_old_handles` (`MarketerID`);--> statement-breakpoint
CREATE TABLE `storefront_visits` (
	`day` text NOT NULL,
	`MarketerID` integer NOT NULL,
	`visitor` text NOT NULL,
	PRIMARY KEY(`day`, `MarketerID`, `visitor`)
);
