-- The save-list form's one-time key (decision 083): the same form sent twice (a resend, a second tab) saved two
-- identical lists. Null for the lists the campaigns API makes, which its Idempotency-Key keeps once.
ALTER TABLE `recipient_lists` ADD `submission_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `recipient_lists_submission_key_idx` ON `recipient_lists` (`submission_key`);