CREATE TABLE `impressions_daily` (
	`day` text NOT NULL,
	`ProductID` integer NOT NULL,
	`VendorID` integer NOT NULL,
	`MarketerID` integer NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `ProductID`, `MarketerID`)
);
--> statement-breakpoint
CREATE INDEX `impressions_marketer_idx` ON `impressions_daily` (`MarketerID`,`day`);--> statement-breakpoint
CREATE INDEX `impressions_vendor_idx` ON `impressions_daily` (`VendorID`,`day`);--> statement-breakpoint
CREATE TABLE `leads` (
	`LeadID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ProductID` integer,
	`VendorID` integer NOT NULL,
	`MarketerID` integer NOT NULL,
	`ClientName` text NOT NULL,
	`ClientEmail` text,
	`ClientPhone` text NOT NULL,
	`Status` text DEFAULT 'Pending' NOT NULL,
	`ProductName` text NOT NULL,
	`PricePaise` integer NOT NULL,
	`CommissionAmountPaise` integer NOT NULL,
	`convertedAt` text,
	`createdAt` text NOT NULL,
	`updatedAt` text NOT NULL,
	FOREIGN KEY (`ProductID`) REFERENCES `products`(`ProductID`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`VendorID`) REFERENCES `vendors`(`VendorID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`MarketerID`) REFERENCES `marketers`(`MarketerID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `leads_vendor_idx` ON `leads` (`VendorID`,`LeadID`);--> statement-breakpoint
CREATE INDEX `leads_marketer_idx` ON `leads` (`MarketerID`,`LeadID`);--> statement-breakpoint
CREATE INDEX `leads_dedupe_idx` ON `leads` (`ProductID`,`MarketerID`,`ClientPhone`,`createdAt`);--> statement-breakpoint
CREATE TABLE `marketers` (
	`MarketerID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`MarketerName` text NOT NULL,
	`Email` text NOT NULL,
	`MobileNumber` text NOT NULL,
	`PasswordHash` text NOT NULL,
	`MarketerProfilePic` text,
	`Verified` integer DEFAULT false NOT NULL,
	`Bio` text,
	`Location` text,
	`Category` text,
	`InstagramUsername` text,
	`InstagramFollowers` integer DEFAULT 0 NOT NULL,
	`InstagramFollowing` integer DEFAULT 0 NOT NULL,
	`YouTubeChannelLink` text,
	`YouTubeSubscribers` integer DEFAULT 0 NOT NULL,
	`LinkedInProfile` text,
	`LinkedInConnections` integer DEFAULT 0 NOT NULL,
	`TwitterHandle` text,
	`TwitterFollowers` integer DEFAULT 0 NOT NULL,
	`TwitterFollowing` integer DEFAULT 0 NOT NULL,
	`TikTokUsername` text,
	`TikTokFollowers` integer DEFAULT 0 NOT NULL,
	`TikTokFollowing` integer DEFAULT 0 NOT NULL,
	`FacebookPage` text,
	`FacebookLikes` integer DEFAULT 0 NOT NULL,
	`PinterestUsername` text,
	`PinterestFollowers` integer DEFAULT 0 NOT NULL,
	`PreviewImage1` text,
	`PreviewImage2` text,
	`PreviewImage3` text,
	`totalReachRaw` integer DEFAULT 0 NOT NULL,
	`DateCreated` text NOT NULL,
	`updatedAt` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `marketers_email_unique` ON `marketers` (`Email`);--> statement-breakpoint
CREATE TABLE `products` (
	`ProductID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`VendorID` integer NOT NULL,
	`ProductName` text NOT NULL,
	`Description` text NOT NULL,
	`PricePaise` integer NOT NULL,
	`CommissionType` text NOT NULL,
	`CommissionValue` real NOT NULL,
	`CommissionAmountPaise` integer NOT NULL,
	`Category` text NOT NULL,
	`SKU` text NOT NULL,
	`product_link` text,
	`Images` text DEFAULT '[]' NOT NULL,
	`IsActive` integer DEFAULT true NOT NULL,
	`createdAt` text NOT NULL,
	`updatedAt` text NOT NULL,
	FOREIGN KEY (`VendorID`) REFERENCES `vendors`(`VendorID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `products_vendor_idx` ON `products` (`VendorID`,`ProductID`);--> statement-breakpoint
CREATE INDEX `products_active_idx` ON `products` (`IsActive`,`ProductID`);--> statement-breakpoint
CREATE UNIQUE INDEX `products_vendor_sku_unique` ON `products` (`VendorID`,`SKU`);--> statement-breakpoint
CREATE TABLE `rate_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`scope` text NOT NULL,
	`subject` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_events_lookup_idx` ON `rate_events` (`scope`,`subject`,`at`);--> statement-breakpoint
CREATE TABLE `vendors` (
	`VendorID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`VendorName` text NOT NULL,
	`Email` text NOT NULL,
	`MobileNumber` text NOT NULL,
	`PasswordHash` text NOT NULL,
	`VendorProfilePic` text,
	`createdAt` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vendors_email_unique` ON `vendors` (`Email`);