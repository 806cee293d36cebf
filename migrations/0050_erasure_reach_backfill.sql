-- Decision 244: an influencer's erasure scrubs their name from the delivery bodies that name them,
-- found by this index (drizzle-kit cannot write an index on an expression with a comma in it).
CREATE INDEX `webhook_deliveries_influencer_idx` ON `webhook_deliveries` (json_extract(`payload`, '$.data.influencer.influencerId'));
--> statement-breakpoint
-- Decision 243: events stored before keep their raw body 30 days from when they came in, like new ones.
UPDATE `store_events` SET `rawUntil` = strftime('%Y-%m-%dT%H:%M:%fZ', `createdAt`, '+30 days') WHERE `rawUntil` IS NULL;
--> statement-breakpoint
-- Their buyers' emails and mobiles, so a buyer's erasure finds those events too (bodies cut at
-- 64 KB are not JSON and hold no contact this can read; the cron strips them on time).
INSERT OR IGNORE INTO `store_event_contacts` (`contact`, `EventID`)
  SELECT DISTINCT lower(trim(j.value)), e.EventID
  FROM `store_events` e, json_tree(e.body) j
  WHERE json_valid(e.body) AND j.key IN ('email', 'contact_email') AND j.type = 'text' AND instr(j.value, '@') > 1;
--> statement-breakpoint
INSERT OR IGNORE INTO `store_event_contacts` (`contact`, `EventID`)
  SELECT DISTINCT substr(p, -10), EventID FROM (
    SELECT e.EventID, replace(replace(replace(replace(replace(replace(j.value, ' ', ''), '-', ''), '.', ''), '(', ''), ')', ''), '+', '') AS p
    FROM `store_events` e, json_tree(e.body) j
    WHERE json_valid(e.body) AND j.key = 'phone' AND j.type = 'text'
  )
  WHERE length(p) BETWEEN 10 AND 14 AND p NOT GLOB '*[^0-9]*';
