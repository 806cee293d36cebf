CREATE INDEX `report_figures_by_impressions` ON `report_figures` (`view`,`accountId`,`period`,`impressions`,`groupId`);--> statement-breakpoint
CREATE INDEX `report_figures_by_leads` ON `report_figures` (`view`,`accountId`,`period`,`leads`,`groupId`);--> statement-breakpoint
CREATE INDEX `report_figures_by_conversions` ON `report_figures` (`view`,`accountId`,`period`,`conversions`,`groupId`);--> statement-breakpoint
CREATE INDEX `report_figures_by_revenuePaise` ON `report_figures` (`view`,`accountId`,`period`,`revenuePaise`,`groupId`);--> statement-breakpoint
CREATE INDEX `report_figures_by_commissionPaise` ON `report_figures` (`view`,`accountId`,`period`,`commissionPaise`,`groupId`);--> statement-breakpoint
CREATE INDEX `report_figures_by_rate` ON `report_figures` (`view`,`accountId`,`period`,(CASE WHEN leads = 0 THEN 0 ELSE ROUND(1000.0 * conversions / leads) / 10.0 END),`groupId`);