CREATE TABLE `store_event_contacts` (
	`contact` text NOT NULL,
	`EventID` integer NOT NULL,
	PRIMARY KEY(`contact`, `EventID`),
	FOREIGN KEY (`EventID`) REFERENCES `store_events`(`EventID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `store_event_contacts_event_idx` ON `store_event_contacts` (`EventID`);--> statement-breakpoint
ALTER TABLE `store_events` ADD `facts` text;--> statement-breakpoint
ALTER TABLE `store_events` ADD `rawUntil` text;--> statement-breakpoint
CREATE INDEX `store_events_raw_idx` ON `store_events` (`rawUntil`,`EventID`) WHERE "store_events"."rawUntil" IS NOT NULL;