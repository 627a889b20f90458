DROP INDEX `page_sessions_project_idx`;--> statement-breakpoint
CREATE INDEX `page_sessions_project_idx` ON `page_sessions` (`project_id`,`user_id`,`active_time`);--> statement-breakpoint
CREATE INDEX `projects_industry_idx` ON `projects` (`industry`);