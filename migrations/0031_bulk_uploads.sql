CREATE TABLE `contract_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`version` integer NOT NULL,
	`name` text NOT NULL,
	`file_key` text NOT NULL,
	`sha256` text NOT NULL,
	`uploaded_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contract_templates_version_idx` ON `contract_templates` (`kind`,`version`);--> statement-breakpoint
CREATE TABLE `import_job_rows` (
	`job_id` integer NOT NULL,
	`line` integer NOT NULL,
	`row` text NOT NULL,
	PRIMARY KEY(`job_id`, `line`),
	FOREIGN KEY (`job_id`) REFERENCES `import_jobs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `import_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`seller_id` integer NOT NULL,
	`created_by` integer,
	`file_name` text NOT NULL,
	`target` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`total` integer NOT NULL,
	`imported` integer DEFAULT 0 NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`lease_until` integer DEFAULT 0 NOT NULL,
	`error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `import_jobs_status_idx` ON `import_jobs` (`status`);--> statement-breakpoint
CREATE INDEX `import_jobs_kind_idx` ON `import_jobs` (`kind`,`id`);--> statement-breakpoint
ALTER TABLE `project_nda_settings` ADD `nda_template_id` integer REFERENCES contract_templates(id);--> statement-breakpoint
ALTER TABLE `project_nda_settings` ADD `sale_agreement_template_id` integer REFERENCES contract_templates(id);--> statement-breakpoint
ALTER TABLE `projects` ADD `import_job_id` integer REFERENCES import_jobs(id);