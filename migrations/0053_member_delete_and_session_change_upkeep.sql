-- Found by a review of 0048–0050 (decision 062, "Later"): a deleted member had the whole company
-- recounted, once per deleted row (deleting many members in one statement took seconds); and a changed
-- page session reread all of its project's sessions, even for a change that changed nothing.
-- A member's own records are taken off their company before the row goes (its deletion cascades to
-- them after); after it, only the last activity (an index step a member) and the communications are
-- worked out again. A changed session moves its project's last visit as an insert and a delete would.
CREATE TRIGGER `users_customer_activity_before_delete` BEFORE DELETE ON `users` WHEN old.`customer_id` IS NOT NULL BEGIN
  UPDATE `customers` SET `view_count` = `view_count` - (SELECT count(*) FROM `page_sessions` ps WHERE ps.`user_id` = old.`id` AND ps.`project_id` IS NOT NULL),
    `nda_count` = `nda_count` - (SELECT count(*) FROM `contracts` k WHERE k.`buyer_id` = old.`id`),
    `negotiation_count` = `negotiation_count` - (SELECT count(DISTINCT t.`project_id`) FROM `messages` t WHERE t.`buyer_id` = old.`id`),
    `loi_count` = `loi_count` - (SELECT count(*) FROM `offers` o WHERE o.`buyer_id` = old.`id`),
    `impression_count` = `impression_count` - old.`impression_count`
  WHERE `id` = old.`customer_id`;
END;--> statement-breakpoint
DROP TRIGGER `users_customer_activity_delete`;--> statement-breakpoint
CREATE TRIGGER `users_customer_activity_delete` AFTER DELETE ON `users` WHEN old.`customer_id` IS NOT NULL BEGIN
  UPDATE `customers` SET `last_activity_at` = (SELECT max((SELECT max(ps.`session_end`) FROM `page_sessions` ps WHERE ps.`user_id` = m.`id`)) FROM `users` m WHERE m.`customer_id` = `customers`.`id`),
    `communication_count` = (SELECT count(*) FROM `outbox` x WHERE lower(x.`recipient`) IN (
      SELECT lower(m.`email`) FROM `users` m WHERE m.`customer_id` = `customers`.`id`
      UNION SELECT lower(`customers`.`attention_email`) WHERE `customers`.`attention_email` != ''
      UNION SELECT lower(m.`phone`) FROM `users` m WHERE m.`customer_id` = `customers`.`id` AND m.`phone` != ''))
  WHERE `id` = old.`customer_id`;
END;--> statement-breakpoint
DROP TRIGGER `page_sessions_project_visit_change`;--> statement-breakpoint
CREATE TRIGGER `page_sessions_project_visit_change` AFTER UPDATE OF `project_id`, `user_id`, `session_end` ON `page_sessions`
WHEN old.`project_id` IS NOT new.`project_id` OR old.`user_id` != new.`user_id` OR old.`session_end` != new.`session_end` BEGIN
  -- the old row's project: worked out again only if the old row was (as late as) its latest
  UPDATE `projects` SET `last_buyer_visit_at` = (SELECT max(ps.`session_end`) FROM `page_sessions` ps WHERE ps.`project_id` = `projects`.`id` AND ps.`user_id` != `projects`.`seller_id`)
  WHERE `id` = old.`project_id` AND `last_buyer_visit_at` <= old.`session_end`;
  UPDATE `projects` SET `last_buyer_visit_at` = max(coalesce(`last_buyer_visit_at`, new.`session_end`), new.`session_end`)
  WHERE `id` = new.`project_id` AND `seller_id` != new.`user_id`;
END;
