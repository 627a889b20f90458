-- The admin's potential customers at 50,000 leads: a one- or two-letter text in most of them ("le", "e") sorted by
-- anything but Received, ID or Status gathered every match and sorted all 50,000 to show 25 (35-70 ms). Each sort
-- gets an index in its order (the column as the table sorts it, lowered where it is; the id, last in every index,
-- breaks ties), which the page walks and stops at its last row (decision 107). The Customer column sorts by the name
-- of the customer a lead became, a join no index of the leads can give: the lead keeps a copy of that name, written
-- by the triggers below when the lead is written or pointed at another customer, and when the customer is renamed
-- (a customer's delete sets its leads' customer to null, which the leads' trigger sees as any other change). Its
-- index carries the status after the id: a lead with a customer is converted, and Open sorted by Customer passes
-- every converted lead first, each checked in the index rather than read from its row.
ALTER TABLE `leads` ADD `customer_name` text;--> statement-breakpoint
CREATE INDEX `leads_source_idx` ON `leads` (`source`);--> statement-breakpoint
CREATE INDEX `leads_name_lower_idx` ON `leads` (lower("name"));--> statement-breakpoint
CREATE INDEX `leads_email_lower_idx` ON `leads` (lower("email"));--> statement-breakpoint
CREATE INDEX `leads_company_lower_idx` ON `leads` (lower("company"));--> statement-breakpoint
CREATE INDEX `leads_phone_idx` ON `leads` (`phone`);--> statement-breakpoint
CREATE INDEX `leads_website_lower_idx` ON `leads` (lower("website"));--> statement-breakpoint
CREATE INDEX `leads_customer_name_lower_idx` ON `leads` (lower("customer_name"),`id`,`status`);--> statement-breakpoint
CREATE INDEX `leads_customer_idx` ON `leads` (`customer_id`);--> statement-breakpoint
UPDATE `leads` SET `customer_name` = (SELECT `name` FROM `customers` WHERE `customers`.`id` = `leads`.`customer_id`) WHERE `customer_id` IS NOT NULL;--> statement-breakpoint
-- an on-boarding chat's lead is written with the company it made; an import's, without one, costs only the WHEN
CREATE TRIGGER `leads_customer_name_insert` AFTER INSERT ON `leads` WHEN new.`customer_id` IS NOT NULL BEGIN
  UPDATE `leads` SET `customer_name` = (SELECT `name` FROM `customers` WHERE `customers`.`id` = new.`customer_id`) WHERE `id` = new.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `leads_customer_name_update` AFTER UPDATE OF `customer_id` ON `leads` WHEN old.`customer_id` IS NOT new.`customer_id` BEGIN
  UPDATE `leads` SET `customer_name` = (SELECT `name` FROM `customers` WHERE `customers`.`id` = new.`customer_id`) WHERE `id` = new.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `customers_name_of_leads` AFTER UPDATE OF `name` ON `customers` WHEN old.`name` != new.`name` BEGIN
  UPDATE `leads` SET `customer_name` = new.`name` WHERE `customer_id` = new.`id`;
END;
