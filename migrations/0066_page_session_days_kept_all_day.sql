-- Written by hand (drizzle-kit generate --custom), not generated. Migration 0064 kept a day's sums only
-- once housekeeping had summed it; the admin's analytics read the days after that from the sessions
-- themselves (76 ms with 68,000 sessions today), and housekeeping summed each day once it was over
-- (415 ms a day at that size). Every session now adds to its day's sums as it is written, whatever the
-- day: the sums are always whole, the analytics read nothing else, and nothing is left to sum. A session
-- costs one more row written (about 6 µs on SQLite).
DROP TRIGGER IF EXISTS `page_sessions_day_sums_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `page_sessions_day_sums_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `page_sessions_day_sums_update`;--> statement-breakpoint
-- the days housekeeping had not summed yet (today, and every day before the first run): summed now
DELETE FROM `page_session_days` WHERE `day` > coalesce((SELECT json_extract(`value`, '$') FROM `system_settings` WHERE `key` = 'analytics.sessionDaysThrough'), '');--> statement-breakpoint
INSERT INTO `page_session_days` (`day`, `page_type`, `sessions`, `total_duration`, `active_time`)
  SELECT strftime('%Y-%m-%d', `session_start` / 1000, 'unixepoch'), `page_type`, count(*), sum(`total_duration`), sum(`active_time`) FROM `page_sessions`
  WHERE `session_start` >= coalesce((SELECT (unixepoch(json_extract(`value`, '$')) + 86400) * 1000 FROM `system_settings` WHERE `key` = 'analytics.sessionDaysThrough'), 0)
  GROUP BY 1, 2;--> statement-breakpoint
DELETE FROM `system_settings` WHERE `key` = 'analytics.sessionDaysThrough';--> statement-breakpoint
CREATE TRIGGER `page_sessions_day_sums_insert` AFTER INSERT ON `page_sessions` BEGIN
  INSERT OR IGNORE INTO `page_session_days` (`day`, `page_type`, `sessions`, `total_duration`, `active_time`)
    VALUES (strftime('%Y-%m-%d', new.`session_start` / 1000, 'unixepoch'), new.`page_type`, 0, 0, 0);
  UPDATE `page_session_days` SET `sessions` = `sessions` + 1, `total_duration` = `total_duration` + new.`total_duration`, `active_time` = `active_time` + new.`active_time`
    WHERE `day` = strftime('%Y-%m-%d', new.`session_start` / 1000, 'unixepoch') AND `page_type` = new.`page_type`;
END;--> statement-breakpoint
CREATE TRIGGER `page_sessions_day_sums_delete` AFTER DELETE ON `page_sessions` BEGIN
  UPDATE `page_session_days` SET `sessions` = `sessions` - 1, `total_duration` = `total_duration` - old.`total_duration`, `active_time` = `active_time` - old.`active_time`
    WHERE `day` = strftime('%Y-%m-%d', old.`session_start` / 1000, 'unixepoch') AND `page_type` = old.`page_type`;
  -- a day and type without sessions has no row
  DELETE FROM `page_session_days` WHERE `day` = strftime('%Y-%m-%d', old.`session_start` / 1000, 'unixepoch') AND `page_type` = old.`page_type` AND `sessions` = 0;
END;--> statement-breakpoint
CREATE TRIGGER `page_sessions_day_sums_update` AFTER UPDATE OF `session_start`, `page_type`, `total_duration`, `active_time` ON `page_sessions` BEGIN
  UPDATE `page_session_days` SET `sessions` = `sessions` - 1, `total_duration` = `total_duration` - old.`total_duration`, `active_time` = `active_time` - old.`active_time`
    WHERE `day` = strftime('%Y-%m-%d', old.`session_start` / 1000, 'unixepoch') AND `page_type` = old.`page_type`;
  DELETE FROM `page_session_days` WHERE `day` = strftime('%Y-%m-%d', old.`session_start` / 1000, 'unixepoch') AND `page_type` = old.`page_type` AND `sessions` = 0;
  INSERT OR IGNORE INTO `page_session_days` (`day`, `page_type`, `sessions`, `total_duration`, `active_time`)
    VALUES (strftime('%Y-%m-%d', new.`session_start` / 1000, 'unixepoch'), new.`page_type`, 0, 0, 0);
  UPDATE `page_session_days` SET `sessions` = `sessions` + 1, `total_duration` = `total_duration` + new.`total_duration`, `active_time` = `active_time` + new.`active_time`
    WHERE `day` = strftime('%Y-%m-%d', new.`session_start` / 1000, 'unixepoch') AND `page_type` = new.`page_type`;
END;
