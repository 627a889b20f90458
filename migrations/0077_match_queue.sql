CREATE TABLE `match_queue` (
	`project_id` integer PRIMARY KEY NOT NULL,
	`queued_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
