-- A seller's pages at scale (survey B, C, D, K): a company's view read every document event of a busy
-- project to find its members' (document_events_member_idx); a seller of 97,000 listed projects paged
-- and counted them through rows the seller index did not cover (projects_seller_listed_idx, the date
-- written without commas for drizzle-kit: the same value as the admin table's coalesce); the seller's
-- analytics found their projects of a kind among every project of the kind (projects_seller_kind_idx).
CREATE INDEX `document_events_member_idx` ON `document_events` (`user_id`,`project_id`);--> statement-breakpoint
CREATE INDEX `projects_seller_listed_idx` ON `projects` (`seller_id`,(case when "published_at" is not null then "published_at" when "submitted_at" is not null then "submitted_at" else "created_at" end),`id`) WHERE "projects"."status" not in ('draft', 'importing');--> statement-breakpoint
CREATE INDEX `projects_seller_kind_idx` ON `projects` (`seller_id`,`kind`,`project_name`,`id`,`state`);