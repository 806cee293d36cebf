-- The dashboards' figures (account_totals, account_daily) kept in step with every write that moves
-- them, whoever makes it (the API, the ledger's batches, the back office, the seed, a bulk load): a
-- write adds what the new row contributes and takes away what the old row contributed, in the same
-- transaction as the write itself, so the figures never disagree with the rows they count.
-- Written out by a small script (the old and new sides mirror each other); D1 allows few terms in a
-- compound SELECT, so each statement has at most two.
CREATE TRIGGER `account_totals_lead_insert` AFTER INSERT ON `leads` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `leads`, `pending`, `converted`, `revenuePaise`, `commissionPaise`)
  VALUES
    ('vendor', new.`VendorID`, 1, (new.`Status` = 'Pending'), (new.`Status` = 'Converted'),
      (CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END), (CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END)),
    ('marketer', new.`MarketerID`, 1, (new.`Status` = 'Pending'), (new.`Status` = 'Converted'),
      (CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END), (CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END))
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET
    `leads` = `account_totals`.`leads` + excluded.`leads`,
    `pending` = `account_totals`.`pending` + excluded.`pending`,
    `converted` = `account_totals`.`converted` + excluded.`converted`,
    `revenuePaise` = `account_totals`.`revenuePaise` + excluded.`revenuePaise`,
    `commissionPaise` = `account_totals`.`commissionPaise` + excluded.`commissionPaise`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `leads`)
  VALUES ('vendor', new.`VendorID`, substr(new.`createdAt`, 1, 10), 1), ('marketer', new.`MarketerID`, substr(new.`createdAt`, 1, 10), 1)
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `leads` = `account_daily`.`leads` + excluded.`leads`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `conversions`)
  SELECT 'vendor', new.`VendorID`, substr(new.`convertedAt`, 1, 10), 1 WHERE new.`Status` = 'Converted' AND new.`convertedAt` IS NOT NULL
  UNION ALL SELECT 'marketer', new.`MarketerID`, substr(new.`convertedAt`, 1, 10), 1 WHERE new.`Status` = 'Converted' AND new.`convertedAt` IS NOT NULL
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `conversions` = `account_daily`.`conversions` + excluded.`conversions`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_lead_update` AFTER UPDATE OF `Status`, `VendorID`, `MarketerID`, `PricePaise`, `CommissionAmountPaise`, `createdAt`, `convertedAt` ON `leads` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `leads`, `pending`, `converted`, `revenuePaise`, `commissionPaise`)
  VALUES
    ('vendor', old.`VendorID`, -1, -(old.`Status` = 'Pending'), -(old.`Status` = 'Converted'),
      -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END)),
    ('marketer', old.`MarketerID`, -1, -(old.`Status` = 'Pending'), -(old.`Status` = 'Converted'),
      -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END)),
    ('vendor', new.`VendorID`, 1, (new.`Status` = 'Pending'), (new.`Status` = 'Converted'),
      (CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END), (CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END)),
    ('marketer', new.`MarketerID`, 1, (new.`Status` = 'Pending'), (new.`Status` = 'Converted'),
      (CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END), (CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END))
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET
    `leads` = `account_totals`.`leads` + excluded.`leads`,
    `pending` = `account_totals`.`pending` + excluded.`pending`,
    `converted` = `account_totals`.`converted` + excluded.`converted`,
    `revenuePaise` = `account_totals`.`revenuePaise` + excluded.`revenuePaise`,
    `commissionPaise` = `account_totals`.`commissionPaise` + excluded.`commissionPaise`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `leads`)
  VALUES ('vendor', old.`VendorID`, substr(old.`createdAt`, 1, 10), -1), ('marketer', old.`MarketerID`, substr(old.`createdAt`, 1, 10), -1), ('vendor', new.`VendorID`, substr(new.`createdAt`, 1, 10), 1), ('marketer', new.`MarketerID`, substr(new.`createdAt`, 1, 10), 1)
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `leads` = `account_daily`.`leads` + excluded.`leads`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `conversions`)
  SELECT 'vendor', old.`VendorID`, substr(old.`convertedAt`, 1, 10), -1 WHERE old.`Status` = 'Converted' AND old.`convertedAt` IS NOT NULL
  UNION ALL SELECT 'marketer', old.`MarketerID`, substr(old.`convertedAt`, 1, 10), -1 WHERE old.`Status` = 'Converted' AND old.`convertedAt` IS NOT NULL
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `conversions` = `account_daily`.`conversions` + excluded.`conversions`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `conversions`)
  SELECT 'vendor', new.`VendorID`, substr(new.`convertedAt`, 1, 10), 1 WHERE new.`Status` = 'Converted' AND new.`convertedAt` IS NOT NULL
  UNION ALL SELECT 'marketer', new.`MarketerID`, substr(new.`convertedAt`, 1, 10), 1 WHERE new.`Status` = 'Converted' AND new.`convertedAt` IS NOT NULL
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `conversions` = `account_daily`.`conversions` + excluded.`conversions`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_lead_delete` AFTER DELETE ON `leads` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `leads`, `pending`, `converted`, `revenuePaise`, `commissionPaise`)
  VALUES
    ('vendor', old.`VendorID`, -1, -(old.`Status` = 'Pending'), -(old.`Status` = 'Converted'),
      -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END)),
    ('marketer', old.`MarketerID`, -1, -(old.`Status` = 'Pending'), -(old.`Status` = 'Converted'),
      -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END))
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET
    `leads` = `account_totals`.`leads` + excluded.`leads`,
    `pending` = `account_totals`.`pending` + excluded.`pending`,
    `converted` = `account_totals`.`converted` + excluded.`converted`,
    `revenuePaise` = `account_totals`.`revenuePaise` + excluded.`revenuePaise`,
    `commissionPaise` = `account_totals`.`commissionPaise` + excluded.`commissionPaise`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `leads`)
  VALUES ('vendor', old.`VendorID`, substr(old.`createdAt`, 1, 10), -1), ('marketer', old.`MarketerID`, substr(old.`createdAt`, 1, 10), -1)
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `leads` = `account_daily`.`leads` + excluded.`leads`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `conversions`)
  SELECT 'vendor', old.`VendorID`, substr(old.`convertedAt`, 1, 10), -1 WHERE old.`Status` = 'Converted' AND old.`convertedAt` IS NOT NULL
  UNION ALL SELECT 'marketer', old.`MarketerID`, substr(old.`convertedAt`, 1, 10), -1 WHERE old.`Status` = 'Converted' AND old.`convertedAt` IS NOT NULL
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `conversions` = `account_daily`.`conversions` + excluded.`conversions`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_impressions_insert` AFTER INSERT ON `impressions_daily` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `impressions`)
  VALUES ('vendor', new.`VendorID`, new.`n`), ('marketer', new.`MarketerID`, new.`n`)
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `impressions` = `account_totals`.`impressions` + excluded.`impressions`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `impressions`)
  VALUES ('vendor', new.`VendorID`, new.`day`, new.`n`), ('marketer', new.`MarketerID`, new.`day`, new.`n`)
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `impressions` = `account_daily`.`impressions` + excluded.`impressions`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_impressions_update` AFTER UPDATE OF `n`, `day`, `VendorID`, `MarketerID` ON `impressions_daily` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `impressions`)
  VALUES ('vendor', old.`VendorID`, -old.`n`), ('marketer', old.`MarketerID`, -old.`n`), ('vendor', new.`VendorID`, new.`n`), ('marketer', new.`MarketerID`, new.`n`)
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `impressions` = `account_totals`.`impressions` + excluded.`impressions`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `impressions`)
  VALUES ('vendor', old.`VendorID`, old.`day`, -old.`n`), ('marketer', old.`MarketerID`, old.`day`, -old.`n`), ('vendor', new.`VendorID`, new.`day`, new.`n`), ('marketer', new.`MarketerID`, new.`day`, new.`n`)
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `impressions` = `account_daily`.`impressions` + excluded.`impressions`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_impressions_delete` AFTER DELETE ON `impressions_daily` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `impressions`)
  VALUES ('vendor', old.`VendorID`, -old.`n`), ('marketer', old.`MarketerID`, -old.`n`)
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `impressions` = `account_totals`.`impressions` + excluded.`impressions`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `impressions`)
  VALUES ('vendor', old.`VendorID`, old.`day`, -old.`n`), ('marketer', old.`MarketerID`, old.`day`, -old.`n`)
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `impressions` = `account_daily`.`impressions` + excluded.`impressions`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_product_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `products`)
  VALUES ('vendor', new.`VendorID`, 1)
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `products` = `account_totals`.`products` + excluded.`products`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_product_update` AFTER UPDATE OF `VendorID` ON `products` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `products`)
  VALUES ('vendor', old.`VendorID`, -1), ('vendor', new.`VendorID`, 1)
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `products` = `account_totals`.`products` + excluded.`products`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_product_delete` AFTER DELETE ON `products` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `products`)
  VALUES ('vendor', old.`VendorID`, -1)
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `products` = `account_totals`.`products` + excluded.`products`;
END;
--> statement-breakpoint
-- What the accounts already hold. These statements also rebuild the figures from scratch (after
-- DELETE FROM account_totals and account_daily), as the bulk load of `npm run bench:scale` does.
INSERT INTO `account_totals` (`role`, `accountId`, `products`)
SELECT 'vendor', `VendorID`, count(*) FROM `products` WHERE true GROUP BY `VendorID`
ON CONFLICT (`role`, `accountId`) DO UPDATE SET
    `products` = `account_totals`.`products` + excluded.`products`;
--> statement-breakpoint
INSERT INTO `account_totals` (`role`, `accountId`, `leads`, `pending`, `converted`, `revenuePaise`, `commissionPaise`)
SELECT 'vendor', `VendorID`, count(*), sum(`Status` = 'Pending'), sum(`Status` = 'Converted'),
  sum(CASE WHEN `Status` = 'Converted' THEN `PricePaise` ELSE 0 END), sum(CASE WHEN `Status` = 'Converted' THEN `CommissionAmountPaise` ELSE 0 END)
FROM `leads` WHERE true GROUP BY `VendorID`
ON CONFLICT (`role`, `accountId`) DO UPDATE SET
    `leads` = `account_totals`.`leads` + excluded.`leads`,
    `pending` = `account_totals`.`pending` + excluded.`pending`,
    `converted` = `account_totals`.`converted` + excluded.`converted`,
    `revenuePaise` = `account_totals`.`revenuePaise` + excluded.`revenuePaise`,
    `commissionPaise` = `account_totals`.`commissionPaise` + excluded.`commissionPaise`;
--> statement-breakpoint
INSERT INTO `account_totals` (`role`, `accountId`, `leads`, `pending`, `converted`, `revenuePaise`, `commissionPaise`)
SELECT 'marketer', `MarketerID`, count(*), sum(`Status` = 'Pending'), sum(`Status` = 'Converted'),
  sum(CASE WHEN `Status` = 'Converted' THEN `PricePaise` ELSE 0 END), sum(CASE WHEN `Status` = 'Converted' THEN `CommissionAmountPaise` ELSE 0 END)
FROM `leads` WHERE true GROUP BY `MarketerID`
ON CONFLICT (`role`, `accountId`) DO UPDATE SET
    `leads` = `account_totals`.`leads` + excluded.`leads`,
    `pending` = `account_totals`.`pending` + excluded.`pending`,
    `converted` = `account_totals`.`converted` + excluded.`converted`,
    `revenuePaise` = `account_totals`.`revenuePaise` + excluded.`revenuePaise`,
    `commissionPaise` = `account_totals`.`commissionPaise` + excluded.`commissionPaise`;
--> statement-breakpoint
INSERT INTO `account_totals` (`role`, `accountId`, `impressions`)
SELECT 'vendor', `VendorID`, sum(`n`) FROM `impressions_daily` WHERE true GROUP BY `VendorID`
ON CONFLICT (`role`, `accountId`) DO UPDATE SET
    `impressions` = `account_totals`.`impressions` + excluded.`impressions`;
--> statement-breakpoint
INSERT INTO `account_totals` (`role`, `accountId`, `impressions`)
SELECT 'marketer', `MarketerID`, sum(`n`) FROM `impressions_daily` WHERE true GROUP BY `MarketerID`
ON CONFLICT (`role`, `accountId`) DO UPDATE SET
    `impressions` = `account_totals`.`impressions` + excluded.`impressions`;
--> statement-breakpoint
INSERT INTO `account_daily` (`role`, `accountId`, `day`, `leads`)
SELECT 'vendor', `VendorID`, substr(`createdAt`, 1, 10), count(*) FROM `leads` WHERE true GROUP BY 2, 3
ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `leads` = `account_daily`.`leads` + excluded.`leads`;
--> statement-breakpoint
INSERT INTO `account_daily` (`role`, `accountId`, `day`, `leads`)
SELECT 'marketer', `MarketerID`, substr(`createdAt`, 1, 10), count(*) FROM `leads` WHERE true GROUP BY 2, 3
ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `leads` = `account_daily`.`leads` + excluded.`leads`;
--> statement-breakpoint
INSERT INTO `account_daily` (`role`, `accountId`, `day`, `conversions`)
SELECT 'vendor', `VendorID`, substr(`convertedAt`, 1, 10), count(*) FROM `leads` WHERE `Status` = 'Converted' AND `convertedAt` IS NOT NULL GROUP BY 2, 3
ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `conversions` = `account_daily`.`conversions` + excluded.`conversions`;
--> statement-breakpoint
INSERT INTO `account_daily` (`role`, `accountId`, `day`, `conversions`)
SELECT 'marketer', `MarketerID`, substr(`convertedAt`, 1, 10), count(*) FROM `leads` WHERE `Status` = 'Converted' AND `convertedAt` IS NOT NULL GROUP BY 2, 3
ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `conversions` = `account_daily`.`conversions` + excluded.`conversions`;
--> statement-breakpoint
INSERT INTO `account_daily` (`role`, `accountId`, `day`, `impressions`)
SELECT 'vendor', `VendorID`, `day`, sum(`n`) FROM `impressions_daily` WHERE true GROUP BY 2, 3
ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `impressions` = `account_daily`.`impressions` + excluded.`impressions`;
--> statement-breakpoint
INSERT INTO `account_daily` (`role`, `accountId`, `day`, `impressions`)
SELECT 'marketer', `MarketerID`, `day`, sum(`n`) FROM `impressions_daily` WHERE true GROUP BY 2, 3
ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `impressions` = `account_daily`.`impressions` + excluded.`impressions`;
