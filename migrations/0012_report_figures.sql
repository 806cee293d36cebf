CREATE TABLE `report_figures` (
	`view` text NOT NULL,
	`accountId` integer NOT NULL,
	`period` text NOT NULL,
	`groupId` integer NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	`leads` integer DEFAULT 0 NOT NULL,
	`conversions` integer DEFAULT 0 NOT NULL,
	`revenuePaise` integer DEFAULT 0 NOT NULL,
	`commissionPaise` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`view`, `accountId`, `period`, `groupId`)
);
--> statement-breakpoint
CREATE TABLE `report_windows` (
	`view` text NOT NULL,
	`period` text NOT NULL,
	`fromDay` text NOT NULL,
	PRIMARY KEY(`view`, `period`)
);
