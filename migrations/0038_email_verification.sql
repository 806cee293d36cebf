CREATE TABLE `email_verifications` (
	`VerificationID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`role` text NOT NULL,
	`accountId` integer NOT NULL,
	`email` text NOT NULL,
	`tokenHash` text NOT NULL,
	`expiresAt` text NOT NULL,
	`usedAt` text,
	`createdAt` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_verifications_token_unique` ON `email_verifications` (`tokenHash`);--> statement-breakpoint
CREATE INDEX `email_verifications_account_idx` ON `email_verifications` (`role`,`accountId`);--> statement-breakpoint
ALTER TABLE `marketers` ADD `emailVerifiedAt` text;--> statement-breakpoint
ALTER TABLE `vendors` ADD `emailVerifiedAt` text;