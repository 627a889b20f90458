-- The outbox purge runs every minute and read every row to find the bodies due to be blanked (100-190 ms
-- at 340,000 rows): a partial index of the bodies still kept, by when the message settled, is a short range.
CREATE INDEX `outbox_body_kept_idx` ON `outbox` ((case when "sent_at" is null then "created_at" else "sent_at" end)) WHERE "outbox"."body" <> '';