-- One record's history in the audit log (/admin/log?subjectType=user&subjectId=12), newest first: without it a record of
-- few entries read the whole log (100,000 entries: 161 ms median on a busy machine).
CREATE INDEX `audit_log_subject_idx` ON `audit_log` (`subject_type`,`subject_id`);