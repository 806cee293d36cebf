CREATE TABLE `store_products` (
	`StoreID` integer NOT NULL,
	`storeProductId` text NOT NULL,
	`ProductID` integer NOT NULL,
	`createdAt` text NOT NULL,
	PRIMARY KEY(`StoreID`, `storeProductId`),
	FOREIGN KEY (`StoreID`) REFERENCES `stores`(`StoreID`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ProductID`) REFERENCES `products`(`ProductID`) ON UPDATE no action ON DELETE cascade
);
