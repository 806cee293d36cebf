ALTER TABLE `audit_log` ADD `reasonCode` text;--> statement-breakpoint
-- Rate-limit subjects are keyed hashes from now on (worker/domain/subjects.ts): the rows written
-- before held emails and unkeyed hashes of addresses. They live an hour at most; dropping them now
-- resets the counts once and leaves no address behind.
DELETE FROM `rate_events`;
