-- Contact messages stored before the inbound funnel move into it, so admins keep seeing them
-- (handled ones as "contacted"); the old table is kept and no longer written.
INSERT INTO `inbound_items` (`kind`, `status`, `name`, `email`, `company`, `phone`, `message`, `user_id`, `created_at`)
SELECT 'contact', CASE WHEN `handled` THEN 'contacted' ELSE 'new' END, `name`, `email`, `company`, `phone`, `message`, `user_id`, `created_at`
FROM `contact_messages`;
