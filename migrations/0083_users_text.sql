-- The admin's user table at 150,000 accounts (npm run bench:users): a text shorter than a trigram ("zq") was looked
-- for in each of an account's four fields in the trigram index's copy of them, four column reads and four LIKEs an
-- account (30-38 ms p95). Each account's name, e-mail, company and phone are kept as one text, joined by char(31),
-- which the text is never looked for with (decision 099), and that narrow copy is read instead: one value, one LIKE.
-- Not an index on the joined expression: SQLite counts an expression as one integer wide, so every count(*) of the
-- accounts chose that index, the widest, and the table's unfiltered pages took 10 ms more.
CREATE TABLE `users_text` (
	`id` integer PRIMARY KEY NOT NULL,
	`text` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `users_text` (`id`, `text`)
  SELECT `id`, `name` || char(31) || `email` || char(31) || `company` || char(31) || `phone` FROM `users`;--> statement-breakpoint
CREATE TRIGGER `users_text_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `users_text` (`id`, `text`) VALUES (new.`id`, new.`name` || char(31) || new.`email` || char(31) || new.`company` || char(31) || new.`phone`)
    ON CONFLICT (`id`) DO UPDATE SET `text` = excluded.`text`;
END;--> statement-breakpoint
CREATE TRIGGER `users_text_update` AFTER UPDATE OF `name`, `email`, `company`, `phone` ON `users` BEGIN
  INSERT INTO `users_text` (`id`, `text`) VALUES (new.`id`, new.`name` || char(31) || new.`email` || char(31) || new.`company` || char(31) || new.`phone`)
    ON CONFLICT (`id`) DO UPDATE SET `text` = excluded.`text`;
END;--> statement-breakpoint
CREATE TRIGGER `users_text_delete` AFTER DELETE ON `users` BEGIN
  DELETE FROM `users_text` WHERE `id` = old.`id`;
END;
