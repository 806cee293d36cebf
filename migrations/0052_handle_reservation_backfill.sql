-- Decision 247: a handle given up stays reserved for its former owner until releasesAt. Rows kept
-- before this migration get the 90 days from their change, as their redirect already had.
UPDATE `storefront_old_handles` SET `releasesAt` = strftime('%Y-%m-%dT%H:%M:%fZ', `changedAt`, '+90 days') WHERE `releasesAt` = '';
--> statement-breakpoint
-- The handle key no longer ends with '.', as marketers_handle_idx now reads it (0051): keys made only of
-- dots are no handle, and a dotted key becomes its canonical one (on a clash, one row stays).
DELETE FROM `storefront_old_handles` WHERE rtrim(`HandleKey`, '.') = '';
--> statement-breakpoint
UPDATE OR REPLACE `storefront_old_handles` SET `HandleKey` = rtrim(`HandleKey`, '.') WHERE rtrim(`HandleKey`, '.') <> `HandleKey`;
