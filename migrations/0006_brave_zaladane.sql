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
CREATE UNIQUE INDEX `short_links_pair_unique` ON `short_links` (`MarketerID`,`ProductID`);