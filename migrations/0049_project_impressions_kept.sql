-- The days a member was shown a project in results, kept for good: the matched buyers' table counted
-- them from the daily looks, which housekeeping prunes after a day, so a company's impressions of a
-- project never showed more than a day or two. A day's first impression row adds one here, as it adds
-- one to the member's and their customer's impressions (migration 0044); pruning takes nothing away.
CREATE TABLE `project_impressions` (
	`user_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`days` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `project_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
-- what is stored is all that can be counted now
INSERT INTO `project_impressions` (`user_id`, `project_id`, `days`)
  SELECT `user_id`, `project_id`, count(*) FROM `daily_project_looks` WHERE `kind` = 'impression' GROUP BY `user_id`, `project_id`;--> statement-breakpoint
CREATE TRIGGER `daily_project_looks_project_impression` AFTER INSERT ON `daily_project_looks` WHEN new.`kind` = 'impression' BEGIN
  INSERT INTO `project_impressions` (`user_id`, `project_id`, `days`) VALUES (new.`user_id`, new.`project_id`, 1)
    ON CONFLICT (`user_id`, `project_id`) DO UPDATE SET `days` = `days` + 1;
END;
