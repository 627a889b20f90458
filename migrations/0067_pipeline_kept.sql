CREATE TABLE `project_pipeline` (
	`project_id` integer NOT NULL,
	`buyer_id` integer NOT NULL,
	`last_activity_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `buyer_id`)
);
--> statement-breakpoint
CREATE INDEX `project_pipeline_rank_idx` ON `project_pipeline` (`project_id`,"last_activity_at" desc,`buyer_id`);--> statement-breakpoint
-- Each (project, buyer) of the pipeline and their latest activity, kept (decision 077): the desk read every
-- look, NDA, message, offer and pass of a project to rank its buyers (30 ms for 2,000 buyers, 3,000 records).
-- Every trigger works the pair out again from its records (a few seeks by their (project, buyer) indexes),
-- removing it when none is left: one rule for every write, where increments would each need their own.
INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
  SELECT project_id, buyer_id, max(at) FROM (
    SELECT rv.`project_id`, rv.`user_id` AS buyer_id, rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id`
    UNION ALL SELECT c.`project_id`, c.`buyer_id`, max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c
    UNION ALL SELECT m.`project_id`, m.`buyer_id`, max(m.`created_at`) FROM `messages` m GROUP BY m.`project_id`, m.`buyer_id`
    UNION ALL SELECT o.`project_id`, o.`buyer_id`, max(o.`created_at`, o.`updated_at`) FROM `offers` o
    UNION ALL SELECT f.`project_id`, f.`buyer_id`, f.`created_at` FROM `feedback` f
  ) GROUP BY project_id, buyer_id;
--> statement-breakpoint
CREATE TRIGGER `recently_viewed_pipeline_insert` AFTER INSERT ON `recently_viewed` BEGIN
  DELETE FROM `project_pipeline` WHERE `project_id` = new.`project_id` AND `buyer_id` = new.`user_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT new.`project_id`, new.`user_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = new.`user_id` AND rv.`project_id` = new.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = new.`project_id` AND c.`buyer_id` = new.`user_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = new.`project_id` AND m.`buyer_id` = new.`user_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = new.`project_id` AND o.`buyer_id` = new.`user_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = new.`project_id` AND f.`buyer_id` = new.`user_id`
    )) WHERE at IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `recently_viewed_pipeline_change` AFTER UPDATE OF `project_id`, `user_id`, `viewed_at` ON `recently_viewed` BEGIN
  DELETE FROM `project_pipeline` WHERE `project_id` = old.`project_id` AND `buyer_id` = old.`user_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT old.`project_id`, old.`user_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = old.`user_id` AND rv.`project_id` = old.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = old.`project_id` AND c.`buyer_id` = old.`user_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = old.`project_id` AND m.`buyer_id` = old.`user_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = old.`project_id` AND o.`buyer_id` = old.`user_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = old.`project_id` AND f.`buyer_id` = old.`user_id`
    )) WHERE at IS NOT NULL;
  DELETE FROM `project_pipeline` WHERE `project_id` = new.`project_id` AND `buyer_id` = new.`user_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT new.`project_id`, new.`user_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = new.`user_id` AND rv.`project_id` = new.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = new.`project_id` AND c.`buyer_id` = new.`user_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = new.`project_id` AND m.`buyer_id` = new.`user_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = new.`project_id` AND o.`buyer_id` = new.`user_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = new.`project_id` AND f.`buyer_id` = new.`user_id`
    )) WHERE at IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `recently_viewed_pipeline_delete` AFTER DELETE ON `recently_viewed` BEGIN
  DELETE FROM `project_pipeline` WHERE `project_id` = old.`project_id` AND `buyer_id` = old.`user_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT old.`project_id`, old.`user_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = old.`user_id` AND rv.`project_id` = old.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = old.`project_id` AND c.`buyer_id` = old.`user_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = old.`project_id` AND m.`buyer_id` = old.`user_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = old.`project_id` AND o.`buyer_id` = old.`user_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = old.`project_id` AND f.`buyer_id` = old.`user_id`
    )) WHERE at IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `contracts_pipeline_insert` AFTER INSERT ON `contracts` BEGIN
  DELETE FROM `project_pipeline` WHERE `project_id` = new.`project_id` AND `buyer_id` = new.`buyer_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT new.`project_id`, new.`buyer_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = new.`buyer_id` AND rv.`project_id` = new.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = new.`project_id` AND c.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = new.`project_id` AND m.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = new.`project_id` AND o.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = new.`project_id` AND f.`buyer_id` = new.`buyer_id`
    )) WHERE at IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `contracts_pipeline_change` AFTER UPDATE OF `project_id`, `buyer_id`, `requested_at`, `signed_at`, `decided_at`, `nda_status` ON `contracts` BEGIN
  DELETE FROM `project_pipeline` WHERE `project_id` = old.`project_id` AND `buyer_id` = old.`buyer_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT old.`project_id`, old.`buyer_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = old.`buyer_id` AND rv.`project_id` = old.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = old.`project_id` AND c.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = old.`project_id` AND m.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = old.`project_id` AND o.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = old.`project_id` AND f.`buyer_id` = old.`buyer_id`
    )) WHERE at IS NOT NULL;
  DELETE FROM `project_pipeline` WHERE `project_id` = new.`project_id` AND `buyer_id` = new.`buyer_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT new.`project_id`, new.`buyer_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = new.`buyer_id` AND rv.`project_id` = new.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = new.`project_id` AND c.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = new.`project_id` AND m.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = new.`project_id` AND o.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = new.`project_id` AND f.`buyer_id` = new.`buyer_id`
    )) WHERE at IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `contracts_pipeline_delete` AFTER DELETE ON `contracts` BEGIN
  DELETE FROM `project_pipeline` WHERE `project_id` = old.`project_id` AND `buyer_id` = old.`buyer_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT old.`project_id`, old.`buyer_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = old.`buyer_id` AND rv.`project_id` = old.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = old.`project_id` AND c.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = old.`project_id` AND m.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = old.`project_id` AND o.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = old.`project_id` AND f.`buyer_id` = old.`buyer_id`
    )) WHERE at IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_pipeline_insert` AFTER INSERT ON `messages` BEGIN
  DELETE FROM `project_pipeline` WHERE `project_id` = new.`project_id` AND `buyer_id` = new.`buyer_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT new.`project_id`, new.`buyer_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = new.`buyer_id` AND rv.`project_id` = new.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = new.`project_id` AND c.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = new.`project_id` AND m.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = new.`project_id` AND o.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = new.`project_id` AND f.`buyer_id` = new.`buyer_id`
    )) WHERE at IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_pipeline_change` AFTER UPDATE OF `project_id`, `buyer_id`, `created_at` ON `messages` BEGIN
  DELETE FROM `project_pipeline` WHERE `project_id` = old.`project_id` AND `buyer_id` = old.`buyer_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT old.`project_id`, old.`buyer_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = old.`buyer_id` AND rv.`project_id` = old.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = old.`project_id` AND c.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = old.`project_id` AND m.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = old.`project_id` AND o.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = old.`project_id` AND f.`buyer_id` = old.`buyer_id`
    )) WHERE at IS NOT NULL;
  DELETE FROM `project_pipeline` WHERE `project_id` = new.`project_id` AND `buyer_id` = new.`buyer_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT new.`project_id`, new.`buyer_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = new.`buyer_id` AND rv.`project_id` = new.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = new.`project_id` AND c.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = new.`project_id` AND m.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = new.`project_id` AND o.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = new.`project_id` AND f.`buyer_id` = new.`buyer_id`
    )) WHERE at IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_pipeline_delete` AFTER DELETE ON `messages` BEGIN
  DELETE FROM `project_pipeline` WHERE `project_id` = old.`project_id` AND `buyer_id` = old.`buyer_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT old.`project_id`, old.`buyer_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = old.`buyer_id` AND rv.`project_id` = old.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = old.`project_id` AND c.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = old.`project_id` AND m.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = old.`project_id` AND o.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = old.`project_id` AND f.`buyer_id` = old.`buyer_id`
    )) WHERE at IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `offers_pipeline_insert` AFTER INSERT ON `offers` BEGIN
  DELETE FROM `project_pipeline` WHERE `project_id` = new.`project_id` AND `buyer_id` = new.`buyer_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT new.`project_id`, new.`buyer_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = new.`buyer_id` AND rv.`project_id` = new.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = new.`project_id` AND c.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = new.`project_id` AND m.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = new.`project_id` AND o.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = new.`project_id` AND f.`buyer_id` = new.`buyer_id`
    )) WHERE at IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `offers_pipeline_change` AFTER UPDATE OF `project_id`, `buyer_id`, `created_at`, `updated_at` ON `offers` BEGIN
  DELETE FROM `project_pipeline` WHERE `project_id` = old.`project_id` AND `buyer_id` = old.`buyer_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT old.`project_id`, old.`buyer_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = old.`buyer_id` AND rv.`project_id` = old.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = old.`project_id` AND c.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = old.`project_id` AND m.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = old.`project_id` AND o.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = old.`project_id` AND f.`buyer_id` = old.`buyer_id`
    )) WHERE at IS NOT NULL;
  DELETE FROM `project_pipeline` WHERE `project_id` = new.`project_id` AND `buyer_id` = new.`buyer_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT new.`project_id`, new.`buyer_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = new.`buyer_id` AND rv.`project_id` = new.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = new.`project_id` AND c.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = new.`project_id` AND m.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = new.`project_id` AND o.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = new.`project_id` AND f.`buyer_id` = new.`buyer_id`
    )) WHERE at IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `offers_pipeline_delete` AFTER DELETE ON `offers` BEGIN
  DELETE FROM `project_pipeline` WHERE `project_id` = old.`project_id` AND `buyer_id` = old.`buyer_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT old.`project_id`, old.`buyer_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = old.`buyer_id` AND rv.`project_id` = old.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = old.`project_id` AND c.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = old.`project_id` AND m.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = old.`project_id` AND o.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = old.`project_id` AND f.`buyer_id` = old.`buyer_id`
    )) WHERE at IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `feedback_pipeline_insert` AFTER INSERT ON `feedback` BEGIN
  DELETE FROM `project_pipeline` WHERE `project_id` = new.`project_id` AND `buyer_id` = new.`buyer_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT new.`project_id`, new.`buyer_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = new.`buyer_id` AND rv.`project_id` = new.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = new.`project_id` AND c.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = new.`project_id` AND m.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = new.`project_id` AND o.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = new.`project_id` AND f.`buyer_id` = new.`buyer_id`
    )) WHERE at IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `feedback_pipeline_change` AFTER UPDATE OF `project_id`, `buyer_id`, `created_at` ON `feedback` BEGIN
  DELETE FROM `project_pipeline` WHERE `project_id` = old.`project_id` AND `buyer_id` = old.`buyer_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT old.`project_id`, old.`buyer_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = old.`buyer_id` AND rv.`project_id` = old.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = old.`project_id` AND c.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = old.`project_id` AND m.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = old.`project_id` AND o.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = old.`project_id` AND f.`buyer_id` = old.`buyer_id`
    )) WHERE at IS NOT NULL;
  DELETE FROM `project_pipeline` WHERE `project_id` = new.`project_id` AND `buyer_id` = new.`buyer_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT new.`project_id`, new.`buyer_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = new.`buyer_id` AND rv.`project_id` = new.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = new.`project_id` AND c.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = new.`project_id` AND m.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = new.`project_id` AND o.`buyer_id` = new.`buyer_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = new.`project_id` AND f.`buyer_id` = new.`buyer_id`
    )) WHERE at IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `feedback_pipeline_delete` AFTER DELETE ON `feedback` BEGIN
  DELETE FROM `project_pipeline` WHERE `project_id` = old.`project_id` AND `buyer_id` = old.`buyer_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT old.`project_id`, old.`buyer_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = old.`buyer_id` AND rv.`project_id` = old.`project_id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = old.`project_id` AND c.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = old.`project_id` AND m.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = old.`project_id` AND o.`buyer_id` = old.`buyer_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = old.`project_id` AND f.`buyer_id` = old.`buyer_id`
    )) WHERE at IS NOT NULL;
END;
--> statement-breakpoint
-- a seller's own look is no interest: a project given to another seller counts the old one's look and no longer the new one's
CREATE TRIGGER `projects_pipeline_seller` AFTER UPDATE OF `seller_id` ON `projects` WHEN old.`seller_id` != new.`seller_id` BEGIN
  DELETE FROM `project_pipeline` WHERE `project_id` = new.`id` AND `buyer_id` = old.`seller_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT new.`id`, old.`seller_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = old.`seller_id` AND rv.`project_id` = new.`id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = new.`id` AND c.`buyer_id` = old.`seller_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = new.`id` AND m.`buyer_id` = old.`seller_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = new.`id` AND o.`buyer_id` = old.`seller_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = new.`id` AND f.`buyer_id` = old.`seller_id`
    )) WHERE at IS NOT NULL;
  DELETE FROM `project_pipeline` WHERE `project_id` = new.`id` AND `buyer_id` = new.`seller_id`;
  INSERT INTO `project_pipeline` (`project_id`, `buyer_id`, `last_activity_at`)
    SELECT new.`id`, new.`seller_id`, at FROM (SELECT max(at) AS at FROM (
      SELECT rv.`viewed_at` AS at FROM `recently_viewed` rv JOIN `projects` p ON p.`id` = rv.`project_id` AND p.`seller_id` != rv.`user_id` WHERE rv.`user_id` = new.`seller_id` AND rv.`project_id` = new.`id`
      UNION ALL SELECT max(c.`requested_at`, coalesce(c.`signed_at`, c.`requested_at`), coalesce(CASE WHEN c.`nda_status` = 'NDA Approved' THEN coalesce(c.`decided_at`, c.`signed_at`) END, c.`requested_at`)) FROM `contracts` c WHERE c.`project_id` = new.`id` AND c.`buyer_id` = new.`seller_id`
      UNION ALL SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = new.`id` AND m.`buyer_id` = new.`seller_id`
      UNION ALL SELECT max(o.`created_at`, o.`updated_at`) FROM `offers` o WHERE o.`project_id` = new.`id` AND o.`buyer_id` = new.`seller_id`
      UNION ALL SELECT f.`created_at` FROM `feedback` f WHERE f.`project_id` = new.`id` AND f.`buyer_id` = new.`seller_id`
    )) WHERE at IS NOT NULL;
END;
