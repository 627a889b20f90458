-- The same file staged twice at once for a seller (two pages, two keys) passed the read that asks about a file
-- imported before, and made every listing twice. An index refuses the second now: one import of a file for a
-- seller and kind, and one more for each time the admin said to import it again (`repeats`: the import it makes
-- again). The imports made again before it are numbered here as they would be now: each repeats the one before it.
ALTER TABLE `import_jobs` ADD `repeats` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `import_jobs` SET `repeats` = coalesce((SELECT max(e.`id`) FROM `import_jobs` e WHERE e.`file_sha256` = `import_jobs`.`file_sha256`
  AND e.`seller_id` = `import_jobs`.`seller_id` AND e.`kind` = `import_jobs`.`kind` AND e.`id` < `import_jobs`.`id`), 0)
  WHERE `file_sha256` IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `import_jobs_same_file_idx` ON `import_jobs` (`file_sha256`,`seller_id`,`kind`,`repeats`) WHERE "import_jobs"."status" <> 'failed';
