CREATE INDEX `outbox_recipient_idx` ON `outbox` (lower("recipient"));--> statement-breakpoint
CREATE INDEX `users_customer_idx` ON `users` (`customer_id`);