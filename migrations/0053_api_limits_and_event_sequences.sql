CREATE TABLE `api_key_buckets` (
	`KeyID` integer PRIMARY KEY NOT NULL,
	`tokens` real NOT NULL,
	`at` integer NOT NULL,
	`granted` integer NOT NULL,
	FOREIGN KEY (`KeyID`) REFERENCES `api_keys`(`KeyID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `vendor_event_sequences` (
	`VendorID` integer PRIMARY KEY NOT NULL,
	`lastSequence` integer NOT NULL,
	FOREIGN KEY (`VendorID`) REFERENCES `vendors`(`VendorID`) ON UPDATE no action ON DELETE cascade
);
