-- Full-text search over listings (SQLite FTS5, which D1 supports). Drizzle cannot
-- express virtual tables, so this is drizzle-kit's custom migration for it.
CREATE VIRTUAL TABLE `projects_fts` USING fts5(
	project_name, industry, sector, location, full_details,
	content='projects', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `projects_fts_insert` AFTER INSERT ON `projects` BEGIN
	INSERT INTO projects_fts(rowid, project_name, industry, sector, location, full_details)
	VALUES (new.id, new.project_name, new.industry, new.sector, new.location, new.full_details);
END;
--> statement-breakpoint
CREATE TRIGGER `projects_fts_delete` AFTER DELETE ON `projects` BEGIN
	INSERT INTO projects_fts(projects_fts, rowid, project_name, industry, sector, location, full_details)
	VALUES ('delete', old.id, old.project_name, old.industry, old.sector, old.location, old.full_details);
END;
--> statement-breakpoint
CREATE TRIGGER `projects_fts_update` AFTER UPDATE OF project_name, industry, sector, location, full_details ON `projects` BEGIN
	INSERT INTO projects_fts(projects_fts, rowid, project_name, industry, sector, location, full_details)
	VALUES ('delete', old.id, old.project_name, old.industry, old.sector, old.location, old.full_details);
	INSERT INTO projects_fts(rowid, project_name, industry, sector, location, full_details)
	VALUES (new.id, new.project_name, new.industry, new.sector, new.location, new.full_details);
END;
