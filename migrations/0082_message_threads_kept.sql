-- A project's negotiation threads, one row each with its message count and latest message time, kept
-- by triggers on messages (decision 098): the desk lists a project's threads latest first, and
-- worked out from the messages it grouped every message of the project (6,483 on the busiest, about
-- 1.2 ms a visit) to show 50.
CREATE TABLE `message_threads` (
	`project_id` integer NOT NULL,
	`buyer_id` integer NOT NULL,
	`message_count` integer NOT NULL,
	`last_at` integer NOT NULL,
	PRIMARY KEY(`project_id`, `buyer_id`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_threads_latest_idx` ON `message_threads` (`project_id`,"last_at" desc,`buyer_id`);--> statement-breakpoint
INSERT INTO `message_threads` (`project_id`, `buyer_id`, `message_count`, `last_at`)
  SELECT `project_id`, `buyer_id`, count(*), max(`created_at`) FROM `messages` GROUP BY `project_id`, `buyer_id`;--> statement-breakpoint
CREATE TRIGGER `messages_thread_kept_insert` AFTER INSERT ON `messages` BEGIN
  INSERT INTO `message_threads` (`project_id`, `buyer_id`, `message_count`, `last_at`) VALUES (new.`project_id`, new.`buyer_id`, 1, new.`created_at`)
    ON CONFLICT (`project_id`, `buyer_id`) DO UPDATE SET `message_count` = `message_count` + 1, `last_at` = max(`last_at`, excluded.`last_at`);
END;--> statement-breakpoint
-- the thread's latest deleted (an account or project erased): the one before it, from the thread's index;
-- its last message deleted: the thread with it
CREATE TRIGGER `messages_thread_kept_delete` AFTER DELETE ON `messages` BEGIN
  UPDATE `message_threads` SET `message_count` = `message_count` - 1,
    `last_at` = CASE WHEN `last_at` > old.`created_at` THEN `last_at`
      ELSE coalesce((SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = old.`project_id` AND m.`buyer_id` = old.`buyer_id`), `last_at`) END
    WHERE `project_id` = old.`project_id` AND `buyer_id` = old.`buyer_id`;
  DELETE FROM `message_threads` WHERE `project_id` = old.`project_id` AND `buyer_id` = old.`buyer_id` AND `message_count` <= 0;
END;--> statement-breakpoint
-- nothing in the product moves or redates a message, but should a statement do it, both threads are worked out again
CREATE TRIGGER `messages_thread_kept_change` AFTER UPDATE OF `project_id`, `buyer_id`, `created_at` ON `messages` BEGIN
  UPDATE `message_threads` SET
    `message_count` = (SELECT count(*) FROM `messages` m WHERE m.`project_id` = old.`project_id` AND m.`buyer_id` = old.`buyer_id`),
    `last_at` = coalesce((SELECT max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = old.`project_id` AND m.`buyer_id` = old.`buyer_id`), `last_at`)
    WHERE `project_id` = old.`project_id` AND `buyer_id` = old.`buyer_id`;
  DELETE FROM `message_threads` WHERE `project_id` = old.`project_id` AND `buyer_id` = old.`buyer_id` AND `message_count` <= 0;
  INSERT INTO `message_threads` (`project_id`, `buyer_id`, `message_count`, `last_at`)
    SELECT new.`project_id`, new.`buyer_id`, count(*), max(m.`created_at`) FROM `messages` m WHERE m.`project_id` = new.`project_id` AND m.`buyer_id` = new.`buyer_id`
    ON CONFLICT (`project_id`, `buyer_id`) DO UPDATE SET `message_count` = excluded.`message_count`, `last_at` = excluded.`last_at`;
END;
