-- The projects a customer's members dealt on (an NDA or an offer), counted by size band, as the
-- customer table shows and sorts them: worked out for every customer, a sort by a band took about
-- 200 ms a page at 100,000 customers. Kept on the customer (decision 061): recounted for the
-- customer concerned when a deal is made, withdrawn or moved, when a member joins, leaves or changes
-- company, and for every customer that dealt on a project whose size changes. The bands are
-- CUSTOMER_SIZE_BANDS (app/lib/customers.ts), from $0: a test compares both.
ALTER TABLE `customers` ADD `deals_up_to_5m` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `deals_5_to_10m` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `deals_10_to_25m` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `deals_25_to_50m` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `deals_50_to_100m` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `deals_100_to_300m` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `deals_300_to_500m` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `deals_above_500m` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `customers` SET (`deals_up_to_5m`, `deals_5_to_10m`, `deals_10_to_25m`, `deals_25_to_50m`, `deals_50_to_100m`, `deals_100_to_300m`, `deals_300_to_500m`, `deals_above_500m`) = (
    SELECT coalesce(sum(p.`size` >= 0 AND p.`size` < 5000000), 0),
      coalesce(sum(p.`size` >= 5000000 AND p.`size` < 10000000), 0),
      coalesce(sum(p.`size` >= 10000000 AND p.`size` < 25000000), 0),
      coalesce(sum(p.`size` >= 25000000 AND p.`size` < 50000000), 0),
      coalesce(sum(p.`size` >= 50000000 AND p.`size` < 100000000), 0),
      coalesce(sum(p.`size` >= 100000000 AND p.`size` < 300000000), 0),
      coalesce(sum(p.`size` >= 300000000 AND p.`size` < 500000000), 0),
      coalesce(sum(p.`size` >= 500000000), 0)
    FROM `projects` p WHERE p.`id` IN (
      SELECT k.`project_id` FROM `contracts` k WHERE k.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)
      UNION SELECT o.`project_id` FROM `offers` o WHERE o.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)));--> statement-breakpoint
CREATE TRIGGER `contracts_customer_bands_insert` AFTER INSERT ON `contracts` BEGIN
  UPDATE `customers` SET (`deals_up_to_5m`, `deals_5_to_10m`, `deals_10_to_25m`, `deals_25_to_50m`, `deals_50_to_100m`, `deals_100_to_300m`, `deals_300_to_500m`, `deals_above_500m`) = (
    SELECT coalesce(sum(p.`size` >= 0 AND p.`size` < 5000000), 0),
      coalesce(sum(p.`size` >= 5000000 AND p.`size` < 10000000), 0),
      coalesce(sum(p.`size` >= 10000000 AND p.`size` < 25000000), 0),
      coalesce(sum(p.`size` >= 25000000 AND p.`size` < 50000000), 0),
      coalesce(sum(p.`size` >= 50000000 AND p.`size` < 100000000), 0),
      coalesce(sum(p.`size` >= 100000000 AND p.`size` < 300000000), 0),
      coalesce(sum(p.`size` >= 300000000 AND p.`size` < 500000000), 0),
      coalesce(sum(p.`size` >= 500000000), 0)
    FROM `projects` p WHERE p.`id` IN (
      SELECT k.`project_id` FROM `contracts` k WHERE k.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)
      UNION SELECT o.`project_id` FROM `offers` o WHERE o.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)))
  WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = new.`buyer_id`);
END;--> statement-breakpoint
CREATE TRIGGER `contracts_customer_bands_delete` AFTER DELETE ON `contracts` BEGIN
  UPDATE `customers` SET (`deals_up_to_5m`, `deals_5_to_10m`, `deals_10_to_25m`, `deals_25_to_50m`, `deals_50_to_100m`, `deals_100_to_300m`, `deals_300_to_500m`, `deals_above_500m`) = (
    SELECT coalesce(sum(p.`size` >= 0 AND p.`size` < 5000000), 0),
      coalesce(sum(p.`size` >= 5000000 AND p.`size` < 10000000), 0),
      coalesce(sum(p.`size` >= 10000000 AND p.`size` < 25000000), 0),
      coalesce(sum(p.`size` >= 25000000 AND p.`size` < 50000000), 0),
      coalesce(sum(p.`size` >= 50000000 AND p.`size` < 100000000), 0),
      coalesce(sum(p.`size` >= 100000000 AND p.`size` < 300000000), 0),
      coalesce(sum(p.`size` >= 300000000 AND p.`size` < 500000000), 0),
      coalesce(sum(p.`size` >= 500000000), 0)
    FROM `projects` p WHERE p.`id` IN (
      SELECT k.`project_id` FROM `contracts` k WHERE k.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)
      UNION SELECT o.`project_id` FROM `offers` o WHERE o.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)))
  WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = old.`buyer_id`);
END;--> statement-breakpoint
CREATE TRIGGER `contracts_customer_bands_move` AFTER UPDATE OF `buyer_id`, `project_id` ON `contracts` BEGIN
  UPDATE `customers` SET (`deals_up_to_5m`, `deals_5_to_10m`, `deals_10_to_25m`, `deals_25_to_50m`, `deals_50_to_100m`, `deals_100_to_300m`, `deals_300_to_500m`, `deals_above_500m`) = (
    SELECT coalesce(sum(p.`size` >= 0 AND p.`size` < 5000000), 0),
      coalesce(sum(p.`size` >= 5000000 AND p.`size` < 10000000), 0),
      coalesce(sum(p.`size` >= 10000000 AND p.`size` < 25000000), 0),
      coalesce(sum(p.`size` >= 25000000 AND p.`size` < 50000000), 0),
      coalesce(sum(p.`size` >= 50000000 AND p.`size` < 100000000), 0),
      coalesce(sum(p.`size` >= 100000000 AND p.`size` < 300000000), 0),
      coalesce(sum(p.`size` >= 300000000 AND p.`size` < 500000000), 0),
      coalesce(sum(p.`size` >= 500000000), 0)
    FROM `projects` p WHERE p.`id` IN (
      SELECT k.`project_id` FROM `contracts` k WHERE k.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)
      UNION SELECT o.`project_id` FROM `offers` o WHERE o.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)))
  WHERE `id` IN ((SELECT `customer_id` FROM `users` WHERE `id` = old.`buyer_id`), (SELECT `customer_id` FROM `users` WHERE `id` = new.`buyer_id`));
END;--> statement-breakpoint
CREATE TRIGGER `offers_customer_bands_insert` AFTER INSERT ON `offers` BEGIN
  UPDATE `customers` SET (`deals_up_to_5m`, `deals_5_to_10m`, `deals_10_to_25m`, `deals_25_to_50m`, `deals_50_to_100m`, `deals_100_to_300m`, `deals_300_to_500m`, `deals_above_500m`) = (
    SELECT coalesce(sum(p.`size` >= 0 AND p.`size` < 5000000), 0),
      coalesce(sum(p.`size` >= 5000000 AND p.`size` < 10000000), 0),
      coalesce(sum(p.`size` >= 10000000 AND p.`size` < 25000000), 0),
      coalesce(sum(p.`size` >= 25000000 AND p.`size` < 50000000), 0),
      coalesce(sum(p.`size` >= 50000000 AND p.`size` < 100000000), 0),
      coalesce(sum(p.`size` >= 100000000 AND p.`size` < 300000000), 0),
      coalesce(sum(p.`size` >= 300000000 AND p.`size` < 500000000), 0),
      coalesce(sum(p.`size` >= 500000000), 0)
    FROM `projects` p WHERE p.`id` IN (
      SELECT k.`project_id` FROM `contracts` k WHERE k.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)
      UNION SELECT o.`project_id` FROM `offers` o WHERE o.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)))
  WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = new.`buyer_id`);
END;--> statement-breakpoint
CREATE TRIGGER `offers_customer_bands_delete` AFTER DELETE ON `offers` BEGIN
  UPDATE `customers` SET (`deals_up_to_5m`, `deals_5_to_10m`, `deals_10_to_25m`, `deals_25_to_50m`, `deals_50_to_100m`, `deals_100_to_300m`, `deals_300_to_500m`, `deals_above_500m`) = (
    SELECT coalesce(sum(p.`size` >= 0 AND p.`size` < 5000000), 0),
      coalesce(sum(p.`size` >= 5000000 AND p.`size` < 10000000), 0),
      coalesce(sum(p.`size` >= 10000000 AND p.`size` < 25000000), 0),
      coalesce(sum(p.`size` >= 25000000 AND p.`size` < 50000000), 0),
      coalesce(sum(p.`size` >= 50000000 AND p.`size` < 100000000), 0),
      coalesce(sum(p.`size` >= 100000000 AND p.`size` < 300000000), 0),
      coalesce(sum(p.`size` >= 300000000 AND p.`size` < 500000000), 0),
      coalesce(sum(p.`size` >= 500000000), 0)
    FROM `projects` p WHERE p.`id` IN (
      SELECT k.`project_id` FROM `contracts` k WHERE k.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)
      UNION SELECT o.`project_id` FROM `offers` o WHERE o.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)))
  WHERE `id` = (SELECT `customer_id` FROM `users` WHERE `id` = old.`buyer_id`);
END;--> statement-breakpoint
CREATE TRIGGER `offers_customer_bands_move` AFTER UPDATE OF `buyer_id`, `project_id` ON `offers` BEGIN
  UPDATE `customers` SET (`deals_up_to_5m`, `deals_5_to_10m`, `deals_10_to_25m`, `deals_25_to_50m`, `deals_50_to_100m`, `deals_100_to_300m`, `deals_300_to_500m`, `deals_above_500m`) = (
    SELECT coalesce(sum(p.`size` >= 0 AND p.`size` < 5000000), 0),
      coalesce(sum(p.`size` >= 5000000 AND p.`size` < 10000000), 0),
      coalesce(sum(p.`size` >= 10000000 AND p.`size` < 25000000), 0),
      coalesce(sum(p.`size` >= 25000000 AND p.`size` < 50000000), 0),
      coalesce(sum(p.`size` >= 50000000 AND p.`size` < 100000000), 0),
      coalesce(sum(p.`size` >= 100000000 AND p.`size` < 300000000), 0),
      coalesce(sum(p.`size` >= 300000000 AND p.`size` < 500000000), 0),
      coalesce(sum(p.`size` >= 500000000), 0)
    FROM `projects` p WHERE p.`id` IN (
      SELECT k.`project_id` FROM `contracts` k WHERE k.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)
      UNION SELECT o.`project_id` FROM `offers` o WHERE o.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)))
  WHERE `id` IN ((SELECT `customer_id` FROM `users` WHERE `id` = old.`buyer_id`), (SELECT `customer_id` FROM `users` WHERE `id` = new.`buyer_id`));
END;--> statement-breakpoint
CREATE TRIGGER `projects_customer_bands_size` AFTER UPDATE OF `size` ON `projects` WHEN old.`size` IS NOT new.`size` BEGIN
  UPDATE `customers` SET (`deals_up_to_5m`, `deals_5_to_10m`, `deals_10_to_25m`, `deals_25_to_50m`, `deals_50_to_100m`, `deals_100_to_300m`, `deals_300_to_500m`, `deals_above_500m`) = (
    SELECT coalesce(sum(p.`size` >= 0 AND p.`size` < 5000000), 0),
      coalesce(sum(p.`size` >= 5000000 AND p.`size` < 10000000), 0),
      coalesce(sum(p.`size` >= 10000000 AND p.`size` < 25000000), 0),
      coalesce(sum(p.`size` >= 25000000 AND p.`size` < 50000000), 0),
      coalesce(sum(p.`size` >= 50000000 AND p.`size` < 100000000), 0),
      coalesce(sum(p.`size` >= 100000000 AND p.`size` < 300000000), 0),
      coalesce(sum(p.`size` >= 300000000 AND p.`size` < 500000000), 0),
      coalesce(sum(p.`size` >= 500000000), 0)
    FROM `projects` p WHERE p.`id` IN (
      SELECT k.`project_id` FROM `contracts` k WHERE k.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)
      UNION SELECT o.`project_id` FROM `offers` o WHERE o.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)))
  WHERE `id` IN (SELECT u.`customer_id` FROM `users` u WHERE u.`id` IN (
    SELECT k.`buyer_id` FROM `contracts` k WHERE k.`project_id` = new.`id` UNION SELECT o.`buyer_id` FROM `offers` o WHERE o.`project_id` = new.`id`));
END;--> statement-breakpoint
CREATE TRIGGER `users_customer_bands_move` AFTER UPDATE OF `customer_id` ON `users` WHEN old.`customer_id` IS NOT new.`customer_id` BEGIN
  UPDATE `customers` SET (`deals_up_to_5m`, `deals_5_to_10m`, `deals_10_to_25m`, `deals_25_to_50m`, `deals_50_to_100m`, `deals_100_to_300m`, `deals_300_to_500m`, `deals_above_500m`) = (
    SELECT coalesce(sum(p.`size` >= 0 AND p.`size` < 5000000), 0),
      coalesce(sum(p.`size` >= 5000000 AND p.`size` < 10000000), 0),
      coalesce(sum(p.`size` >= 10000000 AND p.`size` < 25000000), 0),
      coalesce(sum(p.`size` >= 25000000 AND p.`size` < 50000000), 0),
      coalesce(sum(p.`size` >= 50000000 AND p.`size` < 100000000), 0),
      coalesce(sum(p.`size` >= 100000000 AND p.`size` < 300000000), 0),
      coalesce(sum(p.`size` >= 300000000 AND p.`size` < 500000000), 0),
      coalesce(sum(p.`size` >= 500000000), 0)
    FROM `projects` p WHERE p.`id` IN (
      SELECT k.`project_id` FROM `contracts` k WHERE k.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)
      UNION SELECT o.`project_id` FROM `offers` o WHERE o.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)))
  WHERE `id` IN (old.`customer_id`, new.`customer_id`);
END;--> statement-breakpoint
CREATE TRIGGER `users_customer_bands_delete` AFTER DELETE ON `users` WHEN old.`customer_id` IS NOT NULL BEGIN
  UPDATE `customers` SET (`deals_up_to_5m`, `deals_5_to_10m`, `deals_10_to_25m`, `deals_25_to_50m`, `deals_50_to_100m`, `deals_100_to_300m`, `deals_300_to_500m`, `deals_above_500m`) = (
    SELECT coalesce(sum(p.`size` >= 0 AND p.`size` < 5000000), 0),
      coalesce(sum(p.`size` >= 5000000 AND p.`size` < 10000000), 0),
      coalesce(sum(p.`size` >= 10000000 AND p.`size` < 25000000), 0),
      coalesce(sum(p.`size` >= 25000000 AND p.`size` < 50000000), 0),
      coalesce(sum(p.`size` >= 50000000 AND p.`size` < 100000000), 0),
      coalesce(sum(p.`size` >= 100000000 AND p.`size` < 300000000), 0),
      coalesce(sum(p.`size` >= 300000000 AND p.`size` < 500000000), 0),
      coalesce(sum(p.`size` >= 500000000), 0)
    FROM `projects` p WHERE p.`id` IN (
      SELECT k.`project_id` FROM `contracts` k WHERE k.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)
      UNION SELECT o.`project_id` FROM `offers` o WHERE o.`buyer_id` IN (SELECT m.`id` FROM `users` m WHERE m.`customer_id` = `customers`.`id`)))
  WHERE `id` = old.`customer_id`;
END;--> statement-breakpoint
CREATE INDEX `customers_deals_up_to_5m_idx` ON `customers` (`deals_up_to_5m`,`id`);--> statement-breakpoint
CREATE INDEX `customers_deals_5_to_10m_idx` ON `customers` (`deals_5_to_10m`,`id`);--> statement-breakpoint
CREATE INDEX `customers_deals_10_to_25m_idx` ON `customers` (`deals_10_to_25m`,`id`);--> statement-breakpoint
CREATE INDEX `customers_deals_25_to_50m_idx` ON `customers` (`deals_25_to_50m`,`id`);--> statement-breakpoint
CREATE INDEX `customers_deals_50_to_100m_idx` ON `customers` (`deals_50_to_100m`,`id`);--> statement-breakpoint
CREATE INDEX `customers_deals_100_to_300m_idx` ON `customers` (`deals_100_to_300m`,`id`);--> statement-breakpoint
CREATE INDEX `customers_deals_300_to_500m_idx` ON `customers` (`deals_300_to_500m`,`id`);--> statement-breakpoint
CREATE INDEX `customers_deals_above_500m_idx` ON `customers` (`deals_above_500m`,`id`);
