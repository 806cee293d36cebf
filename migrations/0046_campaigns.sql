CREATE TABLE `campaign_deliverables` (
	`DeliverableID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`CampaignID` integer NOT NULL,
	`MarketerID` integer NOT NULL,
	`ItemIndex` integer NOT NULL,
	`Item` text NOT NULL,
	`Status` text DEFAULT 'Due' NOT NULL,
	`PostURL` text,
	`Disclosed` integer DEFAULT false NOT NULL,
	`Note` text,
	`submittedAt` text,
	`reviewedAt` text,
	FOREIGN KEY (`CampaignID`) REFERENCES `campaigns`(`CampaignID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`MarketerID`) REFERENCES `marketers`(`MarketerID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_deliverables_unique` ON `campaign_deliverables` (`CampaignID`,`MarketerID`,`ItemIndex`);--> statement-breakpoint
CREATE INDEX `campaign_deliverables_campaign_idx` ON `campaign_deliverables` (`CampaignID`,`DeliverableID`);--> statement-breakpoint
CREATE INDEX `campaign_deliverables_status_idx` ON `campaign_deliverables` (`CampaignID`,`Status`,`DeliverableID`);--> statement-breakpoint
CREATE TABLE `campaign_figures` (
	`CampaignID` integer NOT NULL,
	`MarketerID` integer NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	`leads` integer DEFAULT 0 NOT NULL,
	`conversions` integer DEFAULT 0 NOT NULL,
	`commissionPaise` integer DEFAULT 0 NOT NULL,
	`feesPaise` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`CampaignID`, `MarketerID`),
	FOREIGN KEY (`CampaignID`) REFERENCES `campaigns`(`CampaignID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `campaign_members` (
	`MemberID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`CampaignID` integer NOT NULL,
	`MarketerID` integer NOT NULL,
	`Status` text NOT NULL,
	`DeclinedBy` text,
	`Pitch` text,
	`createdAt` text NOT NULL,
	`answeredAt` text,
	`nudgedOn` text,
	FOREIGN KEY (`CampaignID`) REFERENCES `campaigns`(`CampaignID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`MarketerID`) REFERENCES `marketers`(`MarketerID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_members_unique` ON `campaign_members` (`CampaignID`,`MarketerID`);--> statement-breakpoint
CREATE INDEX `campaign_members_inbox_idx` ON `campaign_members` (`CampaignID`,`Status`,`MemberID`);--> statement-breakpoint
CREATE INDEX `campaign_members_marketer_idx` ON `campaign_members` (`MarketerID`,`MemberID`);--> statement-breakpoint
CREATE INDEX `campaign_members_marketer_status_idx` ON `campaign_members` (`MarketerID`,`Status`,`MemberID`);--> statement-breakpoint
CREATE INDEX `campaign_members_waiting_idx` ON `campaign_members` (`createdAt`) WHERE "campaign_members"."Status" = 'Applied';--> statement-breakpoint
CREATE TABLE `campaign_products` (
	`CampaignID` integer NOT NULL,
	`ProductID` integer NOT NULL,
	PRIMARY KEY(`CampaignID`, `ProductID`),
	FOREIGN KEY (`CampaignID`) REFERENCES `campaigns`(`CampaignID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ProductID`) REFERENCES `products`(`ProductID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `campaign_products_product_idx` ON `campaign_products` (`ProductID`,`CampaignID`);--> statement-breakpoint
CREATE TABLE `campaigns` (
	`CampaignID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`VendorID` integer NOT NULL,
	`Title` text NOT NULL,
	`Brief` text NOT NULL,
	`RewardType` text NOT NULL,
	`CommissionType` text,
	`CommissionValue` real,
	`FeePaise` integer,
	`Deliverables` text NOT NULL,
	`StartsOn` text NOT NULL,
	`EndsOn` text NOT NULL,
	`CreatorsWanted` integer NOT NULL,
	`AcceptedCount` integer DEFAULT 0 NOT NULL,
	`AppliedCount` integer DEFAULT 0 NOT NULL,
	`InvitedCount` integer DEFAULT 0 NOT NULL,
	`DeclinedCount` integer DEFAULT 0 NOT NULL,
	`MinFollowers` integer DEFAULT 0 NOT NULL,
	`Categories` text DEFAULT '' NOT NULL,
	`Countries` text DEFAULT '' NOT NULL,
	`VerifiedOnly` integer DEFAULT false NOT NULL,
	`Access` text NOT NULL,
	`ProductCategories` text DEFAULT '' NOT NULL,
	`ClosedAt` text,
	`dueRemindedAt` text,
	`createdAt` text NOT NULL,
	FOREIGN KEY (`VendorID`) REFERENCES `vendors`(`VendorID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `campaigns_vendor_idx` ON `campaigns` (`VendorID`,`CampaignID`);--> statement-breakpoint
CREATE INDEX `campaigns_open_idx` ON `campaigns` (`EndsOn`,`CampaignID`) WHERE "campaigns"."Access" = 'Open' AND "campaigns"."ClosedAt" IS NULL;--> statement-breakpoint
CREATE INDEX `campaigns_due_idx` ON `campaigns` (`EndsOn`) WHERE "campaigns"."ClosedAt" IS NULL AND "campaigns"."dueRemindedAt" IS NULL;--> statement-breakpoint
ALTER TABLE `commission_entries` ADD `DeliverableID` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `entries_deliverable_unique` ON `commission_entries` (`DeliverableID`) WHERE "commission_entries"."DeliverableID" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `leads` ADD `CampaignID` integer;--> statement-breakpoint
CREATE INDEX `leads_campaign_idx` ON `leads` (`CampaignID`,`MarketerID`) WHERE "leads"."CampaignID" IS NOT NULL;