-- Admin lists at scale (survey report G, H, I): the on-boarding chats sorted every chat with its
-- transcript for a page (75-195 ms), a kind of inbound item sorted by name sorted the kind's rows with
-- their messages (22 ms), and the partners' list built a temporary index of the referrals on every
-- request and counted each referred member's signed NDAs and accepted offers from their rows. Each
-- page is now chosen from one of these indexes before its rows are read; the referrals', contracts'
-- and offers' indexes cover what the partners' list counts.
DROP INDEX `contracts_buyer_idx`;--> statement-breakpoint
CREATE INDEX `contracts_buyer_idx` ON `contracts` (`buyer_id`,`signed_at`);--> statement-breakpoint
DROP INDEX `offers_buyer_idx`;--> statement-breakpoint
CREATE INDEX `offers_buyer_idx` ON `offers` (`buyer_id`,`status`);--> statement-breakpoint
DROP INDEX `referrals_affiliate_idx`;--> statement-breakpoint
CREATE INDEX `referrals_affiliate_idx` ON `referrals` (`affiliate_id`,`user_id`,`commission_status`);--> statement-breakpoint
CREATE INDEX `inbound_items_kind_name_idx` ON `inbound_items` (`kind`,lower("name"),`id`);--> statement-breakpoint
CREATE INDEX `onboard_chats_updated_idx` ON `onboard_chats` (`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `onboard_chats_side_updated_idx` ON `onboard_chats` (`side`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `onboard_chats_created_idx` ON `onboard_chats` (`created_at`,`id`);