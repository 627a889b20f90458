-- Indexes the admin's and members' lists are read by, found by a review at scale (400,000 outbox rows,
-- 60,000 inbound items, 30,000 notices for one member, 620,000 recently viewed): each list sorted
-- every matching row to show a page (the outbox 0.9 s, a kind of inbound item 163 ms, a busy inbox
-- 40 ms, a project desk's viewers 56 ms); a campaign's progress was counted from the wrong index.
CREATE INDEX `inbound_items_kind_created_idx` ON `inbound_items` (`kind`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `leads_created_idx` ON `leads` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_user_created_idx` ON `notifications` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `outbox_created_idx` ON `outbox` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `outbox_status_created_idx` ON `outbox` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `outbox_campaign_status_idx` ON `outbox` (`campaign_id`,`status`) WHERE "outbox"."campaign_id" is not null;--> statement-breakpoint
CREATE INDEX `recently_viewed_project_idx` ON `recently_viewed` (`project_id`,`user_id`);