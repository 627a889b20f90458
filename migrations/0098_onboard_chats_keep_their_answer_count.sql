ALTER TABLE `onboard_chats` ADD `answered` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `onboard_chats` ADD `last_answer_at` text;--> statement-breakpoint
-- Hand-written: each step's last turn counts once, unless it was skipped (lib/onboarding answeredCount);
-- the last turn's time is the transcript's last entry's. Kept on every write of the transcript, so the
-- admin's list of chats reads two columns, not every transcript. One pass over the transcript (a window,
-- not a subquery a turn): a member may add turns without end, and each write counts them all.
CREATE TRIGGER `onboard_chats_answered_insert` AFTER INSERT ON `onboard_chats` BEGIN
  UPDATE `onboard_chats` SET
    `answered` = (SELECT count(*) FROM (
        SELECT json_extract(e.`value`, '$.skipped') AS `skipped`,
          row_number() OVER (PARTITION BY json_extract(e.`value`, '$.step') ORDER BY e.`key` DESC) AS `latest`
        FROM json_each(new.`transcript`) e WHERE json_extract(e.`value`, '$.step') IS NOT NULL)
      WHERE `latest` = 1 AND coalesce(`skipped`, 0) = 0),
    `last_answer_at` = CASE WHEN json_array_length(new.`transcript`) > 0 THEN json_extract(new.`transcript`, '$[' || (json_array_length(new.`transcript`) - 1) || '].at') END
  WHERE `id` = new.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `onboard_chats_answered_update` AFTER UPDATE OF `transcript` ON `onboard_chats` BEGIN
  UPDATE `onboard_chats` SET
    `answered` = (SELECT count(*) FROM (
        SELECT json_extract(e.`value`, '$.skipped') AS `skipped`,
          row_number() OVER (PARTITION BY json_extract(e.`value`, '$.step') ORDER BY e.`key` DESC) AS `latest`
        FROM json_each(new.`transcript`) e WHERE json_extract(e.`value`, '$.step') IS NOT NULL)
      WHERE `latest` = 1 AND coalesce(`skipped`, 0) = 0),
    `last_answer_at` = CASE WHEN json_array_length(new.`transcript`) > 0 THEN json_extract(new.`transcript`, '$[' || (json_array_length(new.`transcript`) - 1) || '].at') END
  WHERE `id` = new.`id`;
END;--> statement-breakpoint
-- the chats already there: written once more as they are, so the trigger counts them
UPDATE `onboard_chats` SET `transcript` = `transcript`;
