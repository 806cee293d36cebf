-- Decision 202: a visitor's first view of a creator's storefront on a UTC day adds one to that
-- day's count; a repeat is ignored by the insert (ON CONFLICT DO NOTHING) and so never fires this.
CREATE TRIGGER `storefront_visits_count` AFTER INSERT ON `storefront_visits`
BEGIN
  INSERT INTO `storefront_views_daily` (`MarketerID`, `day`, `n`) VALUES (NEW.`MarketerID`, NEW.`day`, 1)
  ON CONFLICT (`MarketerID`, `day`) DO UPDATE SET `n` = `storefront_views_daily`.`n` + 1;
END;
