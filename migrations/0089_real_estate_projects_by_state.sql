-- The seller's real-estate map counts their projects by state. From the (seller, kind, name) index a seller's 24,564
-- real-estate projects were grouped through a sort (8.9 ms of the survey's page of 26 ms); walked in state order
-- from this index, 2.9 ms. Partial, on the kind, so that only a statement naming the kind as a literal can take it:
-- a new index has no planner statistics until the next ANALYZE, and one on (seller, kind, state) took the seller's
-- page by name from the index it sorts by (21 -> 99 ms on the survey's analyzed database, docs/benchmarks.md).
CREATE INDEX `projects_real_estate_state_idx` ON `projects` (`seller_id`,`state`) WHERE "projects"."kind" = 'real_estate';