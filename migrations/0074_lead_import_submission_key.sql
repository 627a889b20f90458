CREATE TABLE `lead_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`submission_key` text NOT NULL,
	`lines` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lead_imports_submission_key_unique` ON `lead_imports` (`submission_key`);