CREATE TABLE `api_keys` (
	`KeyID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`VendorID` integer NOT NULL,
	`Name` text NOT NULL,
	`Scopes` text NOT NULL,
	`SecretHash` text NOT NULL,
	`Prefix` text NOT NULL,
	`createdAt` text NOT NULL,
	`lastUsedAt` text,
	`revokedAt` text,
	FOREIGN KEY (`VendorID`) REFERENCES `vendors`(`VendorID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_secret_unique` ON `api_keys` (`SecretHash`);--> statement-breakpoint
CREATE INDEX `api_keys_vendor_idx` ON `api_keys` (`VendorID`,`KeyID`);--> statement-breakpoint
CREATE INDEX `api_keys_vendor_live_idx` ON `api_keys` (`VendorID`) WHERE "api_keys"."revokedAt" IS NULL;--> statement-breakpoint
CREATE TABLE `conversions` (
	`ConversionID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`VendorID` integer NOT NULL,
	`OrderID` text NOT NULL,
	`LeadID` integer NOT NULL,
	`AmountPaise` integer,
	`CommissionPaise` integer NOT NULL,
	`occurredAt` text NOT NULL,
	`source` text NOT NULL,
	`Fingerprint` text NOT NULL,
	`createdAt` text NOT NULL,
	`reversedAt` text,
	`reversedReason` text,
	FOREIGN KEY (`VendorID`) REFERENCES `vendors`(`VendorID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`LeadID`) REFERENCES `leads`(`LeadID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversions_vendor_order_unique` ON `conversions` (`VendorID`,`OrderID`);--> statement-breakpoint
CREATE INDEX `conversions_lead_idx` ON `conversions` (`LeadID`);--> statement-breakpoint
ALTER TABLE `audit_log` ADD `ActorVendorID` integer;--> statement-breakpoint
CREATE INDEX `audit_actor_vendor_idx` ON `audit_log` (`ActorVendorID`,`id`) WHERE "audit_log"."ActorVendorID" IS NOT NULL;