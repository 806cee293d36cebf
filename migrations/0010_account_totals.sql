CREATE TABLE `account_daily` (
	`role` text NOT NULL,
	`accountId` integer NOT NULL,
	`day` text NOT NULL,
	`leads` integer DEFAULT 0 NOT NULL,
	`conversions` integer DEFAULT 0 NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`role`, `accountId`, `day`)
);
--> statement-breakpoint
CREATE TABLE `account_totals` (
	`role` text NOT NULL,
	`accountId` integer NOT NULL,
	`products` integer DEFAULT 0 NOT NULL,
	`leads` integer DEFAULT 0 NOT NULL,
	`pending` integer DEFAULT 0 NOT NULL,
	`converted` integer DEFAULT 0 NOT NULL,
	`revenuePaise` integer DEFAULT 0 NOT NULL,
	`commissionPaise` integer DEFAULT 0 NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`role`, `accountId`)
);
