-- Product searches of one or two characters (issue 11). The trigram index of products_search cannot
-- answer text shorter than a trigram, so those searches read every row of products_search with LIKE
-- (10,000 rows, twice: the page and its total). product_grams keeps every distinct one- and
-- two-character piece of the same four texts (name, SKU, price, commission amount), folded to lower
-- case the way LIKE folds (ASCII letters only), so a short search is one range of this index: the
-- same containment LIKE answers, without the scan. Triggers keep it in step with every write.

-- Every piece of 1 or 2 characters of each searchable text of a product (repeats included: the
-- table's key drops them). Triggers cannot hold a WITH clause, so the positions 0 .. length - n of a
-- text come from json_each over a JSON array of that many zeros, written out by hex(zeroblob(...)).
CREATE VIEW `product_short_grams` AS
SELECT
  s.`ProductID`,
  lower(substr(t.`value`, p.`key` + 1, w.`n`)) AS `gram`
FROM `product_search_text` s,
  json_each(json_array(s.`name`, s.`sku`, s.`price`, s.`commission`)) t,
  (SELECT 1 AS `n` UNION ALL SELECT 2) w,
  json_each('[0' || replace(hex(zeroblob(length(t.`value`) - w.`n`)), '00', ',0') || ']') p
WHERE length(t.`value`) >= w.`n`;
--> statement-breakpoint
CREATE TABLE `product_grams` (
  `gram` text NOT NULL,
  `ProductID` integer NOT NULL,
  PRIMARY KEY (`gram`, `ProductID`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT OR IGNORE INTO `product_grams` (`gram`, `ProductID`) SELECT `gram`, `ProductID` FROM `product_short_grams`;
--> statement-breakpoint
CREATE TRIGGER `product_grams_insert` AFTER INSERT ON `products` BEGIN
  INSERT OR IGNORE INTO `product_grams` (`gram`, `ProductID`)
  SELECT `gram`, `ProductID` FROM `product_short_grams` WHERE `ProductID` = new.`ProductID`;
END;
--> statement-breakpoint
-- The key leads with the gram, so a product's rows are found through its own grams, read from the
-- row before the change (BEFORE triggers: after it, the old text is gone).
CREATE TRIGGER `product_grams_update_old` BEFORE UPDATE OF `ProductName`, `SKU`, `PricePaise`, `CommissionAmountPaise` ON `products` BEGIN
  DELETE FROM `product_grams` WHERE `ProductID` = old.`ProductID`
    AND `gram` IN (SELECT `gram` FROM `product_short_grams` WHERE `ProductID` = old.`ProductID`);
END;
--> statement-breakpoint
CREATE TRIGGER `product_grams_update_new` AFTER UPDATE OF `ProductName`, `SKU`, `PricePaise`, `CommissionAmountPaise` ON `products` BEGIN
  INSERT OR IGNORE INTO `product_grams` (`gram`, `ProductID`)
  SELECT `gram`, `ProductID` FROM `product_short_grams` WHERE `ProductID` = new.`ProductID`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_grams_delete` BEFORE DELETE ON `products` BEGIN
  DELETE FROM `product_grams` WHERE `ProductID` = old.`ProductID`
    AND `gram` IN (SELECT `gram` FROM `product_short_grams` WHERE `ProductID` = old.`ProductID`);
END;
