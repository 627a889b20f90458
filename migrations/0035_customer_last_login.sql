-- A customer's latest sign-in of any member, stored on the customer so that the customer table's
-- default order walks an index instead of working out max(last_login_at) for every customer
-- (135 ms a page at 100,000 customers). Triggers keep it: drizzle-kit generated the column and
-- its index; the backfill and the triggers are written by hand.
ALTER TABLE `customers` ADD `last_login_at` integer;--> statement-breakpoint
CREATE INDEX `customers_last_login_idx` ON `customers` (`last_login_at`);--> statement-breakpoint
UPDATE `customers` SET `last_login_at` = (SELECT max(u.last_login_at) FROM users u WHERE u.customer_id = customers.id);
--> statement-breakpoint
CREATE TRIGGER `users_last_login_insert` AFTER INSERT ON `users` WHEN new.customer_id IS NOT NULL BEGIN
	UPDATE customers SET last_login_at = (SELECT max(u.last_login_at) FROM users u WHERE u.customer_id = new.customer_id) WHERE id = new.customer_id;
END;
--> statement-breakpoint
CREATE TRIGGER `users_last_login_update` AFTER UPDATE OF last_login_at, customer_id ON `users` BEGIN
	UPDATE customers SET last_login_at = (SELECT max(u.last_login_at) FROM users u WHERE u.customer_id = customers.id) WHERE id IN (new.customer_id, old.customer_id);
END;
--> statement-breakpoint
CREATE TRIGGER `users_last_login_delete` AFTER DELETE ON `users` WHEN old.customer_id IS NOT NULL BEGIN
	UPDATE customers SET last_login_at = (SELECT max(u.last_login_at) FROM users u WHERE u.customer_id = old.customer_id) WHERE id = old.customer_id;
END;
