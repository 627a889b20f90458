ALTER TABLE `customers` ADD `customer_type` text DEFAULT 'buyer' NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `website_domain` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `sms_allowance` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `comments` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `locked` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `onboarding_status` text DEFAULT 'invited' NOT NULL;--> statement-breakpoint
ALTER TABLE `customers` ADD `anonymised_at` integer;--> statement-breakpoint
ALTER TABLE `customers` ADD `updated_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `customers_website_domain_idx` ON `customers` (`website_domain`);--> statement-breakpoint
CREATE INDEX `customers_attention_email_idx` ON `customers` (`attention_email`);--> statement-breakpoint
CREATE INDEX `customers_type_idx` ON `customers` (`customer_type`);