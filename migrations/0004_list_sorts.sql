ALTER TABLE `marketers` ADD `engagementRate` real DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `marketers_reach_idx` ON `marketers` (`totalReachRaw`,`MarketerID`);--> statement-breakpoint
CREATE INDEX `marketers_engagement_idx` ON `marketers` (`engagementRate`,`MarketerID`);--> statement-breakpoint
CREATE INDEX `marketers_name_idx` ON `marketers` ("MarketerName" COLLATE NOCASE,"MarketerID" DESC);--> statement-breakpoint
CREATE INDEX `leads_vendor_status_list_idx` ON `leads` (`VendorID`,`Status`,`LeadID`);--> statement-breakpoint
CREATE INDEX `leads_vendor_marketer_idx` ON `leads` (`VendorID`,`MarketerID`,`LeadID`);--> statement-breakpoint
CREATE INDEX `leads_vendor_price_idx` ON `leads` (`VendorID`,`PricePaise`,`LeadID`);--> statement-breakpoint
CREATE INDEX `leads_product_idx` ON `leads` (`ProductID`,`LeadID`);--> statement-breakpoint
CREATE INDEX `leads_marketer_status_list_idx` ON `leads` (`MarketerID`,`Status`,`LeadID`);--> statement-breakpoint
CREATE INDEX `products_vendor_active_idx` ON `products` (`VendorID`,`IsActive`,`ProductID`);