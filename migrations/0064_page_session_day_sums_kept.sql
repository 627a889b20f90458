-- Written by hand (drizzle-kit generate --custom), not generated: housekeeping summed the last two days of page
-- sessions again every minute, changed or not (310-480 ms at 260,000 recent sessions), to catch the sessions
-- that arrive after their day was summed. These triggers keep a summed day's sums instead, one session at a
-- time, whoever writes it (the beacon's writer, the Worker's queue, the seed, a member's account deleted):
-- a session of a day not yet summed changes nothing, it is counted when its day is summed. Last, the two days
-- the old housekeeping still summed again are summed once more, so a session that arrived since is counted.
CREATE TRIGGER `page_sessions_day_sums_insert` AFTER INSERT ON `page_sessions`
WHEN strftime('%Y-%m-%d', new.`session_start` / 1000, 'unixepoch') <= (SELECT json_extract(`value`, '$') FROM `system_settings` WHERE `key` = 'analytics.sessionDaysThrough') BEGIN
  INSERT OR IGNORE INTO `page_session_days` (`day`, `page_type`, `sessions`, `total_duration`, `active_time`)
    VALUES (strftime('%Y-%m-%d', new.`session_start` / 1000, 'unixepoch'), new.`page_type`, 0, 0, 0);
  UPDATE `page_session_days` SET `sessions` = `sessions` + 1, `total_duration` = `total_duration` + new.`total_duration`, `active_time` = `active_time` + new.`active_time`
    WHERE `day` = strftime('%Y-%m-%d', new.`session_start` / 1000, 'unixepoch') AND `page_type` = new.`page_type`;
END;--> statement-breakpoint
CREATE TRIGGER `page_sessions_day_sums_delete` AFTER DELETE ON `page_sessions`
WHEN strftime('%Y-%m-%d', old.`session_start` / 1000, 'unixepoch') <= (SELECT json_extract(`value`, '$') FROM `system_settings` WHERE `key` = 'analytics.sessionDaysThrough') BEGIN
  UPDATE `page_session_days` SET `sessions` = `sessions` - 1, `total_duration` = `total_duration` - old.`total_duration`, `active_time` = `active_time` - old.`active_time`
    WHERE `day` = strftime('%Y-%m-%d', old.`session_start` / 1000, 'unixepoch') AND `page_type` = old.`page_type`;
  -- a day and type without sessions has no row, as when it is summed
  DELETE FROM `page_session_days` WHERE `day` = strftime('%Y-%m-%d', old.`session_start` / 1000, 'unixepoch') AND `page_type` = old.`page_type` AND `sessions` = 0;
END;--> statement-breakpoint
CREATE TRIGGER `page_sessions_day_sums_update` AFTER UPDATE OF `session_start`, `page_type`, `total_duration`, `active_time` ON `page_sessions` BEGIN
  UPDATE `page_session_days` SET `sessions` = `sessions` - 1, `total_duration` = `total_duration` - old.`total_duration`, `active_time` = `active_time` - old.`active_time`
    WHERE `day` = strftime('%Y-%m-%d', old.`session_start` / 1000, 'unixepoch') AND `page_type` = old.`page_type`
      AND `day` <= (SELECT json_extract(`value`, '$') FROM `system_settings` WHERE `key` = 'analytics.sessionDaysThrough');
  DELETE FROM `page_session_days` WHERE `day` = strftime('%Y-%m-%d', old.`session_start` / 1000, 'unixepoch') AND `page_type` = old.`page_type` AND `sessions` = 0;
  INSERT OR IGNORE INTO `page_session_days` (`day`, `page_type`, `sessions`, `total_duration`, `active_time`)
    SELECT strftime('%Y-%m-%d', new.`session_start` / 1000, 'unixepoch'), new.`page_type`, 0, 0, 0
    WHERE strftime('%Y-%m-%d', new.`session_start` / 1000, 'unixepoch') <= (SELECT json_extract(`value`, '$') FROM `system_settings` WHERE `key` = 'analytics.sessionDaysThrough');
  UPDATE `page_session_days` SET `sessions` = `sessions` + 1, `total_duration` = `total_duration` + new.`total_duration`, `active_time` = `active_time` + new.`active_time`
    WHERE `day` = strftime('%Y-%m-%d', new.`session_start` / 1000, 'unixepoch') AND `page_type` = new.`page_type`
      AND `day` <= (SELECT json_extract(`value`, '$') FROM `system_settings` WHERE `key` = 'analytics.sessionDaysThrough');
END;--> statement-breakpoint
DELETE FROM `page_session_days` WHERE `day` >= (SELECT date(json_extract(`value`, '$'), '-1 day') FROM `system_settings` WHERE `key` = 'analytics.sessionDaysThrough');--> statement-breakpoint
INSERT INTO `page_session_days` (`day`, `page_type`, `sessions`, `total_duration`, `active_time`)
  SELECT strftime('%Y-%m-%d', `session_start` / 1000, 'unixepoch'), `page_type`, count(*), sum(`total_duration`), sum(`active_time`) FROM `page_sessions`
  WHERE `session_start` >= (SELECT (unixepoch(json_extract(`value`, '$')) - 86400) * 1000 FROM `system_settings` WHERE `key` = 'analytics.sessionDaysThrough')
    AND `session_start` < (SELECT (unixepoch(json_extract(`value`, '$')) + 86400) * 1000 FROM `system_settings` WHERE `key` = 'analytics.sessionDaysThrough')
  GROUP BY 1, 2;
