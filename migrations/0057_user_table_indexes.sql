-- The admin's user table at 150,000 accounts (npm run bench:users): a text search looked for the text
-- inside every account's name, e-mail, company and phone (92-119 ms), a role filter counted by reading
-- every account's roles (22 ms), and a sort by name, company, role, state or last login sorted every
-- account for a page (24-31 ms). A trigram index finds the accounts whose fields hold the text, as
-- the customers' does (decision 060), kept by triggers; each sort has its index, each role a partial one.
CREATE INDEX `users_name_lower_idx` ON `users` (lower("name"));--> statement-breakpoint
CREATE INDEX `users_company_lower_idx` ON `users` (lower("company"));--> statement-breakpoint
CREATE INDEX `users_last_login_idx` ON `users` (`last_login_at`);--> statement-breakpoint
CREATE INDEX `users_role_order_idx` ON `users` ((case when "roles" like '%"ROLE_BUYER"%' then 1 when "roles" like '%"ROLE_SELLER"%' then 2 when "roles" like '%"ROLE_ADMIN"%' then 3 when "roles" like '%"ROLE_BROKER"%' then 4 else 5 end));--> statement-breakpoint
CREATE INDEX `users_state_order_idx` ON `users` ((case when "enabled" = 0 then 2 when "locked" = 1 then 1 else 0 end));--> statement-breakpoint
CREATE INDEX `users_buyer_created_idx` ON `users` (`created_at`) WHERE "users"."roles" like '%"ROLE_BUYER"%';--> statement-breakpoint
CREATE INDEX `users_seller_created_idx` ON `users` (`created_at`) WHERE "users"."roles" like '%"ROLE_SELLER"%';--> statement-breakpoint
CREATE INDEX `users_admin_created_idx` ON `users` (`created_at`) WHERE "users"."roles" like '%"ROLE_ADMIN"%';--> statement-breakpoint
CREATE INDEX `users_broker_created_idx` ON `users` (`created_at`) WHERE "users"."roles" like '%"ROLE_BROKER"%';--> statement-breakpoint
CREATE INDEX `users_agent_created_idx` ON `users` (`created_at`) WHERE "users"."roles" like '%"ROLE_AGENT"%';--> statement-breakpoint
CREATE VIRTUAL TABLE `users_fts` USING fts5(name, email, company, phone, tokenize='trigram');--> statement-breakpoint
INSERT INTO `users_fts` (rowid, name, email, company, phone) SELECT `id`, `name`, `email`, `company`, `phone` FROM `users`;--> statement-breakpoint
CREATE TRIGGER `users_fts_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `users_fts` (rowid, name, email, company, phone) VALUES (new.`id`, new.`name`, new.`email`, new.`company`, new.`phone`);
END;--> statement-breakpoint
CREATE TRIGGER `users_fts_update` AFTER UPDATE OF `name`, `email`, `company`, `phone` ON `users`
WHEN old.`name` != new.`name` OR old.`email` != new.`email` OR old.`company` != new.`company` OR old.`phone` != new.`phone` BEGIN
  UPDATE `users_fts` SET name = new.`name`, email = new.`email`, company = new.`company`, phone = new.`phone` WHERE rowid = new.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `users_fts_delete` AFTER DELETE ON `users` BEGIN
  DELETE FROM `users_fts` WHERE rowid = old.`id`;
END;
