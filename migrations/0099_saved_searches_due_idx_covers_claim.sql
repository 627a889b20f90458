DROP INDEX `saved_searches_due_idx`;--> statement-breakpoint
CREATE INDEX `saved_searches_due_idx` ON `saved_searches` (`alerts`,`checked_at`,`user_id`,`last_digest_at`);