CREATE TABLE `matches` (
	`project_id` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`score` integer NOT NULL,
	`reasons` text NOT NULL,
	`computed_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `customer_id`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `matches_project_score_idx` ON `matches` (`project_id`,"score" desc,`customer_id`);--> statement-breakpoint
CREATE INDEX `matches_customer_score_idx` ON `matches` (`customer_id`,"score" desc,`project_id`);--> statement-breakpoint
CREATE TABLE `system_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` integer,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
