-- A recipient list's reach and pages read the members' contact columns by id from this index, not
-- from the wide customer rows (a list of 20,000 companies: 360 ms a view before); see list-reach.server.ts.
CREATE INDEX `customers_contact_idx` ON `customers` (`id`,`anonymised_at`,`attention_email`,`attention_phone`,`sms_allowance`);