ALTER TABLE `import_jobs` ADD `submission_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `import_jobs_submission_key_idx` ON `import_jobs` (`submission_key`);