DROP INDEX `marketers_handle_idx`;--> statement-breakpoint
CREATE INDEX `marketers_handle_idx` ON `marketers` (rtrim(lower(ltrim(coalesce(nullif(trim("InstagramUsername"), ''), nullif(trim("TwitterHandle"), ''), nullif(trim("TikTokUsername"), '')), '@')), '.'),"MarketerID");--> statement-breakpoint
ALTER TABLE `storefront_old_handles` ADD `releasesAt` text DEFAULT '' NOT NULL;