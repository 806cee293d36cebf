CREATE TABLE `impression_rollups` (
	`slot` integer PRIMARY KEY NOT NULL,
	`impressions` integer NOT NULL,
	`rolledAt` text NOT NULL
);
