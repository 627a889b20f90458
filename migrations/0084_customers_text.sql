-- The admin's customer table at 100,000 customers: a text shorter than a trigram ("zq", "le", "e") was looked for in
-- each of a customer's seven fields through the trigram index's virtual table, for the page and again for its count
-- (165-242 ms). Each customer's fields as customers_fts holds them (migration 0045: its own six, then its members'
-- e-mails and names) are kept as one text, joined by char(31) as the members' already are, which a short text is never
-- looked for with (decision 102), and that narrow copy is read instead: one value, one LIKE. Kept by triggers on the
-- customers and on their members, as customers_fts is; not an index on an expression (decision 099: SQLite took one
-- for every count(*)), and the members' part cannot be one.
CREATE TABLE `customers_text` (
	`id` integer PRIMARY KEY NOT NULL,
	`text` text NOT NULL
);--> statement-breakpoint
INSERT INTO `customers_text` (`id`, `text`)
  SELECT c.`id`, c.`name` || char(31) || c.`contact_person` || char(31) || c.`attention_email` || char(31) || c.`website` || char(31) || c.`headquarters` || char(31) || c.`comments` || char(31) || coalesce((SELECT group_concat(m.`email` || char(31) || m.`name`, char(31)) FROM `users` m WHERE m.`customer_id` = c.`id`), '') FROM `customers` c;--> statement-breakpoint
CREATE TRIGGER `customers_text_insert` AFTER INSERT ON `customers` BEGIN
  INSERT INTO `customers_text` (`id`, `text`) SELECT c.`id`, c.`name` || char(31) || c.`contact_person` || char(31) || c.`attention_email` || char(31) || c.`website` || char(31) || c.`headquarters` || char(31) || c.`comments` || char(31) || coalesce((SELECT group_concat(m.`email` || char(31) || m.`name`, char(31)) FROM `users` m WHERE m.`customer_id` = c.`id`), '') FROM `customers` c WHERE c.`id` = new.`id`
    ON CONFLICT (`id`) DO UPDATE SET `text` = excluded.`text`;
END;--> statement-breakpoint
CREATE TRIGGER `customers_text_update` AFTER UPDATE OF `name`, `contact_person`, `attention_email`, `website`, `headquarters`, `comments` ON `customers` BEGIN
  INSERT INTO `customers_text` (`id`, `text`) SELECT c.`id`, c.`name` || char(31) || c.`contact_person` || char(31) || c.`attention_email` || char(31) || c.`website` || char(31) || c.`headquarters` || char(31) || c.`comments` || char(31) || coalesce((SELECT group_concat(m.`email` || char(31) || m.`name`, char(31)) FROM `users` m WHERE m.`customer_id` = c.`id`), '') FROM `customers` c WHERE c.`id` = new.`id`
    ON CONFLICT (`id`) DO UPDATE SET `text` = excluded.`text`;
END;--> statement-breakpoint
CREATE TRIGGER `customers_text_delete` AFTER DELETE ON `customers` BEGIN
  DELETE FROM `customers_text` WHERE `id` = old.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `users_customers_text_insert` AFTER INSERT ON `users` WHEN new.`customer_id` IS NOT NULL BEGIN
  INSERT INTO `customers_text` (`id`, `text`) SELECT c.`id`, c.`name` || char(31) || c.`contact_person` || char(31) || c.`attention_email` || char(31) || c.`website` || char(31) || c.`headquarters` || char(31) || c.`comments` || char(31) || coalesce((SELECT group_concat(m.`email` || char(31) || m.`name`, char(31)) FROM `users` m WHERE m.`customer_id` = c.`id`), '') FROM `customers` c WHERE c.`id` = new.`customer_id`
    ON CONFLICT (`id`) DO UPDATE SET `text` = excluded.`text`;
END;--> statement-breakpoint
CREATE TRIGGER `users_customers_text_update` AFTER UPDATE OF `email`, `name`, `customer_id` ON `users`
WHEN old.`customer_id` IS NOT new.`customer_id` OR old.`email` != new.`email` OR old.`name` != new.`name` BEGIN
  INSERT INTO `customers_text` (`id`, `text`) SELECT c.`id`, c.`name` || char(31) || c.`contact_person` || char(31) || c.`attention_email` || char(31) || c.`website` || char(31) || c.`headquarters` || char(31) || c.`comments` || char(31) || coalesce((SELECT group_concat(m.`email` || char(31) || m.`name`, char(31)) FROM `users` m WHERE m.`customer_id` = c.`id`), '') FROM `customers` c WHERE c.`id` = old.`customer_id`
    ON CONFLICT (`id`) DO UPDATE SET `text` = excluded.`text`;
  INSERT INTO `customers_text` (`id`, `text`) SELECT c.`id`, c.`name` || char(31) || c.`contact_person` || char(31) || c.`attention_email` || char(31) || c.`website` || char(31) || c.`headquarters` || char(31) || c.`comments` || char(31) || coalesce((SELECT group_concat(m.`email` || char(31) || m.`name`, char(31)) FROM `users` m WHERE m.`customer_id` = c.`id`), '') FROM `customers` c WHERE c.`id` = new.`customer_id`
    ON CONFLICT (`id`) DO UPDATE SET `text` = excluded.`text`;
END;--> statement-breakpoint
CREATE TRIGGER `users_customers_text_delete` AFTER DELETE ON `users` WHEN old.`customer_id` IS NOT NULL BEGIN
  INSERT INTO `customers_text` (`id`, `text`) SELECT c.`id`, c.`name` || char(31) || c.`contact_person` || char(31) || c.`attention_email` || char(31) || c.`website` || char(31) || c.`headquarters` || char(31) || c.`comments` || char(31) || coalesce((SELECT group_concat(m.`email` || char(31) || m.`name`, char(31)) FROM `users` m WHERE m.`customer_id` = c.`id`), '') FROM `customers` c WHERE c.`id` = old.`customer_id`
    ON CONFLICT (`id`) DO UPDATE SET `text` = excluded.`text`;
END;
