CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`actor_id` integer,
	`actor_name` text NOT NULL,
	`actor_email` text DEFAULT '' NOT NULL,
	`action` text NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`prev_hash` text NOT NULL,
	`hash` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `audit_log_prev_hash_unique` ON `audit_log` (`prev_hash`);--> statement-breakpoint
ALTER TABLE `outbox` ADD `secrets` text;