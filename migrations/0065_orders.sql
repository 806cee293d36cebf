CREATE TABLE `idempotency_keys` (
	`VendorID` integer NOT NULL,
	`IdemKey` text NOT NULL,
	`RequestHash` text NOT NULL,
	`Status` integer,
	`Answer` text,
	`createdAt` text NOT NULL,
	PRIMARY KEY(`VendorID`, `IdemKey`),
	FOREIGN KEY (`VendorID`) REFERENCES `vendors`(`VendorID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `order_events` (
	`EventID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`VendorID` integer NOT NULL,
	`OrderID` text NOT NULL,
	`kind` text NOT NULL,
	`EventKey` text NOT NULL,
	`Body` text NOT NULL,
	`receivedAt` text NOT NULL,
	`appliedAt` text,
	FOREIGN KEY (`VendorID`) REFERENCES `vendors`(`VendorID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_events_unique` ON `order_events` (`VendorID`,`OrderID`,`kind`,`EventKey`);--> statement-breakpoint
CREATE TABLE `order_lines` (
	`OrderLineID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`OrderNo` integer NOT NULL,
	`LineID` text NOT NULL,
	`ProductID` integer,
	`SKU` text,
	`StoreProductID` text,
	`Name` text,
	`Quantity` integer NOT NULL,
	`UnitPricePaise` integer NOT NULL,
	`DiscountPaise` integer NOT NULL,
	`LineAmountPaise` integer NOT NULL,
	`CommissionType` text,
	`CommissionValue` real,
	`CommissionPaise` integer NOT NULL,
	`RefundedQuantity` integer DEFAULT 0 NOT NULL,
	`RefundedPaise` integer DEFAULT 0 NOT NULL,
	`ReversedPaise` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`OrderNo`) REFERENCES `orders`(`OrderNo`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_lines_order_line_unique` ON `order_lines` (`OrderNo`,`LineID`);--> statement-breakpoint
CREATE TABLE `orders` (
	`OrderNo` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`VendorID` integer NOT NULL,
	`OrderID` text NOT NULL,
	`source` text NOT NULL,
	`currency` text NOT NULL,
	`paymentMethod` text NOT NULL,
	`state` text NOT NULL,
	`placedAt` text NOT NULL,
	`paidAt` text,
	`shippedAt` text,
	`deliveredAt` text,
	`closedAt` text,
	`MarketerID` integer,
	`attributedBy` text,
	`LeadID` integer,
	`CodeID` integer,
	`CustomerKey` text,
	`AmountPaise` integer NOT NULL,
	`CommissionPaise` integer NOT NULL,
	`Fingerprint` text NOT NULL,
	`Revision` integer DEFAULT 0 NOT NULL,
	`createdAt` text NOT NULL,
	`updatedAt` text NOT NULL,
	FOREIGN KEY (`VendorID`) REFERENCES `vendors`(`VendorID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_vendor_order_unique` ON `orders` (`VendorID`,`OrderID`);--> statement-breakpoint
CREATE INDEX `orders_vendor_idx` ON `orders` (`VendorID`,`OrderNo`);--> statement-breakpoint
CREATE INDEX `orders_vendor_state_idx` ON `orders` (`VendorID`,`state`,`OrderNo`);--> statement-breakpoint
CREATE INDEX `orders_vendor_placed_idx` ON `orders` (`VendorID`,`placedAt`,`OrderNo`);--> statement-breakpoint
CREATE INDEX `orders_marketer_idx` ON `orders` (`MarketerID`,`OrderNo`) WHERE "orders"."MarketerID" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_customer_idx` ON `orders` (`VendorID`,`CustomerKey`,`placedAt`) WHERE "orders"."CustomerKey" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `commission_entries` ADD `OrderID` text;--> statement-breakpoint
ALTER TABLE `commission_entries` ADD `OrderLineID` integer;--> statement-breakpoint
ALTER TABLE `commission_entries` ADD `ReversalKey` text;--> statement-breakpoint
CREATE INDEX `entries_order_idx` ON `commission_entries` (`VendorID`,`OrderID`) WHERE "commission_entries"."OrderID" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `entries_line_idx` ON `commission_entries` (`OrderLineID`) WHERE "commission_entries"."OrderLineID" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `entries_line_reversal_unique` ON `commission_entries` (`OrderLineID`,`ReversalKey`) WHERE "commission_entries"."ReversalKey" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `vendors` ADD `ReturnWindowDays` integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE `vendors` ADD `RepeatBuyerDays` integer DEFAULT 0 NOT NULL;