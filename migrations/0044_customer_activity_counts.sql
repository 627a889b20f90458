-- What a customer's members did (their last activity, project views, NDAs, negotiations, LOIs,
-- impressions, e-mails and SMS), kept on the customer by triggers (decision 059): the customer table
-- worked each out for every customer to sort or filter by it, 35–360 ms a page at 100,000 customers.
-- A record counts as it is written or deleted; a member who joins, leaves or changes company, or
-- whose e-mail or phone changes, has the companies concerned recounted.
ALTER TABLE `customers` ADD `last_activity_at` integer;--> statement-breakpoint
ALTER TABLE `customers` ADD `view_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `nda_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `negotiation_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `loi_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `impression_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `communication_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `impression_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- the looks that count impressions are pruned after a day: what is stored is all that can be counted now
UPDATE `users` SET `impression_count` = (SELECT count(*) FROM `daily_project_looks` l WHERE l.`kind` = 'impression' AND l.`user_id` = `users`.`id`);--> statement-breakpoint
UPDATE `customers` SET
    `last_activity_at` = (SELECT max(ps.`session_end`) FROM `page_sessions` ps WHERE ps.`user_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)),
    `view_count` = (SELECT count(*) FROM `page_sessions` ps WHERE ps.`user_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`) AND ps.`project_id` IS NOT NULL),
    `nda_count` = (SELECT count(*) FROM `contracts` k WHERE k.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)),
    `negotiation_count` = (SELECT count(*) FROM (SELECT DISTINCT t.`project_id`, t.`buyer_id` FROM `messages` t WHERE t.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`))),
    `loi_count` = (SELECT count(*) FROM `offers` o WHERE o.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)),
    `impression_count` = (SELECT coalesce(sum(m.`impression_count`), 0) FROM `users` m WHERE m.`customer_id` = `customers`.`id`),
    `communication_count` = (SELECT count(*) FROM `outbox` x WHERE lower(x.`recipient`) IN (
      SELECT lower(m.`email`) FROM `users` m WHERE m.`customer_id` = `customers`.`id`
      UNION SELECT lower(`customers`.`attention_email`) WHERE `customers`.`attention_email` != ''
      UNION SELECT lower(m.`phone`) FROM `users` m WHERE m.`customer_id` = `customers`.`id` AND m.`phone` != ''));--> statement-breakpoint
CREATE TRIGGER `contracts_customer_nda_insert` AFTER INSERT ON `contracts` BEGIN
  UPDATE `customers` SET `nda_count` = `nda_count` + 1 WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = new.`buyer_id`);
END;--> statement-breakpoint
CREATE TRIGGER `contracts_customer_nda_delete` AFTER DELETE ON `contracts` BEGIN
  UPDATE `customers` SET `nda_count` = `nda_count` - 1 WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = old.`buyer_id`);
END;--> statement-breakpoint
CREATE TRIGGER `contracts_customer_nda_move` AFTER UPDATE OF `buyer_id` ON `contracts` WHEN old.`buyer_id` != new.`buyer_id` BEGIN
  UPDATE `customers` SET `nda_count` = `nda_count` - 1 WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = old.`buyer_id`);
  UPDATE `customers` SET `nda_count` = `nda_count` + 1 WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = new.`buyer_id`);
END;--> statement-breakpoint
CREATE TRIGGER `offers_customer_loi_insert` AFTER INSERT ON `offers` BEGIN
  UPDATE `customers` SET `loi_count` = `loi_count` + 1 WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = new.`buyer_id`);
END;--> statement-breakpoint
CREATE TRIGGER `offers_customer_loi_delete` AFTER DELETE ON `offers` BEGIN
  UPDATE `customers` SET `loi_count` = `loi_count` - 1 WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = old.`buyer_id`);
END;--> statement-breakpoint
CREATE TRIGGER `offers_customer_loi_move` AFTER UPDATE OF `buyer_id` ON `offers` WHEN old.`buyer_id` != new.`buyer_id` BEGIN
  UPDATE `customers` SET `loi_count` = `loi_count` - 1 WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = old.`buyer_id`);
  UPDATE `customers` SET `loi_count` = `loi_count` + 1 WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = new.`buyer_id`);
END;--> statement-breakpoint
CREATE TRIGGER `messages_customer_negotiation_insert` AFTER INSERT ON `messages`
WHEN NOT EXISTS (SELECT 1 FROM `messages` t WHERE t.`buyer_id` = new.`buyer_id` AND t.`project_id` = new.`project_id` AND t.`id` != new.`id`) BEGIN
  UPDATE `customers` SET `negotiation_count` = `negotiation_count` + 1 WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = new.`buyer_id`);
END;--> statement-breakpoint
CREATE TRIGGER `messages_customer_negotiation_delete` AFTER DELETE ON `messages`
WHEN NOT EXISTS (SELECT 1 FROM `messages` t WHERE t.`buyer_id` = old.`buyer_id` AND t.`project_id` = old.`project_id`) BEGIN
  UPDATE `customers` SET `negotiation_count` = `negotiation_count` - 1 WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = old.`buyer_id`);
END;--> statement-breakpoint
CREATE TRIGGER `messages_customer_negotiation_move` AFTER UPDATE OF `project_id`, `buyer_id` ON `messages`
WHEN old.`project_id` != new.`project_id` OR old.`buyer_id` != new.`buyer_id` BEGIN
  UPDATE `customers` SET `negotiation_count` = (SELECT count(*) FROM (SELECT DISTINCT t.`project_id`, t.`buyer_id` FROM `messages` t WHERE t.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)))
  WHERE `id` IN ((SELECT `customer_id` FROM `users` WHERE `id` = old.`buyer_id`), (SELECT `customer_id` FROM `users` WHERE `id` = new.`buyer_id`));
END;--> statement-breakpoint
CREATE TRIGGER `page_sessions_customer_insert` AFTER INSERT ON `page_sessions` BEGIN
  UPDATE `customers` SET `view_count` = `view_count` + (new.`project_id` IS NOT NULL),
    `last_activity_at` = max(coalesce(`last_activity_at`, new.`session_end`), new.`session_end`)
  WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = new.`user_id`);
END;--> statement-breakpoint
CREATE TRIGGER `page_sessions_customer_delete` AFTER DELETE ON `page_sessions` BEGIN
  UPDATE `customers` SET `view_count` = (SELECT count(*) FROM `page_sessions` ps WHERE ps.`user_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`) AND ps.`project_id` IS NOT NULL),
    `last_activity_at` = (SELECT max(ps.`session_end`) FROM `page_sessions` ps WHERE ps.`user_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`))
  WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = old.`user_id`);
END;--> statement-breakpoint
CREATE TRIGGER `page_sessions_customer_change` AFTER UPDATE OF `user_id`, `project_id`, `session_end` ON `page_sessions` BEGIN
  UPDATE `customers` SET `view_count` = (SELECT count(*) FROM `page_sessions` ps WHERE ps.`user_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`) AND ps.`project_id` IS NOT NULL),
    `last_activity_at` = (SELECT max(ps.`session_end`) FROM `page_sessions` ps WHERE ps.`user_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`))
  WHERE `id` IN ((SELECT `customer_id` FROM `users` WHERE `id` = old.`user_id`), (SELECT `customer_id` FROM `users` WHERE `id` = new.`user_id`));
END;--> statement-breakpoint
CREATE TRIGGER `daily_project_looks_impression_insert` AFTER INSERT ON `daily_project_looks` WHEN new.`kind` = 'impression' BEGIN
  UPDATE `users` SET `impression_count` = `impression_count` + 1 WHERE `id` = new.`user_id`;
  UPDATE `customers` SET `impression_count` = `impression_count` + 1 WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = new.`user_id`);
END;--> statement-breakpoint
CREATE TRIGGER `outbox_customer_insert` AFTER INSERT ON `outbox` BEGIN
  UPDATE `customers` SET `communication_count` = `communication_count` + 1 WHERE `id` IN (SELECT m.`customer_id` FROM `users` m WHERE lower(m.`email`) = lower(new.`recipient`)
    UNION SELECT m.`customer_id` FROM `users` m WHERE m.`phone` = new.`recipient` AND m.`phone` != ''
    UNION SELECT c.`id` FROM `customers` c WHERE lower(c.`attention_email`) = lower(new.`recipient`) AND c.`attention_email` != '');
END;--> statement-breakpoint
CREATE TRIGGER `outbox_customer_delete` AFTER DELETE ON `outbox` BEGIN
  UPDATE `customers` SET `communication_count` = `communication_count` - 1 WHERE `id` IN (SELECT m.`customer_id` FROM `users` m WHERE lower(m.`email`) = lower(old.`recipient`)
    UNION SELECT m.`customer_id` FROM `users` m WHERE m.`phone` = old.`recipient` AND m.`phone` != ''
    UNION SELECT c.`id` FROM `customers` c WHERE lower(c.`attention_email`) = lower(old.`recipient`) AND c.`attention_email` != '');
END;--> statement-breakpoint
CREATE TRIGGER `outbox_customer_change` AFTER UPDATE OF `recipient` ON `outbox` WHEN old.`recipient` != new.`recipient` BEGIN
  UPDATE `customers` SET `communication_count` = `communication_count` - 1 WHERE `id` IN (SELECT m.`customer_id` FROM `users` m WHERE lower(m.`email`) = lower(old.`recipient`)
    UNION SELECT m.`customer_id` FROM `users` m WHERE m.`phone` = old.`recipient` AND m.`phone` != ''
    UNION SELECT c.`id` FROM `customers` c WHERE lower(c.`attention_email`) = lower(old.`recipient`) AND c.`attention_email` != '');
  UPDATE `customers` SET `communication_count` = `communication_count` + 1 WHERE `id` IN (SELECT m.`customer_id` FROM `users` m WHERE lower(m.`email`) = lower(new.`recipient`)
    UNION SELECT m.`customer_id` FROM `users` m WHERE m.`phone` = new.`recipient` AND m.`phone` != ''
    UNION SELECT c.`id` FROM `customers` c WHERE lower(c.`attention_email`) = lower(new.`recipient`) AND c.`attention_email` != '');
END;--> statement-breakpoint
CREATE TRIGGER `users_customer_activity_insert` AFTER INSERT ON `users` WHEN new.`customer_id` IS NOT NULL BEGIN
  UPDATE `customers` SET `last_activity_at` = (SELECT max(ps.`session_end`) FROM `page_sessions` ps WHERE ps.`user_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)),
    `view_count` = (SELECT count(*) FROM `page_sessions` ps WHERE ps.`user_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`) AND ps.`project_id` IS NOT NULL),
    `nda_count` = (SELECT count(*) FROM `contracts` k WHERE k.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)),
    `negotiation_count` = (SELECT count(*) FROM (SELECT DISTINCT t.`project_id`, t.`buyer_id` FROM `messages` t WHERE t.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`))),
    `loi_count` = (SELECT count(*) FROM `offers` o WHERE o.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)),
    `impression_count` = (SELECT coalesce(sum(m.`impression_count`), 0) FROM `users` m WHERE m.`customer_id` = `customers`.`id`),
    `communication_count` = (SELECT count(*) FROM `outbox` x WHERE lower(x.`recipient`) IN (
      SELECT lower(m.`email`) FROM `users` m WHERE m.`customer_id` = `customers`.`id`
      UNION SELECT lower(`customers`.`attention_email`) WHERE `customers`.`attention_email` != ''
      UNION SELECT lower(m.`phone`) FROM `users` m WHERE m.`customer_id` = `customers`.`id` AND m.`phone` != ''))
  WHERE `id` = new.`customer_id`;
END;--> statement-breakpoint
CREATE TRIGGER `users_customer_activity_move` AFTER UPDATE OF `customer_id`, `email`, `phone` ON `users`
WHEN old.`customer_id` IS NOT new.`customer_id` OR old.`email` != new.`email` OR old.`phone` != new.`phone` BEGIN
  UPDATE `customers` SET `last_activity_at` = (SELECT max(ps.`session_end`) FROM `page_sessions` ps WHERE ps.`user_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)),
    `view_count` = (SELECT count(*) FROM `page_sessions` ps WHERE ps.`user_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`) AND ps.`project_id` IS NOT NULL),
    `nda_count` = (SELECT count(*) FROM `contracts` k WHERE k.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)),
    `negotiation_count` = (SELECT count(*) FROM (SELECT DISTINCT t.`project_id`, t.`buyer_id` FROM `messages` t WHERE t.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`))),
    `loi_count` = (SELECT count(*) FROM `offers` o WHERE o.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)),
    `impression_count` = (SELECT coalesce(sum(m.`impression_count`), 0) FROM `users` m WHERE m.`customer_id` = `customers`.`id`),
    `communication_count` = (SELECT count(*) FROM `outbox` x WHERE lower(x.`recipient`) IN (
      SELECT lower(m.`email`) FROM `users` m WHERE m.`customer_id` = `customers`.`id`
      UNION SELECT lower(`customers`.`attention_email`) WHERE `customers`.`attention_email` != ''
      UNION SELECT lower(m.`phone`) FROM `users` m WHERE m.`customer_id` = `customers`.`id` AND m.`phone` != ''))
  WHERE `id` IN (old.`customer_id`, new.`customer_id`);
END;--> statement-breakpoint
CREATE TRIGGER `users_customer_activity_delete` AFTER DELETE ON `users` WHEN old.`customer_id` IS NOT NULL BEGIN
  UPDATE `customers` SET `last_activity_at` = (SELECT max(ps.`session_end`) FROM `page_sessions` ps WHERE ps.`user_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)),
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
END;--> statement-breakpoint
CREATE TRIGGER `customers_attention_email_communications` AFTER UPDATE OF `attention_email` ON `customers` WHEN old.`attention_email` != new.`attention_email` BEGIN
  UPDATE `customers` SET `communication_count` = (SELECT count(*) FROM `outbox` x WHERE lower(x.`recipient`) IN (
      SELECT lower(m.`email`) FROM `users` m WHERE m.`customer_id` = `customers`.`id`
      UNION SELECT lower(`customers`.`attention_email`) WHERE `customers`.`attention_email` != ''
      UNION SELECT lower(m.`phone`) FROM `users` m WHERE m.`customer_id` = `customers`.`id` AND m.`phone` != ''))
  WHERE `id` = new.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `customers_insert_communications` AFTER INSERT ON `customers` WHEN new.`attention_email` != '' BEGIN
  UPDATE `customers` SET `communication_count` = (SELECT count(*) FROM `outbox` x WHERE lower(x.`recipient`) IN (
      SELECT lower(m.`email`) FROM `users` m WHERE m.`customer_id` = `customers`.`id`
      UNION SELECT lower(`customers`.`attention_email`) WHERE `customers`.`attention_email` != ''
      UNION SELECT lower(m.`phone`) FROM `users` m WHERE m.`customer_id` = `customers`.`id` AND m.`phone` != ''))
  WHERE `id` = new.`id`;
END;--> statement-breakpoint
CREATE INDEX `customers_last_activity_idx` ON `customers` ("last_activity_at" desc,`id`);--> statement-breakpoint
CREATE INDEX `customers_view_count_idx` ON `customers` (`view_count`,`id`);--> statement-breakpoint
CREATE INDEX `customers_nda_count_idx` ON `customers` (`nda_count`,`id`);--> statement-breakpoint
CREATE INDEX `customers_negotiation_count_idx` ON `customers` (`negotiation_count`,`id`);--> statement-breakpoint
CREATE INDEX `customers_loi_count_idx` ON `customers` (`loi_count`,`id`);--> statement-breakpoint
CREATE INDEX `customers_impression_count_idx` ON `customers` (`impression_count`,`id`);--> statement-breakpoint
CREATE INDEX `customers_communication_count_idx` ON `customers` (`communication_count`,`id`);--> statement-breakpoint
CREATE INDEX `customers_business_type_idx` ON `customers` (`business_type`);--> statement-breakpoint
CREATE INDEX `customers_attention_email_lower_idx` ON `customers` (lower("attention_email"));--> statement-breakpoint
CREATE INDEX `users_email_lower_idx` ON `users` (lower("email"));--> statement-breakpoint
CREATE INDEX `users_phone_idx` ON `users` (`phone`);
