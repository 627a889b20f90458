ALTER TABLE `projects` ADD `latitude` real;--> statement-breakpoint
ALTER TABLE `projects` ADD `longitude` real;