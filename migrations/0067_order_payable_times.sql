-- Written by `npm run db:triggers` (scripts/triggers.ts) from worker/db/kept-figures.ts: do not edit.
-- Drops and recreates every trigger that keeps a figure (decision 279).
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
DROP TRIGGER IF EXISTS `account_totals_vendor_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `account_totals_vendor_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `account_totals_vendor_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `account_totals_marketer_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `account_totals_marketer_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `account_totals_marketer_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `account_totals_audit_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `account_totals_audit_delete`;
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
DROP TRIGGER IF EXISTS `campaign_members_counts_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `campaign_members_counts_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `campaign_figures_lead_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `campaign_figures_lead_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `campaign_figures_lead_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `campaign_figures_impressions_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `campaign_figures_impressions_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `campaign_figures_impressions_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `campaign_figures_fee`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `notifications_counted`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `notifications_read`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `notifications_removed`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `coupon_code_counted`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `coupon_code_uncounted`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `coupon_code_use_counted`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `sub_figures_click`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `sub_figures_lead_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `sub_figures_lead_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `sub_figures_lead_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `storefront_visits_count`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `webhook_deliveries_count`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `commission_entries_figures_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `commission_entries_figures_converted`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `commission_entries_figures_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `vendors_terms_figures`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `orders_payable_entries`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `payout_items_figures`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `payout_items_settle`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `ledger_moves_apply`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `ledger_figures_pairs`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `payouts_figures`;
--> statement-breakpoint
CREATE TRIGGER `account_totals_lead_insert` AFTER INSERT ON `leads` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `leads`, `pending`, `converted`, `revenuePaise`, `commissionPaise`)
  VALUES ('vendor', new.`VendorID`, 1, (new.`Status` = 'Pending'), (new.`Status` = 'Converted'), CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END, CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END), ('marketer', new.`MarketerID`, 1, (new.`Status` = 'Pending'), (new.`Status` = 'Converted'), CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END, CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END), ('platform', 0, 1, (new.`Status` = 'Pending'), (new.`Status` = 'Converted'), CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END, CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END)
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `leads` = `account_totals`.`leads` + excluded.`leads`, `pending` = `account_totals`.`pending` + excluded.`pending`, `converted` = `account_totals`.`converted` + excluded.`converted`, `revenuePaise` = `account_totals`.`revenuePaise` + excluded.`revenuePaise`, `commissionPaise` = `account_totals`.`commissionPaise` + excluded.`commissionPaise`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `leads`)
  VALUES ('vendor', new.`VendorID`, date(new.`createdAt`, '+330 minutes'), 1), ('marketer', new.`MarketerID`, date(new.`createdAt`, '+330 minutes'), 1), ('platform', 0, date(new.`createdAt`, '+330 minutes'), 1)
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `leads` = `account_daily`.`leads` + excluded.`leads`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `conversions`)
  SELECT 'vendor', new.`VendorID`, date(new.`convertedAt`, '+330 minutes'), 1 WHERE new.`Status` = 'Converted' AND new.`convertedAt` IS NOT NULL
  UNION ALL SELECT 'marketer', new.`MarketerID`, date(new.`convertedAt`, '+330 minutes'), 1 WHERE new.`Status` = 'Converted' AND new.`convertedAt` IS NOT NULL
  UNION ALL SELECT 'platform', 0, date(new.`convertedAt`, '+330 minutes'), 1 WHERE new.`Status` = 'Converted' AND new.`convertedAt` IS NOT NULL
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `conversions` = `account_daily`.`conversions` + excluded.`conversions`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_lead_update` AFTER UPDATE OF `VendorID`, `MarketerID`, `Status`, `PricePaise`, `CommissionAmountPaise`, `createdAt`, `convertedAt` ON `leads` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `leads`, `pending`, `converted`, `revenuePaise`, `commissionPaise`)
  VALUES ('vendor', old.`VendorID`, -1, -((old.`Status` = 'Pending')), -((old.`Status` = 'Converted')), -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END)), ('marketer', old.`MarketerID`, -1, -((old.`Status` = 'Pending')), -((old.`Status` = 'Converted')), -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END)), ('platform', 0, -1, -((old.`Status` = 'Pending')), -((old.`Status` = 'Converted')), -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END)), ('vendor', new.`VendorID`, 1, (new.`Status` = 'Pending'), (new.`Status` = 'Converted'), CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END, CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END), ('marketer', new.`MarketerID`, 1, (new.`Status` = 'Pending'), (new.`Status` = 'Converted'), CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END, CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END), ('platform', 0, 1, (new.`Status` = 'Pending'), (new.`Status` = 'Converted'), CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END, CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END)
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `leads` = `account_totals`.`leads` + excluded.`leads`, `pending` = `account_totals`.`pending` + excluded.`pending`, `converted` = `account_totals`.`converted` + excluded.`converted`, `revenuePaise` = `account_totals`.`revenuePaise` + excluded.`revenuePaise`, `commissionPaise` = `account_totals`.`commissionPaise` + excluded.`commissionPaise`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `leads`)
  VALUES ('vendor', old.`VendorID`, date(old.`createdAt`, '+330 minutes'), -1), ('marketer', old.`MarketerID`, date(old.`createdAt`, '+330 minutes'), -1), ('platform', 0, date(old.`createdAt`, '+330 minutes'), -1), ('vendor', new.`VendorID`, date(new.`createdAt`, '+330 minutes'), 1), ('marketer', new.`MarketerID`, date(new.`createdAt`, '+330 minutes'), 1), ('platform', 0, date(new.`createdAt`, '+330 minutes'), 1)
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `leads` = `account_daily`.`leads` + excluded.`leads`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `conversions`)
  SELECT 'vendor', old.`VendorID`, date(old.`convertedAt`, '+330 minutes'), -1 WHERE old.`Status` = 'Converted' AND old.`convertedAt` IS NOT NULL
  UNION ALL SELECT 'marketer', old.`MarketerID`, date(old.`convertedAt`, '+330 minutes'), -1 WHERE old.`Status` = 'Converted' AND old.`convertedAt` IS NOT NULL
  UNION ALL SELECT 'platform', 0, date(old.`convertedAt`, '+330 minutes'), -1 WHERE old.`Status` = 'Converted' AND old.`convertedAt` IS NOT NULL
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `conversions` = `account_daily`.`conversions` + excluded.`conversions`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `conversions`)
  SELECT 'vendor', new.`VendorID`, date(new.`convertedAt`, '+330 minutes'), 1 WHERE new.`Status` = 'Converted' AND new.`convertedAt` IS NOT NULL
  UNION ALL SELECT 'marketer', new.`MarketerID`, date(new.`convertedAt`, '+330 minutes'), 1 WHERE new.`Status` = 'Converted' AND new.`convertedAt` IS NOT NULL
  UNION ALL SELECT 'platform', 0, date(new.`convertedAt`, '+330 minutes'), 1 WHERE new.`Status` = 'Converted' AND new.`convertedAt` IS NOT NULL
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `conversions` = `account_daily`.`conversions` + excluded.`conversions`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_lead_delete` AFTER DELETE ON `leads` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `leads`, `pending`, `converted`, `revenuePaise`, `commissionPaise`)
  VALUES ('vendor', old.`VendorID`, -1, -((old.`Status` = 'Pending')), -((old.`Status` = 'Converted')), -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END)), ('marketer', old.`MarketerID`, -1, -((old.`Status` = 'Pending')), -((old.`Status` = 'Converted')), -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END)), ('platform', 0, -1, -((old.`Status` = 'Pending')), -((old.`Status` = 'Converted')), -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END))
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `leads` = `account_totals`.`leads` + excluded.`leads`, `pending` = `account_totals`.`pending` + excluded.`pending`, `converted` = `account_totals`.`converted` + excluded.`converted`, `revenuePaise` = `account_totals`.`revenuePaise` + excluded.`revenuePaise`, `commissionPaise` = `account_totals`.`commissionPaise` + excluded.`commissionPaise`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `leads`)
  VALUES ('vendor', old.`VendorID`, date(old.`createdAt`, '+330 minutes'), -1), ('marketer', old.`MarketerID`, date(old.`createdAt`, '+330 minutes'), -1), ('platform', 0, date(old.`createdAt`, '+330 minutes'), -1)
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `leads` = `account_daily`.`leads` + excluded.`leads`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `conversions`)
  SELECT 'vendor', old.`VendorID`, date(old.`convertedAt`, '+330 minutes'), -1 WHERE old.`Status` = 'Converted' AND old.`convertedAt` IS NOT NULL
  UNION ALL SELECT 'marketer', old.`MarketerID`, date(old.`convertedAt`, '+330 minutes'), -1 WHERE old.`Status` = 'Converted' AND old.`convertedAt` IS NOT NULL
  UNION ALL SELECT 'platform', 0, date(old.`convertedAt`, '+330 minutes'), -1 WHERE old.`Status` = 'Converted' AND old.`convertedAt` IS NOT NULL
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `conversions` = `account_daily`.`conversions` + excluded.`conversions`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_impressions_insert` AFTER INSERT ON `impressions_daily` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `impressions`)
  VALUES ('vendor', new.`VendorID`, new.`n`), ('marketer', new.`MarketerID`, new.`n`), ('platform', 0, new.`n`)
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `impressions` = `account_totals`.`impressions` + excluded.`impressions`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `impressions`)
  VALUES ('vendor', new.`VendorID`, new.`day`, new.`n`), ('marketer', new.`MarketerID`, new.`day`, new.`n`), ('platform', 0, new.`day`, new.`n`)
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `impressions` = `account_daily`.`impressions` + excluded.`impressions`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_impressions_update` AFTER UPDATE OF `VendorID`, `MarketerID`, `n`, `day` ON `impressions_daily` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `impressions`)
  VALUES ('vendor', old.`VendorID`, -(old.`n`)), ('marketer', old.`MarketerID`, -(old.`n`)), ('platform', 0, -(old.`n`)), ('vendor', new.`VendorID`, new.`n`), ('marketer', new.`MarketerID`, new.`n`), ('platform', 0, new.`n`)
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `impressions` = `account_totals`.`impressions` + excluded.`impressions`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `impressions`)
  VALUES ('vendor', old.`VendorID`, old.`day`, -(old.`n`)), ('marketer', old.`MarketerID`, old.`day`, -(old.`n`)), ('platform', 0, old.`day`, -(old.`n`)), ('vendor', new.`VendorID`, new.`day`, new.`n`), ('marketer', new.`MarketerID`, new.`day`, new.`n`), ('platform', 0, new.`day`, new.`n`)
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `impressions` = `account_daily`.`impressions` + excluded.`impressions`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_impressions_delete` AFTER DELETE ON `impressions_daily` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `impressions`)
  VALUES ('vendor', old.`VendorID`, -(old.`n`)), ('marketer', old.`MarketerID`, -(old.`n`)), ('platform', 0, -(old.`n`))
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `impressions` = `account_totals`.`impressions` + excluded.`impressions`;
  INSERT INTO `account_daily` (`role`, `accountId`, `day`, `impressions`)
  VALUES ('vendor', old.`VendorID`, old.`day`, -(old.`n`)), ('marketer', old.`MarketerID`, old.`day`, -(old.`n`)), ('platform', 0, old.`day`, -(old.`n`))
  ON CONFLICT (`role`, `accountId`, `day`) DO UPDATE SET `impressions` = `account_daily`.`impressions` + excluded.`impressions`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_product_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `products`, `activeProducts`)
  VALUES ('vendor', new.`VendorID`, 1, (new.`IsActive` = 1)), ('platform', 0, 1, (new.`IsActive` = 1))
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `products` = `account_totals`.`products` + excluded.`products`, `activeProducts` = `account_totals`.`activeProducts` + excluded.`activeProducts`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_product_update` AFTER UPDATE OF `VendorID`, `IsActive` ON `products` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `products`, `activeProducts`)
  VALUES ('vendor', old.`VendorID`, -1, -((old.`IsActive` = 1))), ('platform', 0, -1, -((old.`IsActive` = 1))), ('vendor', new.`VendorID`, 1, (new.`IsActive` = 1)), ('platform', 0, 1, (new.`IsActive` = 1))
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `products` = `account_totals`.`products` + excluded.`products`, `activeProducts` = `account_totals`.`activeProducts` + excluded.`activeProducts`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_product_delete` AFTER DELETE ON `products` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `products`, `activeProducts`)
  VALUES ('vendor', old.`VendorID`, -1, -((old.`IsActive` = 1))), ('platform', 0, -1, -((old.`IsActive` = 1)))
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `products` = `account_totals`.`products` + excluded.`products`, `activeProducts` = `account_totals`.`activeProducts` + excluded.`activeProducts`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_vendor_insert` AFTER INSERT ON `vendors` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `vendors`, `suspendedVendors`)
  VALUES ('platform', 0, 1, (new.`suspendedAt` IS NOT NULL))
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `vendors` = `account_totals`.`vendors` + excluded.`vendors`, `suspendedVendors` = `account_totals`.`suspendedVendors` + excluded.`suspendedVendors`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_vendor_update` AFTER UPDATE OF `suspendedAt` ON `vendors` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `vendors`, `suspendedVendors`)
  VALUES ('platform', 0, -1, -((old.`suspendedAt` IS NOT NULL))), ('platform', 0, 1, (new.`suspendedAt` IS NOT NULL))
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `vendors` = `account_totals`.`vendors` + excluded.`vendors`, `suspendedVendors` = `account_totals`.`suspendedVendors` + excluded.`suspendedVendors`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_vendor_delete` AFTER DELETE ON `vendors` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `vendors`, `suspendedVendors`)
  VALUES ('platform', 0, -1, -((old.`suspendedAt` IS NOT NULL)))
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `vendors` = `account_totals`.`vendors` + excluded.`vendors`, `suspendedVendors` = `account_totals`.`suspendedVendors` + excluded.`suspendedVendors`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_marketer_insert` AFTER INSERT ON `marketers` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `marketers`, `verifiedMarketers`, `suspendedMarketers`)
  VALUES ('platform', 0, 1, (new.`Verified` = 1), (new.`suspendedAt` IS NOT NULL))
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `marketers` = `account_totals`.`marketers` + excluded.`marketers`, `verifiedMarketers` = `account_totals`.`verifiedMarketers` + excluded.`verifiedMarketers`, `suspendedMarketers` = `account_totals`.`suspendedMarketers` + excluded.`suspendedMarketers`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_marketer_update` AFTER UPDATE OF `Verified`, `suspendedAt` ON `marketers` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `marketers`, `verifiedMarketers`, `suspendedMarketers`)
  VALUES ('platform', 0, -1, -((old.`Verified` = 1)), -((old.`suspendedAt` IS NOT NULL))), ('platform', 0, 1, (new.`Verified` = 1), (new.`suspendedAt` IS NOT NULL))
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `marketers` = `account_totals`.`marketers` + excluded.`marketers`, `verifiedMarketers` = `account_totals`.`verifiedMarketers` + excluded.`verifiedMarketers`, `suspendedMarketers` = `account_totals`.`suspendedMarketers` + excluded.`suspendedMarketers`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_marketer_delete` AFTER DELETE ON `marketers` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `marketers`, `verifiedMarketers`, `suspendedMarketers`)
  VALUES ('platform', 0, -1, -((old.`Verified` = 1)), -((old.`suspendedAt` IS NOT NULL)))
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `marketers` = `account_totals`.`marketers` + excluded.`marketers`, `verifiedMarketers` = `account_totals`.`verifiedMarketers` + excluded.`verifiedMarketers`, `suspendedMarketers` = `account_totals`.`suspendedMarketers` + excluded.`suspendedMarketers`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_audit_insert` AFTER INSERT ON `audit_log` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `auditEntries`)
  VALUES ('platform', 0, 1)
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `auditEntries` = `account_totals`.`auditEntries` + excluded.`auditEntries`;
END;
--> statement-breakpoint
CREATE TRIGGER `account_totals_audit_delete` AFTER DELETE ON `audit_log` BEGIN
  INSERT INTO `account_totals` (`role`, `accountId`, `auditEntries`)
  VALUES ('platform', 0, -1)
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `auditEntries` = `account_totals`.`auditEntries` + excluded.`auditEntries`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_figures_lead_insert` AFTER INSERT ON `leads` BEGIN
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `leads`, `conversions`, `revenuePaise`, `commissionPaise`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN new.`MarketerID` WHEN 'product' THEN new.`VendorID` ELSE new.`VendorID` END, w.`period`, CASE w.`view` WHEN 'link' THEN new.`ProductID` WHEN 'product' THEN new.`ProductID` ELSE new.`MarketerID` END, 1, (new.`Status` = 'Converted'), CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END, CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END
  FROM `report_windows` w WHERE w.`fromDay` <= date(new.`createdAt`, '+330 minutes') AND (w.`view` IN ('marketer') OR new.`ProductID` IS NOT NULL)
  ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET `leads` = `report_figures`.`leads` + excluded.`leads`, `conversions` = `report_figures`.`conversions` + excluded.`conversions`, `revenuePaise` = `report_figures`.`revenuePaise` + excluded.`revenuePaise`, `commissionPaise` = `report_figures`.`commissionPaise` + excluded.`commissionPaise`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_figures_lead_update` AFTER UPDATE OF `MarketerID`, `ProductID`, `VendorID`, `Status`, `PricePaise`, `CommissionAmountPaise`, `createdAt` ON `leads` BEGIN
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `leads`, `conversions`, `revenuePaise`, `commissionPaise`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN old.`MarketerID` WHEN 'product' THEN old.`VendorID` ELSE old.`VendorID` END, w.`period`, CASE w.`view` WHEN 'link' THEN old.`ProductID` WHEN 'product' THEN old.`ProductID` ELSE old.`MarketerID` END, -1, -((old.`Status` = 'Converted')), -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END)
  FROM `report_windows` w WHERE w.`fromDay` <= date(old.`createdAt`, '+330 minutes') AND (w.`view` IN ('marketer') OR old.`ProductID` IS NOT NULL)
  ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET `leads` = `report_figures`.`leads` + excluded.`leads`, `conversions` = `report_figures`.`conversions` + excluded.`conversions`, `revenuePaise` = `report_figures`.`revenuePaise` + excluded.`revenuePaise`, `commissionPaise` = `report_figures`.`commissionPaise` + excluded.`commissionPaise`;
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `leads`, `conversions`, `revenuePaise`, `commissionPaise`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN new.`MarketerID` WHEN 'product' THEN new.`VendorID` ELSE new.`VendorID` END, w.`period`, CASE w.`view` WHEN 'link' THEN new.`ProductID` WHEN 'product' THEN new.`ProductID` ELSE new.`MarketerID` END, 1, (new.`Status` = 'Converted'), CASE WHEN new.`Status` = 'Converted' THEN new.`PricePaise` ELSE 0 END, CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END
  FROM `report_windows` w WHERE w.`fromDay` <= date(new.`createdAt`, '+330 minutes') AND (w.`view` IN ('marketer') OR new.`ProductID` IS NOT NULL)
  ON CONFLICT (`view`, `accountId`, `period`, `groupId`) DO UPDATE SET `leads` = `report_figures`.`leads` + excluded.`leads`, `conversions` = `report_figures`.`conversions` + excluded.`conversions`, `revenuePaise` = `report_figures`.`revenuePaise` + excluded.`revenuePaise`, `commissionPaise` = `report_figures`.`commissionPaise` + excluded.`commissionPaise`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_figures_lead_delete` AFTER DELETE ON `leads` BEGIN
  INSERT INTO `report_figures` (`view`, `accountId`, `period`, `groupId`, `leads`, `conversions`, `revenuePaise`, `commissionPaise`)
  SELECT w.`view`, CASE w.`view` WHEN 'link' THEN old.`MarketerID` WHEN 'product' THEN old.`VendorID` ELSE old.`VendorID` END, w.`period`, CASE w.`view` WHEN 'link' THEN old.`ProductID` WHEN 'product' THEN old.`ProductID` ELSE old.`MarketerID` END, -1, -((old.`Status` = 'Converted')), -(CASE WHEN old.`Status` = 'Converted' THEN old.`PricePaise` ELSE 0 END), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END)
  FROM `report_windows` w WHERE w.`fromDay` <= date(old.`createdAt`, '+330 minutes') AND (w.`view` IN ('marketer') OR old.`ProductID` IS NOT NULL)
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
--> statement-breakpoint
CREATE TRIGGER `campaign_members_counts_insert` AFTER INSERT ON `campaign_members`
BEGIN
  UPDATE `campaigns` SET `AcceptedCount` = `AcceptedCount` + (new.`Status` = 'Accepted'), `AppliedCount` = `AppliedCount` + (new.`Status` = 'Applied'), `InvitedCount` = `InvitedCount` + (new.`Status` = 'Invited'), `DeclinedCount` = `DeclinedCount` + (new.`Status` = 'Declined')
  WHERE `campaigns`.`CampaignID` = new.`CampaignID`;
END;
--> statement-breakpoint
CREATE TRIGGER `campaign_members_counts_update` AFTER UPDATE OF `Status`, `CampaignID` ON `campaign_members`
WHEN old.`Status` IS NOT new.`Status` OR old.`CampaignID` IS NOT new.`CampaignID`
BEGIN
  UPDATE `campaigns` SET `AcceptedCount` = `AcceptedCount` - (old.`Status` = 'Accepted'), `AppliedCount` = `AppliedCount` - (old.`Status` = 'Applied'), `InvitedCount` = `InvitedCount` - (old.`Status` = 'Invited'), `DeclinedCount` = `DeclinedCount` - (old.`Status` = 'Declined')
  WHERE `campaigns`.`CampaignID` = old.`CampaignID`;
  UPDATE `campaigns` SET `AcceptedCount` = `AcceptedCount` + (new.`Status` = 'Accepted'), `AppliedCount` = `AppliedCount` + (new.`Status` = 'Applied'), `InvitedCount` = `InvitedCount` + (new.`Status` = 'Invited'), `DeclinedCount` = `DeclinedCount` + (new.`Status` = 'Declined')
  WHERE `campaigns`.`CampaignID` = new.`CampaignID`;
END;
--> statement-breakpoint
CREATE TRIGGER `campaign_figures_lead_insert` AFTER INSERT ON `leads`
BEGIN
  UPDATE `campaign_figures` SET `leads` = `leads` + 1, `conversions` = `conversions` + (new.`Status` = 'Converted'), `commissionPaise` = `commissionPaise` + CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END
  WHERE `campaign_figures`.`CampaignID` = new.`CampaignID` AND `campaign_figures`.`MarketerID` = new.`MarketerID` AND (new.`CampaignID` IS NOT NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `campaign_figures_lead_update` AFTER UPDATE OF `CampaignID`, `Status`, `CommissionAmountPaise`, `MarketerID` ON `leads`
WHEN old.`CampaignID` IS NOT new.`CampaignID` OR old.`Status` IS NOT new.`Status` OR old.`CommissionAmountPaise` IS NOT new.`CommissionAmountPaise` OR old.`MarketerID` IS NOT new.`MarketerID`
BEGIN
  UPDATE `campaign_figures` SET `leads` = `leads` - 1, `conversions` = `conversions` - (old.`Status` = 'Converted'), `commissionPaise` = `commissionPaise` - (CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END)
  WHERE `campaign_figures`.`CampaignID` = old.`CampaignID` AND `campaign_figures`.`MarketerID` = old.`MarketerID` AND (old.`CampaignID` IS NOT NULL);
  UPDATE `campaign_figures` SET `leads` = `leads` + 1, `conversions` = `conversions` + (new.`Status` = 'Converted'), `commissionPaise` = `commissionPaise` + CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END
  WHERE `campaign_figures`.`CampaignID` = new.`CampaignID` AND `campaign_figures`.`MarketerID` = new.`MarketerID` AND (new.`CampaignID` IS NOT NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `campaign_figures_lead_delete` AFTER DELETE ON `leads`
BEGIN
  UPDATE `campaign_figures` SET `leads` = `leads` - 1, `conversions` = `conversions` - (old.`Status` = 'Converted'), `commissionPaise` = `commissionPaise` - (CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END)
  WHERE `campaign_figures`.`CampaignID` = old.`CampaignID` AND `campaign_figures`.`MarketerID` = old.`MarketerID` AND (old.`CampaignID` IS NOT NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `campaign_figures_impressions_insert` AFTER INSERT ON `impressions_daily`
BEGIN
  UPDATE `campaign_figures` SET `impressions` = `impressions` + new.`n`
  WHERE `campaign_figures`.`MarketerID` = new.`MarketerID` AND `campaign_figures`.`CampaignID` IN (SELECT cp.`CampaignID` FROM `campaign_products` cp JOIN `campaigns` k ON k.`CampaignID` = cp.`CampaignID` WHERE cp.`ProductID` = new.`ProductID` AND new.`day` >= k.`StartsOn` AND new.`day` <= k.`EndsOn`);
END;
--> statement-breakpoint
CREATE TRIGGER `campaign_figures_impressions_update` AFTER UPDATE OF `n`, `MarketerID`, `ProductID`, `day` ON `impressions_daily`
WHEN old.`n` IS NOT new.`n` OR old.`MarketerID` IS NOT new.`MarketerID` OR old.`ProductID` IS NOT new.`ProductID` OR old.`day` IS NOT new.`day`
BEGIN
  UPDATE `campaign_figures` SET `impressions` = `impressions` - old.`n`
  WHERE `campaign_figures`.`MarketerID` = old.`MarketerID` AND `campaign_figures`.`CampaignID` IN (SELECT cp.`CampaignID` FROM `campaign_products` cp JOIN `campaigns` k ON k.`CampaignID` = cp.`CampaignID` WHERE cp.`ProductID` = old.`ProductID` AND old.`day` >= k.`StartsOn` AND old.`day` <= k.`EndsOn`);
  UPDATE `campaign_figures` SET `impressions` = `impressions` + new.`n`
  WHERE `campaign_figures`.`MarketerID` = new.`MarketerID` AND `campaign_figures`.`CampaignID` IN (SELECT cp.`CampaignID` FROM `campaign_products` cp JOIN `campaigns` k ON k.`CampaignID` = cp.`CampaignID` WHERE cp.`ProductID` = new.`ProductID` AND new.`day` >= k.`StartsOn` AND new.`day` <= k.`EndsOn`);
END;
--> statement-breakpoint
CREATE TRIGGER `campaign_figures_impressions_delete` AFTER DELETE ON `impressions_daily`
BEGIN
  UPDATE `campaign_figures` SET `impressions` = `impressions` - old.`n`
  WHERE `campaign_figures`.`MarketerID` = old.`MarketerID` AND `campaign_figures`.`CampaignID` IN (SELECT cp.`CampaignID` FROM `campaign_products` cp JOIN `campaigns` k ON k.`CampaignID` = cp.`CampaignID` WHERE cp.`ProductID` = old.`ProductID` AND old.`day` >= k.`StartsOn` AND old.`day` <= k.`EndsOn`);
END;
--> statement-breakpoint
CREATE TRIGGER `campaign_figures_fee` AFTER INSERT ON `commission_entries`
BEGIN
  UPDATE `campaign_figures` SET `feesPaise` = `feesPaise` + new.`AmountPaise`
  WHERE (`campaign_figures`.`CampaignID`, `campaign_figures`.`MarketerID`) = (SELECT d.`CampaignID`, d.`MarketerID` FROM `campaign_deliverables` d WHERE d.`DeliverableID` = new.`DeliverableID`) AND ((new.`Kind` = 'fee'));
END;
--> statement-breakpoint
CREATE TRIGGER `notifications_counted` AFTER INSERT ON `notifications`
BEGIN
  INSERT INTO `notification_counts` (`role`, `accountId`, `total`, `unread`)
  VALUES (new.`role`, new.`accountId`, 1, (new.`readAt` IS NULL))
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `total` = `notification_counts`.`total` + excluded.`total`, `unread` = `notification_counts`.`unread` + excluded.`unread`;
END;
--> statement-breakpoint
CREATE TRIGGER `notifications_read` AFTER UPDATE OF `role`, `accountId`, `readAt` ON `notifications`
WHEN old.`role` IS NOT new.`role` OR old.`accountId` IS NOT new.`accountId` OR old.`readAt` IS NOT new.`readAt`
BEGIN
  INSERT INTO `notification_counts` (`role`, `accountId`, `total`, `unread`)
  VALUES (old.`role`, old.`accountId`, -1, -((old.`readAt` IS NULL))), (new.`role`, new.`accountId`, 1, (new.`readAt` IS NULL))
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `total` = `notification_counts`.`total` + excluded.`total`, `unread` = `notification_counts`.`unread` + excluded.`unread`;
END;
--> statement-breakpoint
CREATE TRIGGER `notifications_removed` AFTER DELETE ON `notifications`
BEGIN
  INSERT INTO `notification_counts` (`role`, `accountId`, `total`, `unread`)
  VALUES (old.`role`, old.`accountId`, -1, -((old.`readAt` IS NULL)))
  ON CONFLICT (`role`, `accountId`) DO UPDATE SET `total` = `notification_counts`.`total` + excluded.`total`, `unread` = `notification_counts`.`unread` + excluded.`unread`;
END;
--> statement-breakpoint
CREATE TRIGGER `coupon_code_counted` AFTER INSERT ON `coupon_codes`
BEGIN
  INSERT INTO `coupon_code_counts` (`role`, `ownerId`, `n`)
  VALUES ('vendor', new.`VendorID`, 1), ('marketer', new.`MarketerID`, 1)
  ON CONFLICT (`role`, `ownerId`) DO UPDATE SET `n` = `coupon_code_counts`.`n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `coupon_code_uncounted` AFTER DELETE ON `coupon_codes`
BEGIN
  INSERT INTO `coupon_code_counts` (`role`, `ownerId`, `n`)
  VALUES ('vendor', old.`VendorID`, -1), ('marketer', old.`MarketerID`, -1)
  ON CONFLICT (`role`, `ownerId`) DO UPDATE SET `n` = `coupon_code_counts`.`n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `coupon_code_use_counted` AFTER INSERT ON `leads`
BEGIN
  UPDATE `coupon_codes` SET `Uses` = `Uses` + 1
  WHERE `coupon_codes`.`CodeID` = new.`CodeID` AND (new.`CodeID` IS NOT NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `sub_figures_click` AFTER INSERT ON `store_refs`
BEGIN
  INSERT INTO `sub_figures` (`MarketerID`, `ProductID`, `sub`, `clicks`)
  SELECT new.`MarketerID`, new.`ProductID`, new.`sub`, 1 WHERE new.`sub` IS NOT NULL
  ON CONFLICT (`MarketerID`, `ProductID`, `sub`) DO UPDATE SET `clicks` = `sub_figures`.`clicks` + excluded.`clicks`;
END;
--> statement-breakpoint
CREATE TRIGGER `sub_figures_lead_insert` AFTER INSERT ON `leads`
BEGIN
  INSERT INTO `sub_figures` (`MarketerID`, `ProductID`, `sub`, `leads`, `conversions`, `commissionPaise`)
  SELECT new.`MarketerID`, new.`ProductID`, new.`sub`, 1, (new.`Status` = 'Converted'), CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END WHERE new.`sub` IS NOT NULL AND new.`ProductID` IS NOT NULL
  ON CONFLICT (`MarketerID`, `ProductID`, `sub`) DO UPDATE SET `leads` = `sub_figures`.`leads` + excluded.`leads`, `conversions` = `sub_figures`.`conversions` + excluded.`conversions`, `commissionPaise` = `sub_figures`.`commissionPaise` + excluded.`commissionPaise`;
END;
--> statement-breakpoint
CREATE TRIGGER `sub_figures_lead_update` AFTER UPDATE OF `sub`, `ProductID`, `MarketerID`, `Status`, `CommissionAmountPaise` ON `leads`
WHEN old.`sub` IS NOT new.`sub` OR old.`ProductID` IS NOT new.`ProductID` OR old.`MarketerID` IS NOT new.`MarketerID` OR old.`Status` IS NOT new.`Status` OR old.`CommissionAmountPaise` IS NOT new.`CommissionAmountPaise`
BEGIN
  INSERT INTO `sub_figures` (`MarketerID`, `ProductID`, `sub`, `leads`, `conversions`, `commissionPaise`)
  SELECT old.`MarketerID`, old.`ProductID`, old.`sub`, -1, -((old.`Status` = 'Converted')), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END) WHERE old.`sub` IS NOT NULL AND old.`ProductID` IS NOT NULL
  ON CONFLICT (`MarketerID`, `ProductID`, `sub`) DO UPDATE SET `leads` = `sub_figures`.`leads` + excluded.`leads`, `conversions` = `sub_figures`.`conversions` + excluded.`conversions`, `commissionPaise` = `sub_figures`.`commissionPaise` + excluded.`commissionPaise`;
  INSERT INTO `sub_figures` (`MarketerID`, `ProductID`, `sub`, `leads`, `conversions`, `commissionPaise`)
  SELECT new.`MarketerID`, new.`ProductID`, new.`sub`, 1, (new.`Status` = 'Converted'), CASE WHEN new.`Status` = 'Converted' THEN new.`CommissionAmountPaise` ELSE 0 END WHERE new.`sub` IS NOT NULL AND new.`ProductID` IS NOT NULL
  ON CONFLICT (`MarketerID`, `ProductID`, `sub`) DO UPDATE SET `leads` = `sub_figures`.`leads` + excluded.`leads`, `conversions` = `sub_figures`.`conversions` + excluded.`conversions`, `commissionPaise` = `sub_figures`.`commissionPaise` + excluded.`commissionPaise`;
END;
--> statement-breakpoint
CREATE TRIGGER `sub_figures_lead_delete` AFTER DELETE ON `leads`
BEGIN
  INSERT INTO `sub_figures` (`MarketerID`, `ProductID`, `sub`, `leads`, `conversions`, `commissionPaise`)
  SELECT old.`MarketerID`, old.`ProductID`, old.`sub`, -1, -((old.`Status` = 'Converted')), -(CASE WHEN old.`Status` = 'Converted' THEN old.`CommissionAmountPaise` ELSE 0 END) WHERE old.`sub` IS NOT NULL AND old.`ProductID` IS NOT NULL
  ON CONFLICT (`MarketerID`, `ProductID`, `sub`) DO UPDATE SET `leads` = `sub_figures`.`leads` + excluded.`leads`, `conversions` = `sub_figures`.`conversions` + excluded.`conversions`, `commissionPaise` = `sub_figures`.`commissionPaise` + excluded.`commissionPaise`;
END;
--> statement-breakpoint
CREATE TRIGGER `storefront_visits_count` AFTER INSERT ON `storefront_visits`
BEGIN
  INSERT INTO `storefront_views_daily` (`MarketerID`, `day`, `n`)
  VALUES (new.`MarketerID`, new.`day`, 1)
  ON CONFLICT (`MarketerID`, `day`) DO UPDATE SET `n` = `storefront_views_daily`.`n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `webhook_deliveries_count` AFTER INSERT ON `webhook_deliveries`
BEGIN
  UPDATE `webhook_endpoints` SET `deliveryCount` = `deliveryCount` + 1
  WHERE `webhook_endpoints`.`EndpointID` = new.`EndpointID`;
END;
--> statement-breakpoint
CREATE TRIGGER `commission_entries_figures_insert` AFTER INSERT ON `commission_entries`
BEGIN
  UPDATE `commission_entries` SET `clearsAt` = CASE WHEN new.`OrderID` IS NULL THEN strftime('%Y-%m-%dT%H:%M:%fZ', new.`convertedAt`, '+' || (SELECT v.`HoldingDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`) || ' days') ELSE COALESCE((SELECT CASE WHEN o.`deliveredAt` IS NOT NULL THEN strftime('%Y-%m-%dT%H:%M:%fZ', o.`deliveredAt`, '+' || (SELECT v.`ReturnWindowDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`) || ' days') WHEN o.`paymentMethod` = 'cod' OR o.`paidAt` IS NULL THEN '9999-12-31T23:59:59.999Z' ELSE strftime('%Y-%m-%dT%H:%M:%fZ', o.`paidAt`, '+' || (SELECT v.`HoldingDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`) || ' days') END FROM `orders` o WHERE o.`VendorID` = new.`VendorID` AND o.`OrderID` = new.`OrderID`), '9999-12-31T23:59:59.999Z') END, `dueAt` = CASE WHEN new.`OrderID` IS NULL THEN strftime('%Y-%m-%dT%H:%M:%fZ', new.`convertedAt`, '+' || ((SELECT v.`HoldingDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`) + (SELECT v.`PaymentTermsDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`)) || ' days') ELSE COALESCE((SELECT CASE WHEN o.`deliveredAt` IS NOT NULL THEN strftime('%Y-%m-%dT%H:%M:%fZ', o.`deliveredAt`, '+' || ((SELECT v.`ReturnWindowDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`) + (SELECT v.`PaymentTermsDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`)) || ' days') WHEN o.`paymentMethod` = 'cod' OR o.`paidAt` IS NULL THEN '9999-12-31T23:59:59.999Z' ELSE strftime('%Y-%m-%dT%H:%M:%fZ', o.`paidAt`, '+' || ((SELECT v.`HoldingDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`) + (SELECT v.`PaymentTermsDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`)) || ' days') END FROM `orders` o WHERE o.`VendorID` = new.`VendorID` AND o.`OrderID` = new.`OrderID`), '9999-12-31T23:59:59.999Z') END
  WHERE `commission_entries`.`EntryID` = new.`EntryID`;
  INSERT INTO `ledger_moves` (`VendorID`, `MarketerID`, `AmountPaise`, `clearsAt`, `dueAt`, `open`, `paid`, `reversed`, `entries`, `adjustment`)
  SELECT r.`VendorID`, r.`MarketerID`, r.`AmountPaise`, r.`clearsAt`, r.`dueAt`, (r.`reversedAt` IS NULL), 0, (r.`reversedAt` IS NOT NULL), 1, (r.`Kind` = 'adjustment') FROM `commission_entries` r WHERE r.`EntryID` = new.`EntryID`;
END;
--> statement-breakpoint
CREATE TRIGGER `commission_entries_figures_converted` AFTER UPDATE OF `convertedAt` ON `commission_entries`
BEGIN
  UPDATE `commission_entries` SET `clearsAt` = CASE WHEN new.`OrderID` IS NULL THEN strftime('%Y-%m-%dT%H:%M:%fZ', new.`convertedAt`, '+' || (SELECT v.`HoldingDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`) || ' days') ELSE COALESCE((SELECT CASE WHEN o.`deliveredAt` IS NOT NULL THEN strftime('%Y-%m-%dT%H:%M:%fZ', o.`deliveredAt`, '+' || (SELECT v.`ReturnWindowDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`) || ' days') WHEN o.`paymentMethod` = 'cod' OR o.`paidAt` IS NULL THEN '9999-12-31T23:59:59.999Z' ELSE strftime('%Y-%m-%dT%H:%M:%fZ', o.`paidAt`, '+' || (SELECT v.`HoldingDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`) || ' days') END FROM `orders` o WHERE o.`VendorID` = new.`VendorID` AND o.`OrderID` = new.`OrderID`), '9999-12-31T23:59:59.999Z') END, `dueAt` = CASE WHEN new.`OrderID` IS NULL THEN strftime('%Y-%m-%dT%H:%M:%fZ', new.`convertedAt`, '+' || ((SELECT v.`HoldingDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`) + (SELECT v.`PaymentTermsDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`)) || ' days') ELSE COALESCE((SELECT CASE WHEN o.`deliveredAt` IS NOT NULL THEN strftime('%Y-%m-%dT%H:%M:%fZ', o.`deliveredAt`, '+' || ((SELECT v.`ReturnWindowDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`) + (SELECT v.`PaymentTermsDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`)) || ' days') WHEN o.`paymentMethod` = 'cod' OR o.`paidAt` IS NULL THEN '9999-12-31T23:59:59.999Z' ELSE strftime('%Y-%m-%dT%H:%M:%fZ', o.`paidAt`, '+' || ((SELECT v.`HoldingDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`) + (SELECT v.`PaymentTermsDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`)) || ' days') END FROM `orders` o WHERE o.`VendorID` = new.`VendorID` AND o.`OrderID` = new.`OrderID`), '9999-12-31T23:59:59.999Z') END
  WHERE `commission_entries`.`EntryID` = new.`EntryID`;
END;
--> statement-breakpoint
CREATE TRIGGER `commission_entries_figures_update` AFTER UPDATE OF `clearsAt`, `dueAt`, `reversedAt` ON `commission_entries`
WHEN old.`clearsAt` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `payout_items` p WHERE p.`EntryID` = new.`EntryID`)
BEGIN
  INSERT INTO `ledger_moves` (`VendorID`, `MarketerID`, `AmountPaise`, `clearsAt`, `dueAt`, `open`, `paid`, `reversed`, `entries`, `adjustment`)
  VALUES (old.`VendorID`, old.`MarketerID`, old.`AmountPaise`, old.`clearsAt`, old.`dueAt`, -((old.`reversedAt` IS NULL)), 0, -((old.`reversedAt` IS NOT NULL)), -1, -((old.`Kind` = 'adjustment'))), (new.`VendorID`, new.`MarketerID`, new.`AmountPaise`, new.`clearsAt`, new.`dueAt`, (new.`reversedAt` IS NULL), 0, (new.`reversedAt` IS NOT NULL), 1, (new.`Kind` = 'adjustment'));
END;
--> statement-breakpoint
CREATE TRIGGER `vendors_terms_figures` AFTER UPDATE OF `HoldingDays`, `PaymentTermsDays`, `ReturnWindowDays` ON `vendors`
WHEN old.`HoldingDays` <> new.`HoldingDays` OR old.`PaymentTermsDays` <> new.`PaymentTermsDays` OR old.`ReturnWindowDays` <> new.`ReturnWindowDays`
BEGIN
  UPDATE `commission_entries` SET `clearsAt` = CASE WHEN `commission_entries`.`OrderID` IS NULL THEN strftime('%Y-%m-%dT%H:%M:%fZ', `commission_entries`.`convertedAt`, '+' || new.`HoldingDays` || ' days') ELSE COALESCE((SELECT CASE WHEN o.`deliveredAt` IS NOT NULL THEN strftime('%Y-%m-%dT%H:%M:%fZ', o.`deliveredAt`, '+' || new.`ReturnWindowDays` || ' days') WHEN o.`paymentMethod` = 'cod' OR o.`paidAt` IS NULL THEN '9999-12-31T23:59:59.999Z' ELSE strftime('%Y-%m-%dT%H:%M:%fZ', o.`paidAt`, '+' || new.`HoldingDays` || ' days') END FROM `orders` o WHERE o.`VendorID` = `commission_entries`.`VendorID` AND o.`OrderID` = `commission_entries`.`OrderID`), '9999-12-31T23:59:59.999Z') END, `dueAt` = CASE WHEN `commission_entries`.`OrderID` IS NULL THEN strftime('%Y-%m-%dT%H:%M:%fZ', `commission_entries`.`convertedAt`, '+' || (new.`HoldingDays` + new.`PaymentTermsDays`) || ' days') ELSE COALESCE((SELECT CASE WHEN o.`deliveredAt` IS NOT NULL THEN strftime('%Y-%m-%dT%H:%M:%fZ', o.`deliveredAt`, '+' || (new.`ReturnWindowDays` + new.`PaymentTermsDays`) || ' days') WHEN o.`paymentMethod` = 'cod' OR o.`paidAt` IS NULL THEN '9999-12-31T23:59:59.999Z' ELSE strftime('%Y-%m-%dT%H:%M:%fZ', o.`paidAt`, '+' || (new.`HoldingDays` + new.`PaymentTermsDays`) || ' days') END FROM `orders` o WHERE o.`VendorID` = `commission_entries`.`VendorID` AND o.`OrderID` = `commission_entries`.`OrderID`), '9999-12-31T23:59:59.999Z') END
  WHERE `commission_entries`.`VendorID` = new.`VendorID` AND `commission_entries`.`reversedAt` IS NULL AND `commission_entries`.`AmountPaise` > 0 AND `commission_entries`.`clearsAt` IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_payable_entries` AFTER UPDATE OF `paidAt`, `deliveredAt`, `paymentMethod` ON `orders`
WHEN old.`paidAt` IS NOT new.`paidAt` OR old.`deliveredAt` IS NOT new.`deliveredAt` OR old.`paymentMethod` IS NOT new.`paymentMethod`
BEGIN
  UPDATE `commission_entries` SET `clearsAt` = CASE WHEN new.`deliveredAt` IS NOT NULL THEN strftime('%Y-%m-%dT%H:%M:%fZ', new.`deliveredAt`, '+' || (SELECT v.`ReturnWindowDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`) || ' days') WHEN new.`paymentMethod` = 'cod' OR new.`paidAt` IS NULL THEN '9999-12-31T23:59:59.999Z' ELSE strftime('%Y-%m-%dT%H:%M:%fZ', new.`paidAt`, '+' || (SELECT v.`HoldingDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`) || ' days') END, `dueAt` = CASE WHEN new.`deliveredAt` IS NOT NULL THEN strftime('%Y-%m-%dT%H:%M:%fZ', new.`deliveredAt`, '+' || ((SELECT v.`ReturnWindowDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`) + (SELECT v.`PaymentTermsDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`)) || ' days') WHEN new.`paymentMethod` = 'cod' OR new.`paidAt` IS NULL THEN '9999-12-31T23:59:59.999Z' ELSE strftime('%Y-%m-%dT%H:%M:%fZ', new.`paidAt`, '+' || ((SELECT v.`HoldingDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`) + (SELECT v.`PaymentTermsDays` FROM `vendors` v WHERE v.`VendorID` = new.`VendorID`)) || ' days') END
  WHERE `commission_entries`.`VendorID` = new.`VendorID` AND `commission_entries`.`OrderID` = new.`OrderID` AND `commission_entries`.`reversedAt` IS NULL AND `commission_entries`.`AmountPaise` > 0 AND `commission_entries`.`clearsAt` IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `payout_items_figures` AFTER INSERT ON `payout_items`
BEGIN
  INSERT INTO `ledger_moves` (`VendorID`, `MarketerID`, `AmountPaise`, `clearsAt`, `dueAt`, `open`, `paid`, `reversed`, `entries`, `adjustment`)
  SELECT r.`VendorID`, r.`MarketerID`, r.`AmountPaise`, r.`clearsAt`, r.`dueAt`, -1, 1, 0, 0, 0 FROM `commission_entries` r WHERE r.`EntryID` = new.`EntryID`;
END;
--> statement-breakpoint
CREATE TRIGGER `payout_items_settle` AFTER INSERT ON `payout_items`
BEGIN
  UPDATE `payouts` SET `SettledPaise` = `SettledPaise` + (SELECT e.`AmountPaise` FROM `commission_entries` e WHERE e.`EntryID` = new.`EntryID`)
  WHERE `payouts`.`PayoutID` = new.`PayoutID`;
END;
--> statement-breakpoint
CREATE TRIGGER `ledger_moves_apply` INSTEAD OF INSERT ON `ledger_moves`
BEGIN
  INSERT OR IGNORE INTO `ledger_figures` (`VendorID`, `MarketerID`) VALUES (new.`VendorID`, 0), (0, new.`MarketerID`), (new.`VendorID`, new.`MarketerID`);
  UPDATE `ledger_figures` SET `openPaise` = `openPaise` + new.`open` * max(new.`AmountPaise`, 0), `openN` = `openN` + new.`open` * (new.`AmountPaise` > 0), `payablePaise` = `payablePaise` + new.`open` * (CASE WHEN new.`AmountPaise` > 0 AND new.`clearsAt` <= (CASE WHEN `ledger_figures`.`VendorID` = 0 THEN `ledger_figures`.`cut` ELSE (SELECT v.`cut` FROM `ledger_figures` v WHERE v.`VendorID` = new.`VendorID` AND v.`MarketerID` = 0) END) THEN new.`AmountPaise` ELSE 0 END), `payableN` = `payableN` + new.`open` * (new.`AmountPaise` > 0 AND new.`clearsAt` <= (CASE WHEN `ledger_figures`.`VendorID` = 0 THEN `ledger_figures`.`cut` ELSE (SELECT v.`cut` FROM `ledger_figures` v WHERE v.`VendorID` = new.`VendorID` AND v.`MarketerID` = 0) END)), `overduePaise` = `overduePaise` + new.`open` * (CASE WHEN new.`AmountPaise` > 0 AND new.`dueAt` < (CASE WHEN `ledger_figures`.`VendorID` = 0 THEN `ledger_figures`.`cut` ELSE (SELECT v.`cut` FROM `ledger_figures` v WHERE v.`VendorID` = new.`VendorID` AND v.`MarketerID` = 0) END) THEN new.`AmountPaise` ELSE 0 END), `adjustmentsPaise` = `adjustmentsPaise` + new.`open` * min(new.`AmountPaise`, 0), `paidPaise` = `paidPaise` + new.`paid` * new.`AmountPaise`, `paidN` = `paidN` + new.`paid`, `reversedN` = `reversedN` + new.`reversed`, `entriesN` = `entriesN` + new.`entries`, `adjustmentN` = `adjustmentN` + new.`adjustment`
  WHERE (`ledger_figures`.`VendorID` = new.`VendorID` AND `ledger_figures`.`MarketerID` = 0) OR (`ledger_figures`.`VendorID` = 0 AND `ledger_figures`.`MarketerID` = new.`MarketerID`) OR (`ledger_figures`.`VendorID` = new.`VendorID` AND `ledger_figures`.`MarketerID` = new.`MarketerID`);
END;
--> statement-breakpoint
CREATE TRIGGER `ledger_figures_pairs` AFTER INSERT ON `ledger_figures`
BEGIN
  UPDATE `ledger_figures` SET `pairsN` = `pairsN` + 1
  WHERE ((`ledger_figures`.`VendorID` = new.`VendorID` AND `ledger_figures`.`MarketerID` = 0) OR (`ledger_figures`.`VendorID` = 0 AND `ledger_figures`.`MarketerID` = new.`MarketerID`)) AND (new.`VendorID` <> 0 AND new.`MarketerID` <> 0);
END;
--> statement-breakpoint
CREATE TRIGGER `payouts_figures` AFTER INSERT ON `payouts`
BEGIN
  INSERT INTO `ledger_years` (`VendorID`, `MarketerID`, `fyStart`, `grossPaise`, `tdsPaise`, `taxedPaise`, `lastPayoutId`)
  VALUES (new.`VendorID`, new.`MarketerID`, (CASE WHEN substr(new.`PaidOn`, 6) >= '04-01' THEN CAST(substr(new.`PaidOn`, 1, 4) AS INTEGER) ELSE CAST(substr(new.`PaidOn`, 1, 4) AS INTEGER) - 1 END) || '-04-01', new.`GrossPaise`, new.`TdsPaise`, new.`TdsBasePaise`, new.`PayoutID`), (new.`VendorID`, 0, (CASE WHEN substr(new.`PaidOn`, 6) >= '04-01' THEN CAST(substr(new.`PaidOn`, 1, 4) AS INTEGER) ELSE CAST(substr(new.`PaidOn`, 1, 4) AS INTEGER) - 1 END) || '-04-01', new.`GrossPaise`, new.`TdsPaise`, new.`TdsBasePaise`, new.`PayoutID`), (0, new.`MarketerID`, (CASE WHEN substr(new.`PaidOn`, 6) >= '04-01' THEN CAST(substr(new.`PaidOn`, 1, 4) AS INTEGER) ELSE CAST(substr(new.`PaidOn`, 1, 4) AS INTEGER) - 1 END) || '-04-01', new.`GrossPaise`, new.`TdsPaise`, new.`TdsBasePaise`, new.`PayoutID`)
  ON CONFLICT (`VendorID`, `MarketerID`, `fyStart`) DO UPDATE SET `grossPaise` = `ledger_years`.`grossPaise` + excluded.`grossPaise`, `tdsPaise` = `ledger_years`.`tdsPaise` + excluded.`tdsPaise`, `taxedPaise` = `ledger_years`.`taxedPaise` + excluded.`taxedPaise`, `lastPayoutId` = max(`ledger_years`.`lastPayoutId`, excluded.`lastPayoutId`);
  UPDATE `ledger_figures` SET `lastPayoutId` = new.`PayoutID`
  WHERE `ledger_figures`.`VendorID` = new.`VendorID` AND `ledger_figures`.`MarketerID` = new.`MarketerID`;
END;
