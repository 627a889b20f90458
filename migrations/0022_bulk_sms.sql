ALTER TABLE `campaigns` ADD `no_allowance` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `campaigns` ADD `send_at` integer;--> statement-breakpoint
ALTER TABLE `campaigns` ADD `idempotency_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `campaigns_idempotency_key_idx` ON `campaigns` (`idempotency_key`);--> statement-breakpoint
ALTER TABLE `outbox` ADD `segments` integer;