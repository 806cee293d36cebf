CREATE TABLE `storefront_collections` (
	`CollectionID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`MarketerID` integer NOT NULL,
	`Title` text NOT NULL,
	`Position` integer NOT NULL,
	`createdAt` text NOT NULL,
	FOREIGN KEY (`MarketerID`) REFERENCES `marketers`(`MarketerID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `storefront_collections_marketer_idx` ON `storefront_collections` (`MarketerID`,`Position`,`CollectionID`);--> statement-breakpoint
CREATE TABLE `storefront_pins` (
	`PinID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`CollectionID` integer NOT NULL,
	`MarketerID` integer NOT NULL,
	`ProductID` integer NOT NULL,
	`Position` integer NOT NULL,
	`createdAt` text NOT NULL,
	FOREIGN KEY (`CollectionID`) REFERENCES `storefront_collections`(`CollectionID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ProductID`) REFERENCES `products`(`ProductID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `storefront_pins_collection_product_unique` ON `storefront_pins` (`CollectionID`,`ProductID`);--> statement-breakpoint
CREATE INDEX `storefront_pins_marketer_idx` ON `storefront_pins` (`MarketerID`,`CollectionID`,`Position`,`PinID`);--> statement-breakpoint
CREATE TABLE `storefront_views_daily` (
	`MarketerID` integer NOT NULL,
	`day` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`MarketerID`, `day`)
);
--> statement-breakpoint
CREATE INDEX `marketers_handle_idx` ON `marketers` (lower(ltrim(coalesce(nullif(trim("InstagramUsername"), ''), nullif(trim("TwitterHandle"), ''), nullif(trim("TikTokUsername"), '')), '@')),"MarketerID");
