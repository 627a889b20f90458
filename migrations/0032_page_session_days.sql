CREATE TABLE `page_session_days` (
	`day` text NOT NULL,
	`page_type` text NOT NULL,
	`sessions` integer NOT NULL,
	`total_duration` integer NOT NULL,
	`active_time` integer NOT NULL,
	PRIMARY KEY(`day`, `page_type`)
);
--> statement-breakpoint
CREATE INDEX `page_sessions_start_idx` ON `page_sessions` (`session_start`);