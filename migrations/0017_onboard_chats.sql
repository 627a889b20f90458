CREATE TABLE `onboard_chats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`customer_id` integer,
	`side` text NOT NULL,
	`current_step` text NOT NULL,
	`transcript` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'in_progress' NOT NULL,
	`created_customer` integer DEFAULT false NOT NULL,
	`lead_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	`completed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `onboard_chats_user_side_idx` ON `onboard_chats` (`user_id`,`side`);--> statement-breakpoint
CREATE INDEX `onboard_chats_status_idx` ON `onboard_chats` (`status`,`updated_at`);