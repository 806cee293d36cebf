CREATE TABLE `short_links` (
	`Code` text PRIMARY KEY NOT NULL,
	`ProductID` integer NOT NULL,
	`VendorID` integer NOT NULL,
	`MarketerID` integer NOT NULL,
	`createdAt` text NOT NULL,
	FOREIGN KEY (`ProductID`) REFERENCES `products`(`ProductID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`MarketerID`) REFERENCES `marketers`(`MarketerID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `short_links_pair_unique` ON `short_links` (`MarketerID`,`ProductID`);--> statement-breakpoint
CREATE INDEX `impressions_marketer_day_product_idx` ON `impressions_daily` (`MarketerID`,`day`,`ProductID`,`n`);--> statement-breakpoint
CREATE INDEX `impressions_vendor_day_link_idx` ON `impressions_daily` (`VendorID`,`day`,`ProductID`,`MarketerID`,`n`);--> statement-breakpoint
CREATE INDEX `leads_marketer_perf_idx` ON `leads` (`MarketerID`,`createdAt`,`ProductID`,`Status`,`PricePaise`,`CommissionAmountPaise`);--> statement-breakpoint
CREATE INDEX `leads_vendor_perf_idx` ON `leads` (`VendorID`,`createdAt`,`ProductID`,`MarketerID`,`Status`,`PricePaise`,`CommissionAmountPaise`);