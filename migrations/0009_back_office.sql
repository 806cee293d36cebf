CREATE TABLE `admins` (
	`AdminID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`Name` text NOT NULL,
	`Email` text NOT NULL,
	`PasswordHash` text NOT NULL,
	`tokenVersion` integer DEFAULT 0 NOT NULL,
	`createdAt` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admins_email_unique` ON `admins` (`Email`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`AdminID` integer NOT NULL,
	`adminEmail` text NOT NULL,
	`action` text NOT NULL,
	`targetType` text NOT NULL,
	`targetId` text NOT NULL,
	`reason` text,
	`before` text,
	`after` text
);
--> statement-breakpoint
CREATE INDEX `audit_action_idx` ON `audit_log` (`action`,`id`);--> statement-breakpoint
CREATE INDEX `audit_target_idx` ON `audit_log` (`targetType`,`targetId`,`id`);--> statement-breakpoint
ALTER TABLE `leads` ADD `consentAt` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `noticeVersion` text;--> statement-breakpoint
ALTER TABLE `marketers` ADD `suspendedAt` text;--> statement-breakpoint
ALTER TABLE `marketers` ADD `suspendedReason` text;--> statement-breakpoint
ALTER TABLE `marketers` ADD `erasedAt` text;--> statement-breakpoint
CREATE INDEX `marketers_listed_idx` ON `marketers` (`suspendedAt`,`MarketerID`);--> statement-breakpoint
ALTER TABLE `products` ADD `heldActive` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `takenDownAt` text;--> statement-breakpoint
ALTER TABLE `products` ADD `takenDownReason` text;--> statement-breakpoint
ALTER TABLE `vendors` ADD `suspendedAt` text;--> statement-breakpoint
ALTER TABLE `vendors` ADD `suspendedReason` text;--> statement-breakpoint
ALTER TABLE `vendors` ADD `erasedAt` text;