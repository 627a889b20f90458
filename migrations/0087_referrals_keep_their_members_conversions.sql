-- The partners' page at 2,000 partners, twenty of them with 1,000 referred members each: every referred member's
-- NDAs signed and offers accepted were counted where the page showed them, two index seeks a member, 40,000 for the
-- first page (17.5 ms of its 18-31). Each referral now keeps its member's two counts, written by the triggers below
-- whenever a contract is signed or unsigned, an offer accepted or no longer so, either deleted or moved to another
-- member, and when the referral is made; each counts again from the member's own contracts or offers (a seek of
-- their buyer index), so no order of changes can leave a count wrong. The partner's index carries both: a page sums
-- them from the index alone.
DROP INDEX `referrals_affiliate_idx`;--> statement-breakpoint
ALTER TABLE `referrals` ADD `ndas_signed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `referrals` ADD `offers_accepted` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `referrals` SET
  `ndas_signed` = (SELECT count(*) FROM `contracts` c WHERE c.`buyer_id` = `referrals`.`user_id` AND c.`signed_at` IS NOT NULL),
  `offers_accepted` = (SELECT count(*) FROM `offers` o WHERE o.`buyer_id` = `referrals`.`user_id` AND o.`status` = 'accepted');--> statement-breakpoint
CREATE INDEX `referrals_affiliate_idx` ON `referrals` (`affiliate_id`,`user_id`,`commission_status`,`ndas_signed`,`offers_accepted`);--> statement-breakpoint
CREATE TRIGGER `referrals_conversions_insert` AFTER INSERT ON `referrals` BEGIN
  UPDATE `referrals` SET
    `ndas_signed` = (SELECT count(*) FROM `contracts` c WHERE c.`buyer_id` = new.`user_id` AND c.`signed_at` IS NOT NULL),
    `offers_accepted` = (SELECT count(*) FROM `offers` o WHERE o.`buyer_id` = new.`user_id` AND o.`status` = 'accepted')
  WHERE `id` = new.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `contracts_referral_ndas_insert` AFTER INSERT ON `contracts` WHEN new.`signed_at` IS NOT NULL BEGIN
  UPDATE `referrals` SET `ndas_signed` = (SELECT count(*) FROM `contracts` c WHERE c.`buyer_id` = new.`buyer_id` AND c.`signed_at` IS NOT NULL) WHERE `user_id` = new.`buyer_id`;
END;--> statement-breakpoint
CREATE TRIGGER `contracts_referral_ndas_update` AFTER UPDATE OF `signed_at`, `buyer_id` ON `contracts`
  WHEN (old.`signed_at` IS NULL) != (new.`signed_at` IS NULL) OR old.`buyer_id` IS NOT new.`buyer_id` BEGIN
  UPDATE `referrals` SET `ndas_signed` = (SELECT count(*) FROM `contracts` c WHERE c.`buyer_id` = new.`buyer_id` AND c.`signed_at` IS NOT NULL) WHERE `user_id` = new.`buyer_id`;
  UPDATE `referrals` SET `ndas_signed` = (SELECT count(*) FROM `contracts` c WHERE c.`buyer_id` = old.`buyer_id` AND c.`signed_at` IS NOT NULL) WHERE `user_id` = old.`buyer_id` AND old.`buyer_id` IS NOT new.`buyer_id`;
END;--> statement-breakpoint
CREATE TRIGGER `contracts_referral_ndas_delete` AFTER DELETE ON `contracts` WHEN old.`signed_at` IS NOT NULL BEGIN
  UPDATE `referrals` SET `ndas_signed` = (SELECT count(*) FROM `contracts` c WHERE c.`buyer_id` = old.`buyer_id` AND c.`signed_at` IS NOT NULL) WHERE `user_id` = old.`buyer_id`;
END;--> statement-breakpoint
CREATE TRIGGER `offers_referral_accepted_insert` AFTER INSERT ON `offers` WHEN new.`status` = 'accepted' BEGIN
  UPDATE `referrals` SET `offers_accepted` = (SELECT count(*) FROM `offers` o WHERE o.`buyer_id` = new.`buyer_id` AND o.`status` = 'accepted') WHERE `user_id` = new.`buyer_id`;
END;--> statement-breakpoint
CREATE TRIGGER `offers_referral_accepted_update` AFTER UPDATE OF `status`, `buyer_id` ON `offers`
  WHEN (old.`status` = 'accepted') != (new.`status` = 'accepted') OR old.`buyer_id` IS NOT new.`buyer_id` BEGIN
  UPDATE `referrals` SET `offers_accepted` = (SELECT count(*) FROM `offers` o WHERE o.`buyer_id` = new.`buyer_id` AND o.`status` = 'accepted') WHERE `user_id` = new.`buyer_id`;
  UPDATE `referrals` SET `offers_accepted` = (SELECT count(*) FROM `offers` o WHERE o.`buyer_id` = old.`buyer_id` AND o.`status` = 'accepted') WHERE `user_id` = old.`buyer_id` AND old.`buyer_id` IS NOT new.`buyer_id`;
END;--> statement-breakpoint
CREATE TRIGGER `offers_referral_accepted_delete` AFTER DELETE ON `offers` WHEN old.`status` = 'accepted' BEGIN
  UPDATE `referrals` SET `offers_accepted` = (SELECT count(*) FROM `offers` o WHERE o.`buyer_id` = old.`buyer_id` AND o.`status` = 'accepted') WHERE `user_id` = old.`buyer_id`;
END;
