CREATE TABLE `project_invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`invited_by` integer,
	`recipients` integer NOT NULL,
	`invited_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `project_invitations_project_idx` ON `project_invitations` (`project_id`,`customer_id`,`invited_at`);--> statement-breakpoint
CREATE INDEX `project_invitations_customer_idx` ON `project_invitations` (`customer_id`,`invited_at`);--> statement-breakpoint
CREATE TABLE `responsiveness` (
	`customer_id` integer NOT NULL,
	`side` text NOT NULL,
	`score` integer,
	`reason` text NOT NULL,
	`answered` integer NOT NULL,
	`asked` integer NOT NULL,
	`median_reply_ms` integer,
	`computed_at` integer NOT NULL,
	PRIMARY KEY(`customer_id`, `side`),
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade
);
