-- The customer table's default page (latest sign-in first, then id) walked the sign-in index and
-- sorted each run of equal sign-ins by id; in that order the walk stops after the page's rows. Its
-- members' project views are counted from the user index alone once it holds the project.
DROP INDEX `customers_last_login_idx`;--> statement-breakpoint
CREATE INDEX `customers_last_login_idx` ON `customers` ("last_login_at" desc,`id`);--> statement-breakpoint
DROP INDEX `page_sessions_user_idx`;--> statement-breakpoint
CREATE INDEX `page_sessions_user_idx` ON `page_sessions` (`user_id`,`session_start`,`project_id`);