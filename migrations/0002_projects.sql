CREATE TABLE `customers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`business_type` text DEFAULT '' NOT NULL,
	`investor_type` text DEFAULT '' NOT NULL,
	`headquarters` text DEFAULT '' NOT NULL,
	`website` text DEFAULT '' NOT NULL,
	`contact_person` text DEFAULT '' NOT NULL,
	`attention_email` text DEFAULT '' NOT NULL,
	`attention_phone` text DEFAULT '' NOT NULL,
	`size` real,
	`preferences` text DEFAULT '{}' NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `customers_name_idx` ON `customers` (`name`);--> statement-breakpoint
CREATE TABLE `project_loans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`line` integer NOT NULL,
	`loan_number` text NOT NULL,
	`balance` real NOT NULL,
	`interest_rate` real NOT NULL,
	`maturity_date` text NOT NULL,
	`property_type` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`status` text NOT NULL,
	`ltv` real,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `project_loans_project_idx` ON `project_loans` (`project_id`,`line`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seller_id` integer NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`draft_step` integer DEFAULT 0 NOT NULL,
	`project_name` text DEFAULT '' NOT NULL,
	`industry` text DEFAULT '' NOT NULL,
	`sector` text DEFAULT '' NOT NULL,
	`sale_type` text DEFAULT '' NOT NULL,
	`loan_pool` text DEFAULT '' NOT NULL,
	`term` text DEFAULT '' NOT NULL,
	`wa_interest` real,
	`maturity_date` text,
	`location` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`secured` integer,
	`full_details` text DEFAULT '' NOT NULL,
	`loan_amount` real,
	`size` real,
	`borrower` text DEFAULT '' NOT NULL,
	`project_due_date` text,
	`long_term_debt_secured` integer,
	`long_term_debt_level_of_security` text DEFAULT '' NOT NULL,
	`details` text DEFAULT '{}' NOT NULL,
	`rejection_reason` text,
	`views` integer DEFAULT 0 NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	`submitted_at` integer,
	`published_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `projects_status_published_idx` ON `projects` (`status`,`published_at`);--> statement-breakpoint
CREATE INDEX `projects_seller_idx` ON `projects` (`seller_id`,`status`);--> statement-breakpoint
CREATE INDEX `projects_status_industry_idx` ON `projects` (`status`,`industry`);--> statement-breakpoint
CREATE INDEX `projects_status_location_idx` ON `projects` (`status`,`location`);--> statement-breakpoint
CREATE INDEX `projects_status_size_idx` ON `projects` (`status`,`size`);--> statement-breakpoint
CREATE TABLE `recently_viewed` (
	`user_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`viewed_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `project_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recently_viewed_user_idx` ON `recently_viewed` (`user_id`,`viewed_at`);--> statement-breakpoint
CREATE TABLE `table_preferences` (
	`user_id` integer NOT NULL,
	`table_key` text NOT NULL,
	`preferences` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `table_key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `users` ADD `customer_id` integer;