-- A company that sells as well as buys was matched to its own members' listings (27 such pairs in the demo market):
-- the writers leave the pair out now (decision 016); the pairs stored before are dropped here, found from the
-- listings and their sellers' companies, each pair by the matches' key (no scan of the matches).
DELETE FROM `matches` WHERE (`project_id`, `customer_id`) IN (
  SELECT `projects`.`id`, `users`.`customer_id` FROM `projects` JOIN `users` ON `users`.`id` = `projects`.`seller_id` WHERE `users`.`customer_id` IS NOT NULL
);
