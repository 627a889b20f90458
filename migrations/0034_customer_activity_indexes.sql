CREATE INDEX `messages_buyer_idx` ON `messages` (`buyer_id`,`project_id`);--> statement-breakpoint
CREATE INDEX `offers_buyer_idx` ON `offers` (`buyer_id`);