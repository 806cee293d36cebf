-- The public lists count their matches on every page: 10,000 active products or listed influencers
-- are about 0.2 ms of SQLite per page at 10k, growing with the table, and a search or filter much
-- more. Each list now has a stamp that takes a fresh random value on every write to its table
-- (insert, any update, delete; the search tables follow the same writes), so a total counted under
-- one stamp still holds while the stamp reads the same, and is reused instead of counted
-- (worker/db/stamped-counts.ts). 53 bits, like account_totals.leadsStamp: D1 hands integers to
-- JavaScript as doubles.
CREATE TABLE `list_stamps` (
	`list` text PRIMARY KEY NOT NULL,
	`stamp` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `list_stamps` (`list`, `stamp`) VALUES ('products', random() >> 11), ('marketers', random() >> 11);
--> statement-breakpoint
CREATE TRIGGER `list_stamp_products_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO `list_stamps` (`list`, `stamp`) VALUES ('products', random() >> 11)
  ON CONFLICT (`list`) DO UPDATE SET `stamp` = excluded.`stamp`;
END;
--> statement-breakpoint
CREATE TRIGGER `list_stamp_products_update` AFTER UPDATE ON `products` BEGIN
  INSERT INTO `list_stamps` (`list`, `stamp`) VALUES ('products', random() >> 11)
  ON CONFLICT (`list`) DO UPDATE SET `stamp` = excluded.`stamp`;
END;
--> statement-breakpoint
CREATE TRIGGER `list_stamp_products_delete` AFTER DELETE ON `products` BEGIN
  INSERT INTO `list_stamps` (`list`, `stamp`) VALUES ('products', random() >> 11)
  ON CONFLICT (`list`) DO UPDATE SET `stamp` = excluded.`stamp`;
END;
--> statement-breakpoint
CREATE TRIGGER `list_stamp_marketers_insert` AFTER INSERT ON `marketers` BEGIN
  INSERT INTO `list_stamps` (`list`, `stamp`) VALUES ('marketers', random() >> 11)
  ON CONFLICT (`list`) DO UPDATE SET `stamp` = excluded.`stamp`;
END;
--> statement-breakpoint
CREATE TRIGGER `list_stamp_marketers_update` AFTER UPDATE ON `marketers` BEGIN
  INSERT INTO `list_stamps` (`list`, `stamp`) VALUES ('marketers', random() >> 11)
  ON CONFLICT (`list`) DO UPDATE SET `stamp` = excluded.`stamp`;
END;
--> statement-breakpoint
CREATE TRIGGER `list_stamp_marketers_delete` AFTER DELETE ON `marketers` BEGIN
  INSERT INTO `list_stamps` (`list`, `stamp`) VALUES ('marketers', random() >> 11)
  ON CONFLICT (`list`) DO UPDATE SET `stamp` = excluded.`stamp`;
END;
