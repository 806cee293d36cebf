DROP INDEX `impressions_marketer_idx`;--> statement-breakpoint
DROP INDEX `impressions_vendor_idx`;--> statement-breakpoint
CREATE INDEX `impressions_marketer_day_idx` ON `impressions_daily` (`MarketerID`,`day`,`n`);--> statement-breakpoint
CREATE INDEX `impressions_vendor_day_idx` ON `impressions_daily` (`VendorID`,`day`,`n`);--> statement-breakpoint
CREATE INDEX `leads_vendor_created_idx` ON `leads` (`VendorID`,`createdAt`);--> statement-breakpoint
CREATE INDEX `leads_marketer_created_idx` ON `leads` (`MarketerID`,`createdAt`);--> statement-breakpoint
CREATE INDEX `leads_vendor_status_idx` ON `leads` (`VendorID`,`Status`,`convertedAt`,`PricePaise`);--> statement-breakpoint
CREATE INDEX `leads_marketer_status_idx` ON `leads` (`MarketerID`,`Status`,`convertedAt`,`CommissionAmountPaise`);