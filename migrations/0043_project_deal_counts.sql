-- A project's deals as its tables count them (NDAs, buyers in a thread, offers), kept on the project
-- by triggers: sorting the admin's table by one counted it for every project, 30–40 ms a page at
-- 100,000 projects; with these indexes a page walks the count's order and stops at its rows.
ALTER TABLE `projects` ADD `nda_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `projects` ADD `negotiation_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `projects` ADD `bid_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `projects` SET
  `nda_count` = (SELECT count(*) FROM `contracts` k WHERE k.`project_id` = `projects`.`id`),
  `negotiation_count` = (SELECT count(DISTINCT m.`buyer_id`) FROM `messages` m WHERE m.`project_id` = `projects`.`id`),
  `bid_count` = (SELECT count(*) FROM `offers` o WHERE o.`project_id` = `projects`.`id`);--> statement-breakpoint
CREATE TRIGGER `contracts_nda_count_insert` AFTER INSERT ON `contracts` BEGIN
  UPDATE `projects` SET `nda_count` = `nda_count` + 1 WHERE `id` = new.`project_id`;
END;--> statement-breakpoint
CREATE TRIGGER `contracts_nda_count_delete` AFTER DELETE ON `contracts` BEGIN
  UPDATE `projects` SET `nda_count` = `nda_count` - 1 WHERE `id` = old.`project_id`;
END;--> statement-breakpoint
CREATE TRIGGER `offers_bid_count_insert` AFTER INSERT ON `offers` BEGIN
  UPDATE `projects` SET `bid_count` = `bid_count` + 1 WHERE `id` = new.`project_id`;
END;--> statement-breakpoint
CREATE TRIGGER `offers_bid_count_delete` AFTER DELETE ON `offers` BEGIN
  UPDATE `projects` SET `bid_count` = `bid_count` - 1 WHERE `id` = old.`project_id`;
END;--> statement-breakpoint
-- a negotiation is a buyer's thread: counted at its first message, and again only when its last goes
CREATE TRIGGER `messages_negotiation_count_insert` AFTER INSERT ON `messages`
WHEN NOT EXISTS (SELECT 1 FROM `messages` m WHERE m.`buyer_id` = new.`buyer_id` AND m.`project_id` = new.`project_id` AND m.`id` != new.`id`) BEGIN
  UPDATE `projects` SET `negotiation_count` = `negotiation_count` + 1 WHERE `id` = new.`project_id`;
END;--> statement-breakpoint
CREATE TRIGGER `messages_negotiation_count_delete` AFTER DELETE ON `messages`
WHEN NOT EXISTS (SELECT 1 FROM `messages` m WHERE m.`buyer_id` = old.`buyer_id` AND m.`project_id` = old.`project_id`) BEGIN
  UPDATE `projects` SET `negotiation_count` = `negotiation_count` - 1 WHERE `id` = old.`project_id`;
END;--> statement-breakpoint
-- nothing in the product moves a deal to another project, but should a statement do it, the counts follow
CREATE TRIGGER `contracts_nda_count_move` AFTER UPDATE OF `project_id` ON `contracts` WHEN old.`project_id` != new.`project_id` BEGIN
  UPDATE `projects` SET `nda_count` = `nda_count` - 1 WHERE `id` = old.`project_id`;
  UPDATE `projects` SET `nda_count` = `nda_count` + 1 WHERE `id` = new.`project_id`;
END;--> statement-breakpoint
CREATE TRIGGER `offers_bid_count_move` AFTER UPDATE OF `project_id` ON `offers` WHEN old.`project_id` != new.`project_id` BEGIN
  UPDATE `projects` SET `bid_count` = `bid_count` - 1 WHERE `id` = old.`project_id`;
  UPDATE `projects` SET `bid_count` = `bid_count` + 1 WHERE `id` = new.`project_id`;
END;--> statement-breakpoint
CREATE TRIGGER `messages_negotiation_count_move` AFTER UPDATE OF `project_id`, `buyer_id` ON `messages`
WHEN old.`project_id` != new.`project_id` OR old.`buyer_id` != new.`buyer_id` BEGIN
  UPDATE `projects` SET `negotiation_count` = (SELECT count(DISTINCT m.`buyer_id`) FROM `messages` m WHERE m.`project_id` = `projects`.`id`)
  WHERE `id` IN (old.`project_id`, new.`project_id`);
END;--> statement-breakpoint
CREATE INDEX `projects_nda_count_idx` ON `projects` (`nda_count`,`id`);--> statement-breakpoint
CREATE INDEX `projects_negotiation_count_idx` ON `projects` (`negotiation_count`,`id`);--> statement-breakpoint
CREATE INDEX `projects_bid_count_idx` ON `projects` (`bid_count`,`id`);
