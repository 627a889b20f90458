CREATE TABLE `form_submissions` (
	`submission_key` text PRIMARY KEY NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
