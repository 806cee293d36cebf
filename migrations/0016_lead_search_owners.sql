-- A vendor's (or an influencer's) search of their own leads (issue 11). leads_search answered "which
-- leads of the whole marketplace match 'sharma'", and each of those (5,600 of 100,000) was then
-- looked up to keep the caller's own: the page and its total read them all. Each lead now also
-- carries its vendor and its influencer as one trigram token each, so the index itself answers
-- "which of this vendor's leads match": FTS5 intersects the two lists, and a small vendor's search
-- reads only a handful of entries.
--
-- An id's token is three characters from the CJK block (U+4E00 to U+9FFF): millions, thousands and
-- units of the id, one character each, so every id below 2 x 10^10 has its own (larger ids would run
-- past the block, towards the surrogate code points), and a 3-character token is exactly one
-- trigram (no phrase to check). worker/domain/search.ts (ownerToken) writes the same.
-- Searches of the buyer's text are scoped to the name, phone and email columns, so a token never
-- matches what a buyer typed.
DROP TRIGGER `leads_search_insert`;
--> statement-breakpoint
DROP TRIGGER `leads_search_update`;
--> statement-breakpoint
DROP TRIGGER `leads_search_delete`;
--> statement-breakpoint
DROP TABLE `leads_search`;
--> statement-breakpoint
CREATE VIEW `lead_search_text` AS
SELECT
  `LeadID`,
  `ClientName` AS `name`,
  `ClientPhone` AS `phone`,
  coalesce(`ClientEmail`, '') AS `email`,
  char(19968 + `VendorID` / 1000000, 19968 + (`VendorID` / 1000) % 1000, 19968 + `VendorID` % 1000) AS `vendor`,
  char(19968 + `MarketerID` / 1000000, 19968 + (`MarketerID` / 1000) % 1000, 19968 + `MarketerID` % 1000) AS `marketer`
FROM `leads`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `leads_search` USING fts5(`name`, `phone`, `email`, `vendor`, `marketer`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `leads_search` (`rowid`, `name`, `phone`, `email`, `vendor`, `marketer`)
SELECT `LeadID`, `name`, `phone`, `email`, `vendor`, `marketer` FROM `lead_search_text`;
--> statement-breakpoint
CREATE TRIGGER `leads_search_insert` AFTER INSERT ON `leads` BEGIN
  INSERT INTO `leads_search` (`rowid`, `name`, `phone`, `email`, `vendor`, `marketer`)
  SELECT `LeadID`, `name`, `phone`, `email`, `vendor`, `marketer` FROM `lead_search_text` WHERE `LeadID` = new.`LeadID`;
END;
--> statement-breakpoint
CREATE TRIGGER `leads_search_update` AFTER UPDATE OF `ClientName`, `ClientPhone`, `ClientEmail`, `VendorID`, `MarketerID` ON `leads` BEGIN
  DELETE FROM `leads_search` WHERE `rowid` = old.`LeadID`;
  INSERT INTO `leads_search` (`rowid`, `name`, `phone`, `email`, `vendor`, `marketer`)
  SELECT `LeadID`, `name`, `phone`, `email`, `vendor`, `marketer` FROM `lead_search_text` WHERE `LeadID` = new.`LeadID`;
END;
--> statement-breakpoint
CREATE TRIGGER `leads_search_delete` AFTER DELETE ON `leads` BEGIN
  DELETE FROM `leads_search` WHERE `rowid` = old.`LeadID`;
END;
