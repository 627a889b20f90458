-- The admin's potential customers at 50,000 leads and inbound tables at 25,000 items a kind: a text shorter than a
-- trigram ("zq", "le", "e") read every lead's six fields through the trigram index's virtual table (31-38 ms), and
-- every item of the kind's seven fields from its row (30 ms). Each row's fields are kept as one text, joined by
-- char(31), which the text is never looked for with (decisions 099 and 103), and that narrow copy is read instead:
-- one value, one LIKE. The inbound items' copy is keyed and stored by kind first (WITHOUT ROWID, written here: drizzle
-- has no word for it), so that a kind's table reads its own range, not the other kinds' items.
CREATE TABLE `inbound_items_text` (
	`kind` text NOT NULL,
	`id` integer NOT NULL,
	`text` text NOT NULL,
	PRIMARY KEY(`kind`, `id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `leads_text` (
	`id` integer PRIMARY KEY NOT NULL,
	`text` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `inbound_items_text` (`kind`, `id`, `text`)
  SELECT `kind`, `id`, `name` || char(31) || `email` || char(31) || `company` || char(31) || `phone` || char(31) || `company_website` || char(31) || `message` || char(31) || `notes` FROM `inbound_items`;--> statement-breakpoint
CREATE TRIGGER `inbound_items_text_insert` AFTER INSERT ON `inbound_items` BEGIN
  INSERT INTO `inbound_items_text` (`kind`, `id`, `text`)
    VALUES (new.`kind`, new.`id`, new.`name` || char(31) || new.`email` || char(31) || new.`company` || char(31) || new.`phone` || char(31) || new.`company_website` || char(31) || new.`message` || char(31) || new.`notes`)
    ON CONFLICT (`kind`, `id`) DO UPDATE SET `text` = excluded.`text`;
END;--> statement-breakpoint
-- an admin's save sets the notes with the status and owner: the copy is rewritten only when a field changed
CREATE TRIGGER `inbound_items_text_update` AFTER UPDATE OF `kind`, `name`, `email`, `company`, `phone`, `company_website`, `message`, `notes` ON `inbound_items`
WHEN old.`kind` != new.`kind` OR old.`name` != new.`name` OR old.`email` != new.`email` OR old.`company` != new.`company` OR old.`phone` != new.`phone`
  OR old.`company_website` != new.`company_website` OR old.`message` != new.`message` OR old.`notes` != new.`notes` BEGIN
  DELETE FROM `inbound_items_text` WHERE `kind` = old.`kind` AND `id` = old.`id`;
  INSERT INTO `inbound_items_text` (`kind`, `id`, `text`)
    VALUES (new.`kind`, new.`id`, new.`name` || char(31) || new.`email` || char(31) || new.`company` || char(31) || new.`phone` || char(31) || new.`company_website` || char(31) || new.`message` || char(31) || new.`notes`)
    ON CONFLICT (`kind`, `id`) DO UPDATE SET `text` = excluded.`text`;
END;--> statement-breakpoint
CREATE TRIGGER `inbound_items_text_delete` AFTER DELETE ON `inbound_items` BEGIN
  DELETE FROM `inbound_items_text` WHERE `kind` = old.`kind` AND `id` = old.`id`;
END;--> statement-breakpoint
INSERT INTO `leads_text` (`id`, `text`)
  SELECT `id`, `name` || char(31) || `email` || char(31) || `company` || char(31) || `phone` || char(31) || `website` || char(31) || `notes` FROM `leads`;--> statement-breakpoint
CREATE TRIGGER `leads_text_insert` AFTER INSERT ON `leads` BEGIN
  INSERT INTO `leads_text` (`id`, `text`)
    VALUES (new.`id`, new.`name` || char(31) || new.`email` || char(31) || new.`company` || char(31) || new.`phone` || char(31) || new.`website` || char(31) || new.`notes`)
    ON CONFLICT (`id`) DO UPDATE SET `text` = excluded.`text`;
END;--> statement-breakpoint
-- a conversion or a dismissal writes the status alone: the copy is rewritten only when a field changed
CREATE TRIGGER `leads_text_update` AFTER UPDATE OF `name`, `email`, `company`, `phone`, `website`, `notes` ON `leads`
WHEN old.`name` != new.`name` OR old.`email` != new.`email` OR old.`company` != new.`company` OR old.`phone` != new.`phone`
  OR old.`website` != new.`website` OR old.`notes` != new.`notes` BEGIN
  INSERT INTO `leads_text` (`id`, `text`)
    VALUES (new.`id`, new.`name` || char(31) || new.`email` || char(31) || new.`company` || char(31) || new.`phone` || char(31) || new.`website` || char(31) || new.`notes`)
    ON CONFLICT (`id`) DO UPDATE SET `text` = excluded.`text`;
END;--> statement-breakpoint
CREATE TRIGGER `leads_text_delete` AFTER DELETE ON `leads` BEGIN
  DELETE FROM `leads_text` WHERE `id` = old.`id`;
END;
