CREATE TABLE `interest_rates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`as_of` text NOT NULL,
	`tenor_months` integer NOT NULL,
	`rate` real NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `interest_rates_point_idx` ON `interest_rates` (`as_of`,`tenor_months`);--> statement-breakpoint
CREATE TABLE `pricing_coefficients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`dimension` text NOT NULL,
	`band` text NOT NULL,
	`value` real NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pricing_coefficients_band_idx` ON `pricing_coefficients` (`dimension`,`band`);