-- The listing uploads keep each file's SHA-256: the same file imported again for the seller (a second import of
-- the same content, from a new page) made every listing twice; it is now asked about first. Null for older imports.
ALTER TABLE `import_jobs` ADD `file_sha256` text;--> statement-breakpoint
CREATE INDEX `import_jobs_file_sha256_idx` ON `import_jobs` (`file_sha256`);