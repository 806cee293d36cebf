ALTER TABLE `notifications` ADD `aboutRole` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `aboutId` integer;--> statement-breakpoint
ALTER TABLE `notifications` ADD `aboutName` text;--> statement-breakpoint
CREATE INDEX `notifications_about_idx` ON `notifications` (`aboutRole`,`aboutId`) WHERE "notifications"."aboutId" IS NOT NULL;