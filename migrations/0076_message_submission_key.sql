ALTER TABLE `messages` ADD `submission_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `messages_sender_submission_key_idx` ON `messages` (`sender_id`,`submission_key`);