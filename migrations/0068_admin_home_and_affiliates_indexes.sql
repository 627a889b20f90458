DROP INDEX `contracts_status_idx`;--> statement-breakpoint
CREATE INDEX `contracts_status_project_idx` ON `contracts` (`nda_status`,`project_id`,`signed_at`);--> statement-breakpoint
CREATE INDEX `affiliates_inquiry_idx` ON `affiliates` (`inquiry_id`);--> statement-breakpoint
CREATE INDEX `inbound_items_kind_id_idx` ON `inbound_items` (`kind`,`id`);