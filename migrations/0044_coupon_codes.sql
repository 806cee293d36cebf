CREATE TABLE `coupon_code_counts` (
	`role` text NOT NULL,
	`ownerId` integer NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`role`, `ownerId`)
);
--> statement-breakpoint
CREATE TABLE `coupon_code_products` (
	`CodeID` integer NOT NULL,
	`ProductID` integer NOT NULL,
	PRIMARY KEY(`CodeID`, `ProductID`),
	FOREIGN KEY (`CodeID`) REFERENCES `coupon_codes`(`CodeID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ProductID`) REFERENCES `products`(`ProductID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `coupon_codes` (
	`CodeID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`VendorID` integer NOT NULL,
	`MarketerID` integer NOT NULL,
	`Code` text NOT NULL,
	`CodeNorm` text NOT NULL,
	`BuyerText` text NOT NULL,
	`AllProducts` integer DEFAULT false NOT NULL,
	`startsAt` text,
	`endsAt` text,
	`UseLimit` integer,
	`Uses` integer DEFAULT 0 NOT NULL,
	`offAt` text,
	`CampaignID` integer,
	`createdAt` text NOT NULL,
	FOREIGN KEY (`VendorID`) REFERENCES `vendors`(`VendorID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`MarketerID`) REFERENCES `marketers`(`MarketerID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_codes_vendor_code_unique` ON `coupon_codes` (`VendorID`,`CodeNorm`);--> statement-breakpoint
CREATE INDEX `coupon_codes_vendor_idx` ON `coupon_codes` (`VendorID`,`CodeID`);--> statement-breakpoint
CREATE INDEX `coupon_codes_vendor_marketer_idx` ON `coupon_codes` (`VendorID`,`MarketerID`,`CodeID`);--> statement-breakpoint
CREATE INDEX `coupon_codes_marketer_idx` ON `coupon_codes` (`MarketerID`,`CodeID`);--> statement-breakpoint
ALTER TABLE `leads` ADD `CodeID` integer;--> statement-breakpoint
CREATE INDEX `leads_code_idx` ON `leads` (`CodeID`,`LeadID`) WHERE "leads"."CodeID" IS NOT NULL;