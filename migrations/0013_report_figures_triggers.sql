-- The link performance reports' figures (report_figures, issue 14) kept in step with every write to
-- leads and impressions_daily, whoever makes it, in the same transaction as the write: a write adds
-- what the new row contributes to every period whose window holds its day, and takes away what the
-- old row contributed. The old and new sides mirror each other.
CREATE TRIGGER `report_figures_lead_insert` AFTER INSERT ON `leads` BEGIN
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `leads`, `conversions`, `revenuePaise`, `commissionPaise`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN new.`MarketerID` ELSE new.`VendorID` END, w.`period`, CASE w.`view` WHEN 'influencer' THEN new.`MarketerID` ELSE new.`ProductID` END,
    1, (new.`Status` = 'Converted'), (CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END),
    (CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END)
  FROM `report_windows` w WHERE w.`fromDay` <= substr(new.`createdAt`, 1, 10) AND (w.`view` = 'influencer' OR new.`ProductID` IS NOT NULL)
  ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET
    `leads` = `report_figures`.`leads` + excluded.`leads`,
    `conversions` = `report_figures`.`conversions` + excluded.`conversions`,
    `revenuePaise` = `report_figures`.`revenuePaise` + excluded.`revenuePaise`,
    `commissionPaise` = `report_figures`.`commissionPaise` + excluded.`commissionPaise`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_figures_lead_update` AFTER UPDATE OF `Status`, `VendorID`, `MarketerID`, `ProductID`, `PricePaise`, `CommissionAmountPaise`, `createdAt` ON `leads` BEGIN
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `leads`, `conversions`, `revenuePaise`, `commissionPaise`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN old.`MarketerID` ELSE old.`VendorID` END, w.`period`, CASE w.`view` WHEN 'influencer' THEN old.`MarketerID` ELSE old.`ProductID` END,
    -1, -(old.`Status` = 'Converted'), -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END),
    -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END)
  FROM `report_windows` w WHERE w.`fromDay` <= substr(old.`createdAt`, 1, 10) AND (w.`view` = 'influencer' OR old.`ProductID` IS NOT NULL)
  ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET
    `leads` = `report_figures`.`leads` + excluded.`leads`,
    `conversions` = `report_figures`.`conversions` + excluded.`conversions`,
    `revenuePaise` = `report_figures`.`revenuePaise` + excluded.`revenuePaise`,
    `commissionPaise` = `report_figures`.`commissionPaise` + excluded.`commissionPaise`;
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `leads`, `conversions`, `revenuePaise`, `commissionPaise`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN new.`MarketerID` ELSE new.`VendorID` END, w.`period`, CASE w.`view` WHEN 'influencer' THEN new.`MarketerID` ELSE new.`ProductID` END,
    1, (new.`Status` = 'Converted'), (CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END),
    (CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END)
  FROM `report_windows` w WHERE w.`fromDay` <= substr(new.`createdAt`, 1, 10) AND (w.`view` = 'influencer' OR new.`ProductID` IS NOT NULL)
  ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET
    `leads` = `report_figures`.`leads` + excluded.`leads`,
    `conversions` = `report_figures`.`conversions` + excluded.`conversions`,
    `revenuePaise` = `report_figures`.`revenuePaise` + excluded.`revenuePaise`,
    `commissionPaise` = `report_figures`.`commissionPaise` + excluded.`commissionPaise`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_figures_lead_delete` AFTER DELETE ON `leads` BEGIN
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `leads`, `conversions`, `revenuePaise`, `commissionPaise`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN old.`MarketerID` ELSE old.`VendorID` END, w.`period`, CASE w.`view` WHEN 'influencer' THEN old.`MarketerID` ELSE old.`ProductID` END,
    -1, -(old.`Status` = 'Converted'), -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END),
    -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END)
  FROM `report_windows` w WHERE w.`fromDay` <= substr(old.`createdAt`, 1, 10) AND (w.`view` = 'influencer' OR old.`ProductID` IS NOT NULL)
  ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET
    `leads` = `report_figures`.`leads` + excluded.`leads`,
    `conversions` = `report_figures`.`conversions` + excluded.`conversions`,
    `revenuePaise` = `report_figures`.`revenuePaise` + excluded.`revenuePaise`,
    `commissionPaise` = `report_figures`.`commissionPaise` + excluded.`commissionPaise`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_figures_impressions_insert` AFTER INSERT ON `impressions_daily` BEGIN
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `impressions`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN new.`MarketerID` ELSE new.`VendorID` END, w.`period`, CASE w.`view` WHEN 'influencer' THEN new.`MarketerID` ELSE new.`ProductID` END, new.`n`
  FROM `report_windows` w WHERE w.`fromDay` <= new.`day`
  ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET `impressions` = `report_figures`.`impressions` + excluded.`impressions`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_figures_impressions_update` AFTER UPDATE OF `n`, `day`, `ProductID`, `VendorID`, `MarketerID` ON `impressions_daily` BEGIN
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `impressions`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN old.`MarketerID` ELSE old.`VendorID` END, w.`period`, CASE w.`view` WHEN 'influencer' THEN old.`MarketerID` ELSE old.`ProductID` END, -old.`n`
  FROM `report_windows` w WHERE w.`fromDay` <= old.`day`
  ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET `impressions` = `report_figures`.`impressions` + excluded.`impressions`;
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `impressions`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN new.`MarketerID` ELSE new.`VendorID` END, w.`period`, CASE w.`view` WHEN 'influencer' THEN new.`MarketerID` ELSE new.`ProductID` END, new.`n`
  FROM `report_windows` w WHERE w.`fromDay` <= new.`day`
  ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET `impressions` = `report_figures`.`impressions` + excluded.`impressions`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_figures_impressions_delete` AFTER DELETE ON `impressions_daily` BEGIN
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `impressions`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN old.`MarketerID` ELSE old.`VendorID` END, w.`period`, CASE w.`view` WHEN 'influencer' THEN old.`MarketerID` ELSE old.`ProductID` END, -old.`n`
  FROM `report_windows` w WHERE w.`fromDay` <= old.`day`
  ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET `impressions` = `report_figures`.`impressions` + excluded.`impressions`;
END;
--> statement-breakpoint
-- The windows as of today (UTC, as the reports count days), then what the rows already hold. These
-- statements also rebuild the figures from scratch (after DELETE FROM report_figures), as the bulk
-- load of `npm run bench:scale` does.
INSERT INTO `report_windows` (`view`, `period`, `fromDay`) VALUES
  ('link', '7', date('now', '-6 days')),
  ('link', '30', date('now', '-29 days')),
  ('link', '90', date('now', '-89 days')),
  ('link', 'all', ''),
  ('product', '7', date('now', '-6 days')),
  ('product', '30', date('now', '-29 days')),
  ('product', '90', date('now', '-89 days')),
  ('product', 'all', ''),
  ('influencer', '7', date('now', '-6 days')),
  ('influencer', '30', date('now', '-29 days')),
  ('influencer', '90', date('now', '-89 days')),
  ('influencer', 'all', '')
ON CONFLICT (`view`, `period`) DO NOTHING;
--> statement-breakpoint
INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `leads`, `conversions`, `revenuePaise`, `commissionPaise`)
SELECT w.`view`, CASE w.`view` WHEN 'link' THEN l.`MarketerID` ELSE l.`VendorID` END AS a, w.`period`, CASE w.`view` WHEN 'influencer' THEN l.`MarketerID` ELSE l.`ProductID` END AS g,
  count(*), sum(l.`Status` = 'Converted'), sum(CASE WHEN l.`Status` = 'Converted' THEN l.`PricePaise` ELSE 0 END),
  sum(CASE WHEN l.`Status` = 'Converted' THEN l.`CommissionAmountPaise` ELSE 0 END)
FROM `leads` l, `report_windows` w WHERE w.`fromDay` <= substr(l.`createdAt`, 1, 10) AND (w.`view` = 'influencer' OR l.`ProductID` IS NOT NULL)
GROUP BY w.`view`, a, w.`period`, g
ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET
    `leads` = `report_figures`.`leads` + excluded.`leads`,
    `conversions` = `report_figures`.`conversions` + excluded.`conversions`,
    `revenuePaise` = `report_figures`.`revenuePaise` + excluded.`revenuePaise`,
    `commissionPaise` = `report_figures`.`commissionPaise` + excluded.`commissionPaise`;
--> statement-breakpoint
INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `impressions`)
SELECT w.`view`, CASE w.`view` WHEN 'link' THEN i.`MarketerID` ELSE i.`VendorID` END AS a, w.`period`, CASE w.`view` WHEN 'influencer' THEN i.`MarketerID` ELSE i.`ProductID` END AS g, sum(i.`n`)
FROM `impressions_daily` i, `report_windows` w WHERE w.`fromDay` <= i.`day`
GROUP BY w.`view`, a, w.`period`, g
ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET `impressions` = `report_figures`.`impressions` + excluded.`impressions`;
