-- Written by `npm run db:triggers` (scripts/triggers.ts) from worker/db/kept-figures.ts: do not edit.
-- Drops and recreates the triggers that keep account_totals, account_daily and report_figures.
DROP TRIGGER IF EXISTS `account_totals_lead_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `account_totals_lead_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `account_totals_lead_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `account_totals_impressions_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `account_totals_impressions_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `account_totals_impressions_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `account_totals_product_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `account_totals_product_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `account_totals_product_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `report_figures_lead_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `report_figures_lead_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `report_figures_lead_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `report_figures_impressions_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `report_figures_impressions_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `report_figures_impressions_delete`;
--> statement-breakpoint
CREATE TRIGGER `account_totals_lead_insert` AFTER INSERT ON `leads` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `leads`, `pending`, `converted`, `revenuePaise`, `commissionPaise`)
  VALUES ('vendor', new.`VendorID`, 1, (new.`Status` = 'Pending'), (new.`Status` = 'Converted'), CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END, CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END), ('marketer', new.`MarketerID`, 1, (new.`Status` = 'Pending'), (new.`Status` = 'Converted'), CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END, CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END)
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `leads` = `account_totals`.`leads` + excluded.`leads`, `pending` = `account_totals`.`pending` + excluded.`pending`, `converted` = `account_totals`.`converted` + excluded.`converted`, `revenuePaise` = `account_totals`.`revenuePaise` + excluded.`revenuePaise`, `commissionPaise` = `account_totals`.`commissionPaise` + excluded.`commissionPaise`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `leads`)
  VALUES ('vendor', new.`VendorID`, substr(new.`createdAt`, 1, 10), 1), ('marketer', new.`MarketerID`, substr(new.`createdAt`, 1, 10), 1)
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `leads` = `account_daily`.`leads` + excluded.`leads`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `conversions`)
  SELECT 'vendor', new.`VendorID`, substr(new.`convertedAt`, 1, 10), 1 WHERE new.`Status` = 'Converted' AND new.`convertedAt` IS NOT NULL
  UNION ALL SELECT 'marketer', new.`MarketerID`, substr(new.`convertedAt`, 1, 10), 1 WHERE new.`Status` = 'Converted' AND new.`convertedAt` IS NOT NULL
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `conversions` = `account_daily`.`conversions` + excluded.`conversions`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_lead_update` AFTER UPDATE OF `VendorID`, `MarketerID`, `Status`, `PricePaise`, `CommissionAmountPaise`, `createdAt`, `convertedAt` ON `leads` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `leads`, `pending`, `converted`, `revenuePaise`, `commissionPaise`)
  VALUES ('vendor', old.`VendorID`, -1, -((old.`Status` = 'Pending')), -((old.`Status` = 'Converted')), -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END)), ('marketer', old.`MarketerID`, -1, -((old.`Status` = 'Pending')), -((old.`Status` = 'Converted')), -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END)), ('vendor', new.`VendorID`, 1, (new.`Status` = 'Pending'), (new.`Status` = 'Converted'), CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END, CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END), ('marketer', new.`MarketerID`, 1, (new.`Status` = 'Pending'), (new.`Status` = 'Converted'), CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END, CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END)
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `leads` = `account_totals`.`leads` + excluded.`leads`, `pending` = `account_totals`.`pending` + excluded.`pending`, `converted` = `account_totals`.`converted` + excluded.`converted`, `revenuePaise` = `account_totals`.`revenuePaise` + excluded.`revenuePaise`, `commissionPaise` = `account_totals`.`commissionPaise` + excluded.`commissionPaise`;
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
  VALUES ('vendor', old.`VendorID`, -1, -((old.`Status` = 'Pending')), -((old.`Status` = 'Converted')), -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END)), ('marketer', old.`MarketerID`, -1, -((old.`Status` = 'Pending')), -((old.`Status` = 'Converted')), -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END))
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `leads` = `account_totals`.`leads` + excluded.`leads`, `pending` = `account_totals`.`pending` + excluded.`pending`, `converted` = `account_totals`.`converted` + excluded.`converted`, `revenuePaise` = `account_totals`.`revenuePaise` + excluded.`revenuePaise`, `commissionPaise` = `account_totals`.`commissionPaise` + excluded.`commissionPaise`;
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
CREATE TRIGGER `account_totals_impressions_update` AFTER UPDATE OF `VendorID`, `MarketerID`, `n`, `day` ON `impressions_daily` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `impressions`)
  VALUES ('vendor', old.`VendorID`, -(old.`n`)), ('marketer', old.`MarketerID`, -(old.`n`)), ('vendor', new.`VendorID`, new.`n`), ('marketer', new.`MarketerID`, new.`n`)
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `impressions` = `account_totals`.`impressions` + excluded.`impressions`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `impressions`)
  VALUES ('vendor', old.`VendorID`, old.`day`, -(old.`n`)), ('marketer', old.`MarketerID`, old.`day`, -(old.`n`)), ('vendor', new.`VendorID`, new.`day`, new.`n`), ('marketer', new.`MarketerID`, new.`day`, new.`n`)
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `impressions` = `account_daily`.`impressions` + excluded.`impressions`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_impressions_delete` AFTER DELETE ON `impressions_daily` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `impressions`)
  VALUES ('vendor', old.`VendorID`, -(old.`n`)), ('marketer', old.`MarketerID`, -(old.`n`))
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `impressions` = `account_totals`.`impressions` + excluded.`impressions`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `impressions`)
  VALUES ('vendor', old.`VendorID`, old.`day`, -(old.`n`)), ('marketer', old.`MarketerID`, old.`day`, -(old.`n`))
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
CREATE TRIGGER `report_figures_lead_insert` AFTER INSERT ON `leads` BEGIN
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `leads`, `conversions`, `revenuePaise`, `commissionPaise`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN new.`MarketerID` WHEN 'product' THEN new.`VendorID` ELSE new.`VendorID` END, w.`period`, CASE w.`view` WHEN 'link' THEN new.`ProductID` WHEN 'product' THEN new.`ProductID` ELSE new.`MarketerID` END, 1, (new.`Status` = 'Converted'), CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END, CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END
  FROM `report_windows` w WHERE w.`fromDay` <= substr(new.`createdAt`, 1, 10) AND (w.`view` IN ('marketer') OR new.`ProductID` IS NOT NULL)
  ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET `leads` = `report_figures`.`leads` + excluded.`leads`, `conversions` = `report_figures`.`conversions` + excluded.`conversions`, `revenuePaise` = `report_figures`.`revenuePaise` + excluded.`revenuePaise`, `commissionPaise` = `report_figures`.`commissionPaise` + excluded.`commissionPaise`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_figures_lead_update` AFTER UPDATE OF `MarketerID`, `ProductID`, `VendorID`, `Status`, `PricePaise`, `CommissionAmountPaise`, `createdAt` ON `leads` BEGIN
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `leads`, `conversions`, `revenuePaise`, `commissionPaise`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN old.`MarketerID` WHEN 'product' THEN old.`VendorID` ELSE old.`VendorID` END, w.`period`, CASE w.`view` WHEN 'link' THEN old.`ProductID` WHEN 'product' THEN old.`ProductID` ELSE old.`MarketerID` END, -1, -((old.`Status` = 'Converted')), -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END)
  FROM `report_windows` w WHERE w.`fromDay` <= substr(old.`createdAt`, 1, 10) AND (w.`view` IN ('marketer') OR old.`ProductID` IS NOT NULL)
  ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET `leads` = `report_figures`.`leads` + excluded.`leads`, `conversions` = `report_figures`.`conversions` + excluded.`conversions`, `revenuePaise` = `report_figures`.`revenuePaise` + excluded.`revenuePaise`, `commissionPaise` = `report_figures`.`commissionPaise` + excluded.`commissionPaise`;
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `leads`, `conversions`, `revenuePaise`, `commissionPaise`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN new.`MarketerID` WHEN 'product' THEN new.`VendorID` ELSE new.`VendorID` END, w.`period`, CASE w.`view` WHEN 'link' THEN new.`ProductID` WHEN 'product' THEN new.`ProductID` ELSE new.`MarketerID` END, 1, (new.`Status` = 'Converted'), CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END, CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END
  FROM `report_windows` w WHERE w.`fromDay` <= substr(new.`createdAt`, 1, 10) AND (w.`view` IN ('marketer') OR new.`ProductID` IS NOT NULL)
  ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET `leads` = `report_figures`.`leads` + excluded.`leads`, `conversions` = `report_figures`.`conversions` + excluded.`conversions`, `revenuePaise` = `report_figures`.`revenuePaise` + excluded.`revenuePaise`, `commissionPaise` = `report_figures`.`commissionPaise` + excluded.`commissionPaise`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_figures_lead_delete` AFTER DELETE ON `leads` BEGIN
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `leads`, `conversions`, `revenuePaise`, `commissionPaise`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN old.`MarketerID` WHEN 'product' THEN old.`VendorID` ELSE old.`VendorID` END, w.`period`, CASE w.`view` WHEN 'link' THEN old.`ProductID` WHEN 'product' THEN old.`ProductID` ELSE old.`MarketerID` END, -1, -((old.`Status` = 'Converted')), -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END)
  FROM `report_windows` w WHERE w.`fromDay` <= substr(old.`createdAt`, 1, 10) AND (w.`view` IN ('marketer') OR old.`ProductID` IS NOT NULL)
  ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET `leads` = `report_figures`.`leads` + excluded.`leads`, `conversions` = `report_figures`.`conversions` + excluded.`conversions`, `revenuePaise` = `report_figures`.`revenuePaise` + excluded.`revenuePaise`, `commissionPaise` = `report_figures`.`commissionPaise` + excluded.`commissionPaise`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_figures_impressions_insert` AFTER INSERT ON `impressions_daily` BEGIN
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `impressions`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN new.`MarketerID` WHEN 'product' THEN new.`VendorID` ELSE new.`VendorID` END, w.`period`, CASE w.`view` WHEN 'link' THEN new.`ProductID` WHEN 'product' THEN new.`ProductID` ELSE new.`MarketerID` END, new.`n`
  FROM `report_windows` w WHERE w.`fromDay` <= new.`day`
  ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET `impressions` = `report_figures`.`impressions` + excluded.`impressions`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_figures_impressions_update` AFTER UPDATE OF `MarketerID`, `ProductID`, `VendorID`, `n`, `day` ON `impressions_daily` BEGIN
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `impressions`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN old.`MarketerID` WHEN 'product' THEN old.`VendorID` ELSE old.`VendorID` END, w.`period`, CASE w.`view` WHEN 'link' THEN old.`ProductID` WHEN 'product' THEN old.`ProductID` ELSE old.`MarketerID` END, -(old.`n`)
  FROM `report_windows` w WHERE w.`fromDay` <= old.`day`
  ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET `impressions` = `report_figures`.`impressions` + excluded.`impressions`;
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `impressions`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN new.`MarketerID` WHEN 'product' THEN new.`VendorID` ELSE new.`VendorID` END, w.`period`, CASE w.`view` WHEN 'link' THEN new.`ProductID` WHEN 'product' THEN new.`ProductID` ELSE new.`MarketerID` END, new.`n`
  FROM `report_windows` w WHERE w.`fromDay` <= new.`day`
  ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET `impressions` = `report_figures`.`impressions` + excluded.`impressions`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_figures_impressions_delete` AFTER DELETE ON `impressions_daily` BEGIN
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `impressions`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN old.`MarketerID` WHEN 'product' THEN old.`VendorID` ELSE old.`VendorID` END, w.`period`, CASE w.`view` WHEN 'link' THEN old.`ProductID` WHEN 'product' THEN old.`ProductID` ELSE old.`MarketerID` END, -(old.`n`)
  FROM `report_windows` w WHERE w.`fromDay` <= old.`day`
  ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET `impressions` = `report_figures`.`impressions` + excluded.`impressions`;
END;
