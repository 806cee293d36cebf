ALTER TABLE `marketers` ADD `tokenVersion` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `vendors` ADD `tokenVersion` integer DEFAULT 0 NOT NULL;