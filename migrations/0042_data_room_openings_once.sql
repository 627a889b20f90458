-- A buyer's opening of a data room is stored after the answer, through the writes queue (decision
-- 056), and a Queue may deliver a batch twice. Its copy is the same member, room and millisecond:
-- one row each, the copies already stored removed first (decision 057). A document's own view whose
-- document was deleted also has no document (set null): the room's name tells an opening apart.
DELETE FROM `document_events` WHERE `action` = 'view' AND `document_id` IS NULL AND `document_name` = 'Data room' AND `id` NOT IN (
  SELECT min(`id`) FROM `document_events` WHERE `action` = 'view' AND `document_id` IS NULL AND `document_name` = 'Data room' GROUP BY `project_id`, `user_id`, `created_at`
);--> statement-breakpoint
CREATE UNIQUE INDEX `document_events_room_opening_idx` ON `document_events` (`project_id`,`user_id`,`created_at`) WHERE "document_events"."action" = 'view' and "document_events"."document_id" is null and "document_events"."document_name" = 'Data room';
