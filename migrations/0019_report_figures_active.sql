-- The rows of report_figures with any activity in their period, the ones a report lists: the
-- influencer table and its total find them here instead of walking the owner's whole period. The
-- condition is written as worker/db/performance-sql.ts asks for it, so SQLite can use the index.
CREATE INDEX `report_figures_active` ON `report_figures` (`view`,`accountId`,`period`,`groupId`) WHERE impressions != 0 OR leads != 0;