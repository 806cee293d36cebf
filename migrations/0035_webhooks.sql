CREATE TABLE `webhook_deliveries` (
	`DeliveryID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`EndpointID` integer NOT NULL,
	`eventKey` text NOT NULL,
	`eventType` text NOT NULL,
	`msgId` text NOT NULL,
	`payload` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`lastStatus` integer,
	`lastResponse` text,
	`lastAttemptAt` text,
	`nextAttemptAt` text,
	`createdAt` text NOT NULL,
	FOREIGN KEY (`EndpointID`) REFERENCES `webhook_endpoints`(`EndpointID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_event_unique` ON `webhook_deliveries` (`EndpointID`,`eventKey`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint_idx` ON `webhook_deliveries` (`EndpointID`,`DeliveryID`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`EndpointID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`VendorID` integer NOT NULL,
	`url` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`events` text NOT NULL,
	`secretSealed` text NOT NULL,
	`previousSecretSealed` text,
	`previousSecretUntil` text,
	`enabled` integer DEFAULT true NOT NULL,
	`consecutiveFailures` integer DEFAULT 0 NOT NULL,
	`disabledAt` text,
	`deliveryCount` integer DEFAULT 0 NOT NULL,
	`createdAt` text NOT NULL,
	FOREIGN KEY (`VendorID`) REFERENCES `vendors`(`VendorID`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoints_vendor_idx` ON `webhook_endpoints` (`VendorID`,`EndpointID`);