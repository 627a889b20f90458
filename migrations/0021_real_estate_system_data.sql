CREATE TABLE `property_assumptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`property_type` text NOT NULL,
	`region` text NOT NULL,
	`cap_rate` real NOT NULL,
	`vacancy` real NOT NULL,
	`expense_ratio` real NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `property_assumptions_type_region_idx` ON `property_assumptions` (`property_type`,`region`);--> statement-breakpoint
CREATE TABLE `sic_codes` (
	`code` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`division` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sic_codes_division_idx` ON `sic_codes` (`division`,`code`);