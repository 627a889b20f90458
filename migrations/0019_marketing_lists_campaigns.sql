CREATE TABLE `campaigns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text NOT NULL,
	`list_id` integer NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`body` text NOT NULL,
	`project_id` integer,
	`status` text DEFAULT 'draft' NOT NULL,
	`created_by_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`sent_at` integer,
	`total` integer DEFAULT 0 NOT NULL,
	`suppressed` integer DEFAULT 0 NOT NULL,
	`unreachable` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`list_id`) REFERENCES `recipient_lists`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `campaigns_created_idx` ON `campaigns` (`created_at`);--> statement-breakpoint
CREATE TABLE `recipient_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`channel` text NOT NULL,
	`kind` text NOT NULL,
	`definition` text NOT NULL,
	`created_by_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `suppressions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text NOT NULL,
	`address` text NOT NULL,
	`reason` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `suppressions_address_idx` ON `suppressions` (`channel`,`address`);--> statement-breakpoint
ALTER TABLE `outbox` ADD `campaign_id` integer;--> statement-breakpoint
ALTER TABLE `outbox` ADD `headers` text;--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_campaign_recipient_idx` ON `outbox` (`campaign_id`,`recipient`);