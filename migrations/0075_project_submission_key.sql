ALTER TABLE `projects` ADD `submission_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `projects_submission_key_idx` ON `projects` (`submission_key`);