-- Keeping a customer's figures (decision 059) cost a recount of every figure over all its members'
-- records whenever one member's e-mail or phone changed, or one page session was deleted: anonymising
-- a customer of 99 members and 60,000 page sessions took 22 s, and deleting a much-viewed project
-- recounted its viewers' customers once per session. Decision 062: a member's own records are added
-- to or taken from their customer as they join, leave or move; a deleted session is taken off; an
-- e-mail or phone change recounts only the communications; the last activity is each member's latest
-- session read from an index, then the latest of those.
CREATE INDEX `page_sessions_user_end_idx` ON `page_sessions` (`user_id`,`session_end`);--> statement-breakpoint
DROP TRIGGER `page_sessions_customer_delete`;--> statement-breakpoint
CREATE TRIGGER `page_sessions_customer_delete` AFTER DELETE ON `page_sessions` BEGIN
  UPDATE `customers` SET `view_count` = `view_count` - (old.`project_id` IS NOT NULL),
    `last_activity_at` = CASE WHEN `last_activity_at` > old.`session_end` THEN `last_activity_at` ELSE (SELECT max((SELECT max(ps.`session_end`) FROM `page_sessions` ps WHERE ps.`user_id` = m.`id`)) FROM `users` m WHERE m.`customer_id` = `customers`.`id`) END
  WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = old.`user_id`);
END;--> statement-breakpoint
DROP TRIGGER `page_sessions_customer_change`;--> statement-breakpoint
CREATE TRIGGER `page_sessions_customer_change` AFTER UPDATE OF `user_id`, `project_id`, `session_end` ON `page_sessions` BEGIN
  UPDATE `customers` SET `view_count` = `view_count` - (old.`project_id` IS NOT NULL) WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = old.`user_id`);
  UPDATE `customers` SET `view_count` = `view_count` + (new.`project_id` IS NOT NULL) WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = new.`user_id`);
  UPDATE `customers` SET `last_activity_at` = (SELECT max((SELECT max(ps.`session_end`) FROM `page_sessions` ps WHERE ps.`user_id` = m.`id`)) FROM `users` m WHERE m.`customer_id` = `customers`.`id`)
  WHERE `id` IN ((SELECT `customer_id` FROM `users` WHERE `id` = old.`user_id`), (SELECT `customer_id` FROM `users` WHERE `id` = new.`user_id`));
END;--> statement-breakpoint
DROP TRIGGER `users_customer_activity_insert`;--> statement-breakpoint
CREATE TRIGGER `users_customer_activity_insert` AFTER INSERT ON `users` WHEN new.`customer_id` IS NOT NULL BEGIN
  UPDATE `customers` SET `view_count` = `view_count` + (SELECT count(*) FROM `page_sessions` ps WHERE ps.`user_id` = new.`id` AND ps.`project_id` IS NOT NULL),
    `nda_count` = `nda_count` + (SELECT count(*) FROM `contracts` k WHERE k.`buyer_id` = new.`id`),
    `negotiation_count` = `negotiation_count` + (SELECT count(DISTINCT t.`project_id`) FROM `messages` t WHERE t.`buyer_id` = new.`id`),
    `loi_count` = `loi_count` + (SELECT count(*) FROM `offers` o WHERE o.`buyer_id` = new.`id`),
    `impression_count` = `impression_count` + new.`impression_count`,
    `last_activity_at` = (SELECT max((SELECT max(ps.`session_end`) FROM `page_sessions` ps WHERE ps.`user_id` = m.`id`)) FROM `users` m WHERE m.`customer_id` = `customers`.`id`),
    `communication_count` = (SELECT count(*) FROM `outbox` x WHERE lower(x.`recipient`) IN (
      SELECT lower(m.`email`) FROM `users` m WHERE m.`customer_id` = `customers`.`id`
      UNION SELECT lower(`customers`.`attention_email`) WHERE `customers`.`attention_email` != ''
      UNION SELECT lower(m.`phone`) FROM `users` m WHERE m.`customer_id` = `customers`.`id` AND m.`phone` != ''))
  WHERE `id` = new.`customer_id`;
END;--> statement-breakpoint
DROP TRIGGER `users_customer_activity_move`;--> statement-breakpoint
CREATE TRIGGER `users_customer_activity_move` AFTER UPDATE OF `customer_id` ON `users` WHEN old.`customer_id` IS NOT new.`customer_id` BEGIN
  UPDATE `customers` SET `view_count` = `view_count` - (SELECT count(*) FROM `page_sessions` ps WHERE ps.`user_id` = old.`id` AND ps.`project_id` IS NOT NULL),
    `nda_count` = `nda_count` - (SELECT count(*) FROM `contracts` k WHERE k.`buyer_id` = old.`id`),
    `negotiation_count` = `negotiation_count` - (SELECT count(DISTINCT t.`project_id`) FROM `messages` t WHERE t.`buyer_id` = old.`id`),
    `loi_count` = `loi_count` - (SELECT count(*) FROM `offers` o WHERE o.`buyer_id` = old.`id`),
    `impression_count` = `impression_count` - old.`impression_count`
  WHERE `id` = old.`customer_id`;
  UPDATE `customers` SET `view_count` = `view_count` + (SELECT count(*) FROM `page_sessions` ps WHERE ps.`user_id` = new.`id` AND ps.`project_id` IS NOT NULL),
    `nda_count` = `nda_count` + (SELECT count(*) FROM `contracts` k WHERE k.`buyer_id` = new.`id`),
    `negotiation_count` = `negotiation_count` + (SELECT count(DISTINCT t.`project_id`) FROM `messages` t WHERE t.`buyer_id` = new.`id`),
    `loi_count` = `loi_count` + (SELECT count(*) FROM `offers` o WHERE o.`buyer_id` = new.`id`),
    `impression_count` = `impression_count` + new.`impression_count`
  WHERE `id` = new.`customer_id`;
  UPDATE `customers` SET `last_activity_at` = (SELECT max((SELECT max(ps.`session_end`) FROM `page_sessions` ps WHERE ps.`user_id` = m.`id`)) FROM `users` m WHERE m.`customer_id` = `customers`.`id`),
    `communication_count` = (SELECT count(*) FROM `outbox` x WHERE lower(x.`recipient`) IN (
      SELECT lower(m.`email`) FROM `users` m WHERE m.`customer_id` = `customers`.`id`
      UNION SELECT lower(`customers`.`attention_email`) WHERE `customers`.`attention_email` != ''
      UNION SELECT lower(m.`phone`) FROM `users` m WHERE m.`customer_id` = `customers`.`id` AND m.`phone` != ''))
  WHERE `id` IN (old.`customer_id`, new.`customer_id`);
END;--> statement-breakpoint
CREATE TRIGGER `users_customer_communications` AFTER UPDATE OF `email`, `phone` ON `users`
WHEN new.`customer_id` IS NOT NULL AND old.`customer_id` IS new.`customer_id` AND (old.`email` != new.`email` OR old.`phone` != new.`phone`) BEGIN
  UPDATE `customers` SET `communication_count` = (SELECT count(*) FROM `outbox` x WHERE lower(x.`recipient`) IN (
      SELECT lower(m.`email`) FROM `users` m WHERE m.`customer_id` = `customers`.`id`
      UNION SELECT lower(`customers`.`attention_email`) WHERE `customers`.`attention_email` != ''
      UNION SELECT lower(m.`phone`) FROM `users` m WHERE m.`customer_id` = `customers`.`id` AND m.`phone` != ''))
  WHERE `id` = new.`customer_id`;
END;--> statement-breakpoint
DROP TRIGGER `users_customer_activity_delete`;--> statement-breakpoint
-- a deleted member's records may be gone before this runs (their deletion cascades): recounted, not subtracted
CREATE TRIGGER `users_customer_activity_delete` AFTER DELETE ON `users` WHEN old.`customer_id` IS NOT NULL BEGIN
  UPDATE `customers` SET `last_activity_at` = (SELECT max((SELECT max(ps.`session_end`) FROM `page_sessions` ps WHERE ps.`user_id` = m.`id`)) FROM `users` m WHERE m.`customer_id` = `customers`.`id`),
    `view_count` = (SELECT count(*) FROM `page_sessions` ps WHERE ps.`user_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`) AND ps.`project_id` IS NOT NULL),
    `nda_count` = (SELECT count(*) FROM `contracts` k WHERE k.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)),
    `negotiation_count` = (SELECT count(*) FROM (SELECT DISTINCT t.`project_id`, t.`buyer_id` FROM `messages` t WHERE t.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`))),
    `loi_count` = (SELECT count(*) FROM `offers` o WHERE o.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)),
    `impression_count` = (SELECT coalesce(sum(m.`impression_count`), 0) FROM `users` m WHERE m.`customer_id` = `customers`.`id`),
    `communication_count` = (SELECT count(*) FROM `outbox` x WHERE lower(x.`recipient`) IN (
      SELECT lower(m.`email`) FROM `users` m WHERE m.`customer_id` = `customers`.`id`
      UNION SELECT lower(`customers`.`attention_email`) WHERE `customers`.`attention_email` != ''
      UNION SELECT lower(m.`phone`) FROM `users` m WHERE m.`customer_id` = `customers`.`id` AND m.`phone` != ''))
  WHERE `id` = old.`customer_id`;
END;
