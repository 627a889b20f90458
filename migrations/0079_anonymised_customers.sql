-- A recipient list's size and pages leave out anonymised companies by looking up the few there are
-- here, instead of each member's row in the contact index (20,000 look-ups a view); see decision 094.
CREATE INDEX `customers_anonymised_idx` ON `customers` (`anonymised_at`,`id`);
