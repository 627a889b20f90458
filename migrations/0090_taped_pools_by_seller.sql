-- Loan pricing offers the seller's pools with a tape. They were found from the tapes' rows: every pool of the
-- seller listed, then looked up among the loans (a seller of 24,541 pools, none with a tape: 13 ms). Each pool keeps
-- its count of loans (tape_loans, migration 0039), so the pools with a tape are this index's, by name. Partial, and
-- named in that one statement (INDEXED BY): SQLite keeps no statistics of an empty index, and without them took the
-- (seller, kind, name) index, reading every pool for its tape (45 ms).
CREATE INDEX `projects_taped_pools_idx` ON `projects` (`seller_id`,`project_name`,`id`) WHERE "projects"."kind" = 'loan_pool' and "projects"."tape_loans" > 0;