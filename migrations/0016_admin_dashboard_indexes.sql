CREATE INDEX `contracts_status_idx` ON `contracts` (`nda_status`,`signed_at`);--> statement-breakpoint
CREATE INDEX `contracts_requested_idx` ON `contracts` (`requested_at`);--> statement-breakpoint
CREATE INDEX `contracts_signed_idx` ON `contracts` (`signed_at`);--> statement-breakpoint
CREATE INDEX `offers_created_idx` ON `offers` (`created_at`);--> statement-breakpoint
CREATE INDEX `projects_status_idx` ON `projects` (`status`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);