CREATE TABLE `mail_log` (
	`MailID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`eventKey` text NOT NULL,
	`recipientHash` text NOT NULL,
	`recipientHint` text NOT NULL,
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`lastError` text,
	`createdAt` text NOT NULL,
	`sentAt` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_log_event_recipient` ON `mail_log` (`eventKey`,`recipientHash`);--> statement-breakpoint
CREATE INDEX `mail_log_state_idx` ON `mail_log` (`state`,`MailID`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`ResetID` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`role` text NOT NULL,
	`accountId` integer NOT NULL,
	`tokenHash` text NOT NULL,
	`expiresAt` text NOT NULL,
	`usedAt` text,
	`createdAt` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_resets_token_unique` ON `password_resets` (`tokenHash`);--> statement-breakpoint
CREATE INDEX `password_resets_account_idx` ON `password_resets` (`role`,`accountId`);