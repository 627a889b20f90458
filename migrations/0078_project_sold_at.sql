-- When a listing was sold (decision 092): its buyer's "Sold to you on" date, written in the sale's
-- batch (markProjectSold) and cleared when the listing goes back on the market. The listings sold
-- before it take their last change, the date the notice showed until now.
ALTER TABLE `projects` ADD `sold_at` integer;--> statement-breakpoint
UPDATE `projects` SET `sold_at` = `updated_at` WHERE `status` = 'sold';
