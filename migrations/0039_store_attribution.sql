CREATE TABLE `store_events` (
	`EventID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`StoreID` integer NOT NULL,
	`deliveryId` text NOT NULL,
	`topic` text NOT NULL,
	`orderId` text,
	`ckRef` text,
	`outcome` text NOT NULL,
	`detail` text,
	`body` text NOT NULL,
	`createdAt` text NOT NULL,
	FOREIGN KEY (`StoreID`) REFERENCES `stores`(`StoreID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `store_events_delivery_unique` ON `store_events` (`StoreID`,`deliveryId`);--> statement-breakpoint
CREATE INDEX `store_events_store_idx` ON `store_events` (`StoreID`,`EventID`);--> statement-breakpoint
CREATE TABLE `store_refs` (
	`Ref` text PRIMARY KEY NOT NULL,
	`ProductID` integer NOT NULL,
	`VendorID` integer NOT NULL,
	`MarketerID` integer NOT NULL,
	`visitor` text NOT NULL,
	`day` text NOT NULL,
	`createdAt` text NOT NULL,
	FOREIGN KEY (`ProductID`) REFERENCES `products`(`ProductID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`MarketerID`) REFERENCES `marketers`(`MarketerID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `store_refs_visit_unique` ON `store_refs` (`visitor`,`ProductID`,`MarketerID`,`day`);--> statement-breakpoint
CREATE INDEX `store_refs_created_idx` ON `store_refs` (`createdAt`);--> statement-breakpoint
CREATE TABLE `stores` (
	`StoreID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`VendorID` integer NOT NULL,
	`kind` text NOT NULL,
	`shop` text NOT NULL,
	`secretSealed` text NOT NULL,
	`secretHint` text NOT NULL,
	`eventsN` integer DEFAULT 0 NOT NULL,
	`unmatchedN` integer DEFAULT 0 NOT NULL,
	`createdAt` text NOT NULL,
	FOREIGN KEY (`VendorID`) REFERENCES `vendors`(`VendorID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stores_vendor_idx` ON `stores` (`VendorID`,`StoreID`);--> statement-breakpoint
ALTER TABLE `leads` ADD `StoreRef` text;--> statement-breakpoint
CREATE UNIQUE INDEX `leads_store_ref_unique` ON `leads` (`StoreRef`) WHERE "leads"."StoreRef" IS NOT NULL;