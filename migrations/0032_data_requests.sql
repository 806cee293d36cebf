CREATE TABLE `data_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`receivedOn` text NOT NULL,
	`dueOn` text NOT NULL,
	`kind` text NOT NULL,
	`subjectType` text NOT NULL,
	`subjectRef` text NOT NULL,
	`note` text,
	`loggedAt` text NOT NULL,
	`loggedBy` integer NOT NULL,
	`loggedByEmail` text NOT NULL,
	`doneAt` text,
	`doneBy` integer,
	`doneByEmail` text,
	`outcome` text,
	`outcomeNote` text
);
--> statement-breakpoint
CREATE INDEX `data_requests_open_idx` ON `data_requests` (`dueOn`,`id`) WHERE "data_requests"."doneAt" IS NULL;--> statement-breakpoint
CREATE INDEX `data_requests_done_idx` ON `data_requests` (`doneAt`,`id`);--> statement-breakpoint
CREATE INDEX `data_requests_subject_idx` ON `data_requests` (`subjectType`,`subjectRef`);