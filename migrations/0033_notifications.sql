CREATE TABLE `mail_preferences` (
	`role` text NOT NULL,
	`accountId` integer NOT NULL,
	`kind` text NOT NULL,
	`mail` integer NOT NULL,
	`updatedAt` text NOT NULL,
	PRIMARY KEY(`role`, `accountId`, `kind`)
);
--> statement-breakpoint
CREATE TABLE `notice_cursors` (
	`name` text PRIMARY KEY NOT NULL,
	`at` text NOT NULL,
	`id` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `notification_counts` (
	`role` text NOT NULL,
	`accountId` integer NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`unread` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`role`, `accountId`)
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`NotificationID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`role` text NOT NULL,
	`accountId` integer NOT NULL,
	`kind` text NOT NULL,
	`eventKey` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`link` text,
	`createdAt` text NOT NULL,
	`readAt` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_event_unique` ON `notifications` (`role`,`accountId`,`kind`,`eventKey`);--> statement-breakpoint
CREATE INDEX `notifications_recipient_idx` ON `notifications` (`role`,`accountId`,`NotificationID`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`role`,`accountId`,`NotificationID`) WHERE "notifications"."readAt" IS NULL;--> statement-breakpoint
CREATE TABLE `payable_notices` (
	`EntryID` integer PRIMARY KEY NOT NULL,
	`MarketerID` integer NOT NULL,
	`toldAt` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `vendor_digests` (
	`VendorID` integer PRIMARY KEY NOT NULL,
	`digestHour` integer,
	`coveredLeadId` integer DEFAULT 0 NOT NULL,
	`lastDay` text,
	FOREIGN KEY (`VendorID`) REFERENCES `vendors`(`VendorID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vendor_digests_due_idx` ON `vendor_digests` (`digestHour`,`lastDay`);--> statement-breakpoint
CREATE INDEX `entries_clears_idx` ON `commission_entries` (`clearsAt`,`EntryID`);