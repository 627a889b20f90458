ALTER TABLE `project_loans` ADD `original_balance` real;--> statement-breakpoint
ALTER TABLE `project_loans` ADD `origination_date` text;--> statement-breakpoint
ALTER TABLE `project_loans` ADD `rate_type` text;--> statement-breakpoint
ALTER TABLE `project_loans` ADD `amortization_type` text;--> statement-breakpoint
ALTER TABLE `project_loans` ADD `remaining_term_months` integer;--> statement-breakpoint
ALTER TABLE `project_loans` ADD `payment_status` text;--> statement-breakpoint
ALTER TABLE `project_loans` ADD `days_delinquent` integer;--> statement-breakpoint
ALTER TABLE `project_loans` ADD `lien_position` integer;--> statement-breakpoint
ALTER TABLE `project_loans` ADD `city` text;--> statement-breakpoint
ALTER TABLE `project_loans` ADD `zip` text;--> statement-breakpoint
ALTER TABLE `project_loans` ADD `appraised_value` real;--> statement-breakpoint
ALTER TABLE `project_loans` ADD `appraisal_date` text;--> statement-breakpoint
ALTER TABLE `project_loans` ADD `dscr` real;--> statement-breakpoint
ALTER TABLE `project_loans` ADD `occupancy` real;--> statement-breakpoint
ALTER TABLE `project_loans` ADD `credit_score` integer;