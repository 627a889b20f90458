-- What followed a campaign, kept (decision 065): the outcomes page resolved the list again and read
-- every reached member's sessions, looks, NDAs and offers on each view (0.6 s for 20,000 recipients),
-- and counted no-JS looks from daily rows that housekeeping prunes. A campaign's outbox row now names
-- its customer; the first delivered one writes the customer's outcome row, and each step sets its time
-- there as it is recorded (the earliest one wins: rows may land out of order).
CREATE TABLE `campaign_outcomes` (
	`campaign_id` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`sent_at` integer NOT NULL,
	`viewed_at` integer,
	`signed_at` integer,
	`offered_at` integer,
	PRIMARY KEY(`campaign_id`, `customer_id`),
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `campaign_outcomes_customer_idx` ON `campaign_outcomes` (`customer_id`,`sent_at`);--> statement-breakpoint
CREATE INDEX `campaign_outcomes_stage_idx` ON `campaign_outcomes` (`campaign_id`,(case when "offered_at" is not null then 3 when "signed_at" is not null then 2 when "viewed_at" is not null then 1 else 0 end),(case when "offered_at" is not null then "offered_at" when "signed_at" is not null then "signed_at" else "viewed_at" end),`customer_id`);--> statement-breakpoint
ALTER TABLE `outbox` ADD `customer_id` integer;--> statement-breakpoint
CREATE INDEX `outbox_campaign_idx` ON `outbox` (`campaign_id`) WHERE "outbox"."campaign_id" is not null;--> statement-breakpoint
-- the customer of each campaign message already written: by its address, as the send wrote it (e-mail
-- trimmed and lower-cased, the phone's digits; an address with other spaces or letters than ASCII is
-- not matched), the first customer when two share one. A temporary index each, and a unary plus on the
-- recipient (its column's text affinity would keep SQLite off an index on an expression).
CREATE INDEX `customers_attention_email_trim_tmp` ON `customers` (lower(trim(`attention_email`)));--> statement-breakpoint
UPDATE `outbox` SET `customer_id` = (SELECT min(c.`id`) FROM `customers` c WHERE lower(trim(c.`attention_email`)) = +lower(`outbox`.`recipient`))
  WHERE `campaign_id` IS NOT NULL AND `channel` = 'email';--> statement-breakpoint
DROP INDEX `customers_attention_email_trim_tmp`;--> statement-breakpoint
CREATE INDEX `customers_attention_phone_digits_tmp` ON `customers` ('+' || replace(replace(replace(replace(replace(replace(trim(`attention_phone`), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''));--> statement-breakpoint
UPDATE `outbox` SET `customer_id` = (SELECT min(c.`id`) FROM `customers` c WHERE '+' || replace(replace(replace(replace(replace(replace(trim(c.`attention_phone`), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '') = +`outbox`.`recipient`)
  WHERE `campaign_id` IS NOT NULL AND `channel` = 'sms';--> statement-breakpoint
DROP INDEX `customers_attention_phone_digits_tmp`;--> statement-breakpoint
INSERT INTO `campaign_outcomes` (`campaign_id`, `customer_id`, `sent_at`)
  SELECT o.`campaign_id`, o.`customer_id`, min(o.`sent_at`) FROM `outbox` o JOIN `campaigns` k ON k.`id` = o.`campaign_id` JOIN `customers` c ON c.`id` = o.`customer_id`
  WHERE o.`status` = 'sent' AND o.`sent_at` IS NOT NULL GROUP BY o.`campaign_id`, o.`customer_id`;--> statement-breakpoint
-- the steps already recorded, as the page counted them (what housekeeping pruned is gone)
UPDATE `campaign_outcomes` SET `viewed_at` = (SELECT min(t) FROM (
    SELECT min(ps.`session_start`) AS t FROM `users` u JOIN `page_sessions` ps ON ps.`user_id` = u.`id`
      WHERE u.`customer_id` = `campaign_outcomes`.`customer_id` AND ps.`project_id` IS NOT NULL
        AND ps.`session_start` >= `campaign_outcomes`.`sent_at` AND ps.`session_start` < `campaign_outcomes`.`sent_at` + 1209600000
        AND ps.`project_id` = coalesce((SELECT k.`project_id` FROM `campaigns` k WHERE k.`id` = `campaign_outcomes`.`campaign_id`), ps.`project_id`)
    UNION ALL
    SELECT min(v.`viewed_at`) FROM `users` u JOIN `recently_viewed` v ON v.`user_id` = u.`id`
      WHERE u.`customer_id` = `campaign_outcomes`.`customer_id`
        AND v.`viewed_at` >= `campaign_outcomes`.`sent_at` AND v.`viewed_at` < `campaign_outcomes`.`sent_at` + 1209600000
        AND v.`project_id` = coalesce((SELECT k.`project_id` FROM `campaigns` k WHERE k.`id` = `campaign_outcomes`.`campaign_id`), v.`project_id`)
    UNION ALL
    SELECT min(strftime('%s', l.`day`) * 1000) FROM `users` u JOIN `daily_project_looks` l ON l.`user_id` = u.`id`
      WHERE u.`customer_id` = `campaign_outcomes`.`customer_id` AND l.`kind` = 'view'
        AND strftime('%s', l.`day`) * 1000 > `campaign_outcomes`.`sent_at` AND strftime('%s', l.`day`) * 1000 + 86400000 <= `campaign_outcomes`.`sent_at` + 1209600000
        AND l.`project_id` = coalesce((SELECT k.`project_id` FROM `campaigns` k WHERE k.`id` = `campaign_outcomes`.`campaign_id`), l.`project_id`)
  )),
  `signed_at` = (SELECT min(ct.`signed_at`) FROM `users` u JOIN `contracts` ct ON ct.`buyer_id` = u.`id`
      WHERE u.`customer_id` = `campaign_outcomes`.`customer_id`
        AND ct.`signed_at` >= `campaign_outcomes`.`sent_at` AND ct.`signed_at` < `campaign_outcomes`.`sent_at` + 1209600000
        AND ct.`project_id` = coalesce((SELECT k.`project_id` FROM `campaigns` k WHERE k.`id` = `campaign_outcomes`.`campaign_id`), ct.`project_id`)),
  `offered_at` = (SELECT min(f.`created_at`) FROM `users` u JOIN `offers` f ON f.`buyer_id` = u.`id`
      WHERE u.`customer_id` = `campaign_outcomes`.`customer_id`
        AND f.`created_at` >= `campaign_outcomes`.`sent_at` AND f.`created_at` < `campaign_outcomes`.`sent_at` + 1209600000
        AND f.`project_id` = coalesce((SELECT k.`project_id` FROM `campaigns` k WHERE k.`id` = `campaign_outcomes`.`campaign_id`), f.`project_id`));--> statement-breakpoint
CREATE TRIGGER `outbox_campaign_reached_insert` AFTER INSERT ON `outbox`
  WHEN new.`campaign_id` IS NOT NULL AND new.`customer_id` IS NOT NULL AND new.`status` = 'sent' AND new.`sent_at` IS NOT NULL BEGIN
  INSERT INTO `campaign_outcomes` (`campaign_id`, `customer_id`, `sent_at`)
    SELECT new.`campaign_id`, new.`customer_id`, new.`sent_at` WHERE EXISTS (SELECT 1 FROM `campaigns` WHERE `id` = new.`campaign_id`) AND EXISTS (SELECT 1 FROM `customers` WHERE `id` = new.`customer_id`)
    ON CONFLICT (`campaign_id`, `customer_id`) DO NOTHING;
END;--> statement-breakpoint
CREATE TRIGGER `outbox_campaign_reached_update` AFTER UPDATE OF `status` ON `outbox`
  WHEN new.`campaign_id` IS NOT NULL AND new.`customer_id` IS NOT NULL AND new.`status` = 'sent' AND new.`sent_at` IS NOT NULL AND old.`status` <> 'sent' BEGIN
  INSERT INTO `campaign_outcomes` (`campaign_id`, `customer_id`, `sent_at`)
    SELECT new.`campaign_id`, new.`customer_id`, new.`sent_at` WHERE EXISTS (SELECT 1 FROM `campaigns` WHERE `id` = new.`campaign_id`) AND EXISTS (SELECT 1 FROM `customers` WHERE `id` = new.`customer_id`)
    ON CONFLICT (`campaign_id`, `customer_id`) DO NOTHING;
END;--> statement-breakpoint
CREATE TRIGGER `page_sessions_campaign_look` AFTER INSERT ON `page_sessions` WHEN new.`project_id` IS NOT NULL BEGIN
  UPDATE `campaign_outcomes` SET `viewed_at` = min(coalesce(`viewed_at`, new.`session_start`), new.`session_start`)
    WHERE `customer_id` = (SELECT `customer_id` FROM `users` WHERE `id` = new.`user_id`)
      AND `sent_at` > new.`session_start` - 1209600000 AND `sent_at` <= new.`session_start`
      AND new.`project_id` = coalesce((SELECT k.`project_id` FROM `campaigns` k WHERE k.`id` = `campaign_outcomes`.`campaign_id`), new.`project_id`);
END;--> statement-breakpoint
CREATE TRIGGER `recently_viewed_campaign_look_insert` AFTER INSERT ON `recently_viewed` BEGIN
  UPDATE `campaign_outcomes` SET `viewed_at` = min(coalesce(`viewed_at`, new.`viewed_at`), new.`viewed_at`)
    WHERE `customer_id` = (SELECT `customer_id` FROM `users` WHERE `id` = new.`user_id`)
      AND `sent_at` > new.`viewed_at` - 1209600000 AND `sent_at` <= new.`viewed_at`
      AND new.`project_id` = coalesce((SELECT k.`project_id` FROM `campaigns` k WHERE k.`id` = `campaign_outcomes`.`campaign_id`), new.`project_id`);
END;--> statement-breakpoint
CREATE TRIGGER `recently_viewed_campaign_look_update` AFTER UPDATE OF `viewed_at` ON `recently_viewed` BEGIN
  UPDATE `campaign_outcomes` SET `viewed_at` = min(coalesce(`viewed_at`, new.`viewed_at`), new.`viewed_at`)
    WHERE `customer_id` = (SELECT `customer_id` FROM `users` WHERE `id` = new.`user_id`)
      AND `sent_at` > new.`viewed_at` - 1209600000 AND `sent_at` <= new.`viewed_at`
      AND new.`project_id` = coalesce((SELECT k.`project_id` FROM `campaigns` k WHERE k.`id` = `campaign_outcomes`.`campaign_id`), new.`project_id`);
END;--> statement-breakpoint
CREATE TRIGGER `daily_project_looks_campaign_look` AFTER INSERT ON `daily_project_looks` WHEN new.`kind` = 'view' BEGIN
  UPDATE `campaign_outcomes` SET `viewed_at` = min(coalesce(`viewed_at`, strftime('%s', new.`day`) * 1000), strftime('%s', new.`day`) * 1000)
    WHERE `customer_id` = (SELECT `customer_id` FROM `users` WHERE `id` = new.`user_id`)
      AND `sent_at` > strftime('%s', new.`day`) * 1000 + 86400000 - 1209600000 - 1 AND `sent_at` <= strftime('%s', new.`day`) * 1000 - 1
      AND new.`project_id` = coalesce((SELECT k.`project_id` FROM `campaigns` k WHERE k.`id` = `campaign_outcomes`.`campaign_id`), new.`project_id`);
END;--> statement-breakpoint
CREATE TRIGGER `contracts_campaign_nda_insert` AFTER INSERT ON `contracts` WHEN new.`signed_at` IS NOT NULL BEGIN
  UPDATE `campaign_outcomes` SET `signed_at` = min(coalesce(`signed_at`, new.`signed_at`), new.`signed_at`)
    WHERE `customer_id` = (SELECT `customer_id` FROM `users` WHERE `id` = new.`buyer_id`)
      AND `sent_at` > new.`signed_at` - 1209600000 AND `sent_at` <= new.`signed_at`
      AND new.`project_id` = coalesce((SELECT k.`project_id` FROM `campaigns` k WHERE k.`id` = `campaign_outcomes`.`campaign_id`), new.`project_id`);
END;--> statement-breakpoint
CREATE TRIGGER `contracts_campaign_nda_update` AFTER UPDATE OF `signed_at` ON `contracts` WHEN new.`signed_at` IS NOT NULL BEGIN
  UPDATE `campaign_outcomes` SET `signed_at` = min(coalesce(`signed_at`, new.`signed_at`), new.`signed_at`)
    WHERE `customer_id` = (SELECT `customer_id` FROM `users` WHERE `id` = new.`buyer_id`)
      AND `sent_at` > new.`signed_at` - 1209600000 AND `sent_at` <= new.`signed_at`
      AND new.`project_id` = coalesce((SELECT k.`project_id` FROM `campaigns` k WHERE k.`id` = `campaign_outcomes`.`campaign_id`), new.`project_id`);
END;--> statement-breakpoint
CREATE TRIGGER `offers_campaign_offer` AFTER INSERT ON `offers` BEGIN
  UPDATE `campaign_outcomes` SET `offered_at` = min(coalesce(`offered_at`, new.`created_at`), new.`created_at`)
    WHERE `customer_id` = (SELECT `customer_id` FROM `users` WHERE `id` = new.`buyer_id`)
      AND `sent_at` > new.`created_at` - 1209600000 AND `sent_at` <= new.`created_at`
      AND new.`project_id` = coalesce((SELECT k.`project_id` FROM `campaigns` k WHERE k.`id` = `campaign_outcomes`.`campaign_id`), new.`project_id`);
END;
