-- Server-side search for the lists (issue 11). Each searchable list gets an FTS5 table with the
-- trigram tokenizer, so a query of 3 or more characters is a case-insensitive substring match through
-- the index (the meaning the spec's pages give their search boxes). The text indexed is the text the
-- pages search today, built by one view per list; triggers keep each table in step with every write,
-- whoever makes it (the API, the seed, a bulk load).

-- Products: name, SKU, the price as the API prints it ("1499.00") and the commission amount as the
-- API's number prints it (150, 12.5, 149.95).
CREATE VIEW `product_search_text` AS
SELECT
  `ProductID`,
  `ProductName` AS `name`,
  `SKU` AS `sku`,
  printf('%d.%02d', `PricePaise` / 100, `PricePaise` % 100) AS `price`,
  CASE
    WHEN `CommissionAmountPaise` % 100 = 0 THEN CAST(`CommissionAmountPaise` / 100 AS TEXT)
    WHEN `CommissionAmountPaise` % 10 = 0 THEN printf('%d.%d', `CommissionAmountPaise` / 100, (`CommissionAmountPaise` % 100) / 10)
    ELSE printf('%d.%02d', `CommissionAmountPaise` / 100, `CommissionAmountPaise` % 100)
  END AS `commission`
FROM `products`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `products_search` USING fts5(`name`, `sku`, `price`, `commission`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `products_search` (`rowid`, `name`, `sku`, `price`, `commission`)
SELECT `ProductID`, `name`, `sku`, `price`, `commission` FROM `product_search_text`;
--> statement-breakpoint
CREATE TRIGGER `products_search_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO `products_search` (`rowid`, `name`, `sku`, `price`, `commission`)
  SELECT `ProductID`, `name`, `sku`, `price`, `commission` FROM `product_search_text` WHERE `ProductID` = new.`ProductID`;
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_update` AFTER UPDATE OF `ProductName`, `SKU`, `PricePaise`, `CommissionAmountPaise` ON `products` BEGIN
  DELETE FROM `products_search` WHERE `rowid` = old.`ProductID`;
  INSERT INTO `products_search` (`rowid`, `name`, `sku`, `price`, `commission`)
  SELECT `ProductID`, `name`, `sku`, `price`, `commission` FROM `product_search_text` WHERE `ProductID` = new.`ProductID`;
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_delete` AFTER DELETE ON `products` BEGIN
  DELETE FROM `products_search` WHERE `rowid` = old.`ProductID`;
END;
--> statement-breakpoint

-- The influencer directory: what its cards show (web/src/lib/influencer.ts), defaults included, so
-- an influencer without a location matches 'United States' as on the page today.
CREATE VIEW `marketer_search_text` AS
SELECT
  `MarketerID`,
  `name`,
  CASE WHEN `username` IS NULL THEN '@influencer' WHEN substr(`username`, 1, 1) = '@' THEN `username` ELSE '@' || `username` END AS `handle`,
  CAST(`MarketerID` AS TEXT) AS `marketer_id`,
  `bio`,
  `category`,
  `location`
FROM (
  SELECT
    `MarketerID`,
    coalesce(nullif(trim(`MarketerName`), ''), 'Influencer') AS `name`,
    coalesce(nullif(trim(`InstagramUsername`), ''), nullif(trim(`TwitterHandle`), ''), nullif(trim(`TikTokUsername`), '')) AS `username`,
    CASE WHEN trim(coalesce(`Bio`, '')) = '' THEN 'Content creator and influencer' ELSE `Bio` END AS `bio`,
    CASE WHEN trim(coalesce(`Category`, '')) = '' THEN 'Lifestyle' ELSE `Category` END AS `category`,
    CASE WHEN trim(coalesce(`Location`, '')) = '' THEN 'United States' ELSE `Location` END AS `location`
  FROM `marketers`
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `marketers_search` USING fts5(`name`, `handle`, `marketer_id`, `bio`, `category`, `location`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `marketers_search` (`rowid`, `name`, `handle`, `marketer_id`, `bio`, `category`, `location`)
SELECT `MarketerID`, `name`, `handle`, `marketer_id`, `bio`, `category`, `location` FROM `marketer_search_text`;
--> statement-breakpoint
CREATE TRIGGER `marketers_search_insert` AFTER INSERT ON `marketers` BEGIN
  INSERT INTO `marketers_search` (`rowid`, `name`, `handle`, `marketer_id`, `bio`, `category`, `location`)
  SELECT `MarketerID`, `name`, `handle`, `marketer_id`, `bio`, `category`, `location` FROM `marketer_search_text` WHERE `MarketerID` = new.`MarketerID`;
END;
--> statement-breakpoint
CREATE TRIGGER `marketers_search_update` AFTER UPDATE OF `MarketerName`, `InstagramUsername`, `TwitterHandle`, `TikTokUsername`, `Bio`, `Category`, `Location` ON `marketers` BEGIN
  DELETE FROM `marketers_search` WHERE `rowid` = old.`MarketerID`;
  INSERT INTO `marketers_search` (`rowid`, `name`, `handle`, `marketer_id`, `bio`, `category`, `location`)
  SELECT `MarketerID`, `name`, `handle`, `marketer_id`, `bio`, `category`, `location` FROM `marketer_search_text` WHERE `MarketerID` = new.`MarketerID`;
END;
--> statement-breakpoint
CREATE TRIGGER `marketers_search_delete` AFTER DELETE ON `marketers` BEGIN
  DELETE FROM `marketers_search` WHERE `rowid` = old.`MarketerID`;
END;
--> statement-breakpoint

-- Leads: the vendor's search over the buyer's name, phone and email.
CREATE VIRTUAL TABLE `leads_search` USING fts5(`name`, `phone`, `email`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `leads_search` (`rowid`, `name`, `phone`, `email`)
SELECT `LeadID`, `ClientName`, `ClientPhone`, coalesce(`ClientEmail`, '') FROM `leads`;
--> statement-breakpoint
CREATE TRIGGER `leads_search_insert` AFTER INSERT ON `leads` BEGIN
  INSERT INTO `leads_search` (`rowid`, `name`, `phone`, `email`) VALUES (new.`LeadID`, new.`ClientName`, new.`ClientPhone`, coalesce(new.`ClientEmail`, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `leads_search_update` AFTER UPDATE OF `ClientName`, `ClientPhone`, `ClientEmail` ON `leads` BEGIN
  DELETE FROM `leads_search` WHERE `rowid` = old.`LeadID`;
  INSERT INTO `leads_search` (`rowid`, `name`, `phone`, `email`) VALUES (new.`LeadID`, new.`ClientName`, new.`ClientPhone`, coalesce(new.`ClientEmail`, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `leads_search_delete` AFTER DELETE ON `leads` BEGIN
  DELETE FROM `leads_search` WHERE `rowid` = old.`LeadID`;
END;
--> statement-breakpoint

-- Backfill of the stored engagement rate (added by the previous migration) for influencers saved
-- before it existed: domain/engagement.ts in SQL, bit for bit. FNV-1a over 'engagement:' || id
-- (290305500 is the hash of the constant prefix), the murmur3 finaliser with 32-bit multiplications
-- split into 16-bit halves so no product leaves 64-bit integers, XOR as (a | b) - (a & b), then the
-- tier's range and Math.round to hundredths. The app writes the column itself on every later save.
WITH RECURSIVE
  `fnv`(`id`, `reach`, `digits`, `i`, `h`) AS (
    SELECT `MarketerID`, `totalReachRaw`, CAST(`MarketerID` AS TEXT), 1, 290305500 FROM `marketers`
    UNION ALL
    SELECT `id`, `reach`, `digits`, `i` + 1,
      (((`h` | unicode(substr(`digits`, `i`, 1))) - (`h` & unicode(substr(`digits`, `i`, 1)))) * 16777619) & 4294967295
    FROM `fnv` WHERE `i` <= length(`digits`)
  ),
  `s1`(`id`, `reach`, `h`) AS (SELECT `id`, `reach`, (`h` | (`h` >> 16)) - (`h` & (`h` >> 16)) FROM `fnv` WHERE `i` = length(`digits`) + 1),
  `s2`(`id`, `reach`, `h`) AS (SELECT `id`, `reach`, (((`h` * 34283) & 65535) * 65536 + `h` * 51819) & 4294967295 FROM `s1`),
  `s3`(`id`, `reach`, `h`) AS (SELECT `id`, `reach`, (`h` | (`h` >> 13)) - (`h` & (`h` >> 13)) FROM `s2`),
  `s4`(`id`, `reach`, `h`) AS (SELECT `id`, `reach`, (((`h` * 49842) & 65535) * 65536 + `h` * 44597) & 4294967295 FROM `s3`),
  `unit`(`id`, `reach`, `u`) AS (SELECT `id`, `reach`, ((`h` | (`h` >> 16)) - (`h` & (`h` >> 16))) / 4294967296.0 FROM `s4`),
  `tier`(`id`, `low`, `high`, `u`) AS (
    SELECT `id`,
      CASE WHEN `reach` >= 10000000 THEN 0.8 WHEN `reach` >= 1000000 THEN 1.2 WHEN `reach` >= 100000 THEN 2 WHEN `reach` >= 10000 THEN 3 WHEN `reach` >= 1 THEN 4 END,
      CASE WHEN `reach` >= 10000000 THEN 2.0 WHEN `reach` >= 1000000 THEN 3.0 WHEN `reach` >= 100000 THEN 4 WHEN `reach` >= 10000 THEN 5.5 WHEN `reach` >= 1 THEN 7 END,
      `u`
    FROM `unit`
  ),
  `rates`(`id`, `rate`) AS (
    SELECT `id`, coalesce(CAST((`low` + `u` * (`high` - `low`)) * 100 + 0.5 AS INTEGER) / 100.0, 0) FROM `tier`
  )
UPDATE `marketers` SET `engagementRate` = `rates`.`rate` FROM `rates` WHERE `rates`.`id` = `marketers`.`MarketerID`;
