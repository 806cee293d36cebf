-- The sub-ID figures' triggers (decision 291), as worker/db/kept-figures.ts writes them; `npm run db:triggers` writes the same.
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
