CREATE TABLE `responsiveness_asks` (
	`id` integer PRIMARY KEY NOT NULL,
	`customer_id` integer NOT NULL,
	`side` text NOT NULL,
	`kind` text NOT NULL,
	`project_id` integer NOT NULL,
	`buyer_id` integer,
	`asked_at` integer NOT NULL,
	`answered_at` integer,
	`reply_ms` integer,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `responsiveness_asks_company_idx` ON `responsiveness_asks` (`customer_id`,`side`,`reply_ms`,`asked_at`,`kind`,`answered_at`);--> statement-breakpoint
CREATE INDEX `responsiveness_asks_deal_idx` ON `responsiveness_asks` (`project_id`,`buyer_id`,`customer_id`);
--> statement-breakpoint
-- The asks behind the stored scores, kept one row each (decision 079): gathered here once, as the nightly
-- pass gathers them (every company, the 90 days up to now), one statement per kind of ask; the scores stay
-- as last computed from the same records.
INSERT INTO `responsiveness_asks` (`customer_id`, `side`, `kind`, `project_id`, `buyer_id`, `asked_at`, `answered_at`, `reply_ms`)
  SELECT a.customer_id, a.side, a.kind, a.project_id, a.buyer_id, a.asked_at, a.answered_at, CASE WHEN a.answered_at >= a.asked_at THEN a.answered_at - a.asked_at END FROM (select i.customer_id as customer_id, 'buyer' as side, 'invitation' as kind, i.project_id as project_id, null as buyer_id, i.invited_at as asked_at, (select min(x.t) from (select (select min(k.requested_at) from users v cross join contracts k on k.buyer_id = v.id and k.project_id = i.project_id where v.customer_id = i.customer_id and k.requested_at >= i.invited_at) as t union all select (select min(ps.session_start) from users v cross join page_sessions ps indexed by page_sessions_user_idx on ps.user_id = v.id and ps.project_id = i.project_id
  where v.customer_id = i.customer_id and ps.session_start >= i.invited_at) as t union all select (select min(rv.viewed_at) from users v cross join recently_viewed rv on rv.user_id = v.id and rv.project_id = i.project_id where v.customer_id = i.customer_id and rv.viewed_at >= i.invited_at) as t) x) as answered_at
  from project_invitations i where i.invited_at >= (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 7776000000) and i.customer_id is not null) a;
--> statement-breakpoint
INSERT INTO `responsiveness_asks` (`customer_id`, `side`, `kind`, `project_id`, `buyer_id`, `asked_at`, `answered_at`, `reply_ms`)
  SELECT a.customer_id, a.side, a.kind, a.project_id, a.buyer_id, a.asked_at, a.answered_at, CASE WHEN a.answered_at >= a.asked_at THEN a.answered_at - a.asked_at END FROM (select m.customer_id as customer_id, 'buyer' as side, 'nda_approval' as kind, k.project_id as project_id, k.buyer_id as buyer_id, k.decided_at as asked_at, (select min(x.t) from (select (select min(r.created_at) from messages r where r.project_id = k.project_id and r.buyer_id = k.buyer_id and r.sender_id = k.buyer_id and r.created_at >= k.decided_at) as t union all select (select min(o.created_at) from offers o where o.project_id = k.project_id and o.buyer_id = k.buyer_id and o.created_at >= k.decided_at) as t union all select (select min(d.created_at) from document_events d where d.project_id = k.project_id and d.user_id = k.buyer_id and d.action in ('view', 'download') and d.created_at >= k.decided_at) as t) x) as answered_at
  from contracts k join users m on m.id = k.buyer_id
  where k.nda_status = 'NDA Approved' and k.decided_at >= (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 7776000000) and m.customer_id is not null and 1 = 1) a;
--> statement-breakpoint
INSERT INTO `responsiveness_asks` (`customer_id`, `side`, `kind`, `project_id`, `buyer_id`, `asked_at`, `answered_at`, `reply_ms`)
  SELECT a.customer_id, a.side, a.kind, a.project_id, a.buyer_id, a.asked_at, a.answered_at, CASE WHEN a.answered_at >= a.asked_at THEN a.answered_at - a.asked_at END FROM (select m.customer_id as customer_id, 'buyer' as side, 'message' as kind, q.project_id as project_id, q.buyer_id as buyer_id, q.created_at as asked_at, q.next_turn_at as answered_at
  from (select s.id, s.project_id, s.buyer_id, s.sender_id, s.created_at,
  lead(s.created_at) over (partition by s.project_id, s.buyer_id order by s.id) as next_turn_at
  from (select t.id, t.project_id, t.buyer_id, t.sender_id, t.created_at,
  lag(t.sender_id = t.buyer_id) over (partition by t.project_id, t.buyer_id order by t.id) as previous_from_buyer
  from messages t where t.buyer_id in (select v.id from users v where v.customer_id is not null)) s where s.previous_from_buyer is null or s.previous_from_buyer != (s.sender_id = s.buyer_id)) q join users m on m.id = q.buyer_id
  where q.sender_id != q.buyer_id and q.created_at >= (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 7776000000) and m.customer_id is not null) a;
--> statement-breakpoint
INSERT INTO `responsiveness_asks` (`customer_id`, `side`, `kind`, `project_id`, `buyer_id`, `asked_at`, `answered_at`, `reply_ms`)
  SELECT a.customer_id, a.side, a.kind, a.project_id, a.buyer_id, a.asked_at, a.answered_at, CASE WHEN a.answered_at >= a.asked_at THEN a.answered_at - a.asked_at END FROM (select m.customer_id as customer_id, 'buyer' as side, 'counter_offer' as kind, o.project_id as project_id, o.buyer_id as buyer_id, e.created_at as asked_at,
  (select min(n.created_at) from offer_events n where n.offer_id = e.offer_id and n.id > e.id and n.action in ('revised', 'accepted', 'withdrawn')) as answered_at
  from users m cross join offers o on o.buyer_id = m.id cross join offer_events e on e.offer_id = o.id
  where e.action = 'countered' and e.created_at >= (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 7776000000) and m.customer_id is not null and 1 = 1) a;
--> statement-breakpoint
INSERT INTO `responsiveness_asks` (`customer_id`, `side`, `kind`, `project_id`, `buyer_id`, `asked_at`, `answered_at`, `reply_ms`)
  SELECT a.customer_id, a.side, a.kind, a.project_id, a.buyer_id, a.asked_at, a.answered_at, CASE WHEN a.answered_at >= a.asked_at THEN a.answered_at - a.asked_at END FROM (select s.customer_id as customer_id, 'seller' as side, 'nda_request' as kind, p.id as project_id, k.buyer_id as buyer_id, k.signed_at as asked_at, k.decided_at as answered_at
  from users s cross join projects p on p.seller_id = s.id cross join contracts k on k.project_id = p.id
  where k.signed_at >= (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 7776000000) and not (k.decided_by is null and k.decided_at is not null) and s.customer_id is not null
  and 1 = 1 and 1 = 1) a;
--> statement-breakpoint
INSERT INTO `responsiveness_asks` (`customer_id`, `side`, `kind`, `project_id`, `buyer_id`, `asked_at`, `answered_at`, `reply_ms`)
  SELECT a.customer_id, a.side, a.kind, a.project_id, a.buyer_id, a.asked_at, a.answered_at, CASE WHEN a.answered_at >= a.asked_at THEN a.answered_at - a.asked_at END FROM (select s.customer_id as customer_id, 'seller' as side, 'message' as kind, q.project_id as project_id, q.buyer_id as buyer_id, q.created_at as asked_at, q.next_turn_at as answered_at
  from (select s.id, s.project_id, s.buyer_id, s.sender_id, s.created_at,
  lead(s.created_at) over (partition by s.project_id, s.buyer_id order by s.id) as next_turn_at
  from (select t.id, t.project_id, t.buyer_id, t.sender_id, t.created_at,
  lag(t.sender_id = t.buyer_id) over (partition by t.project_id, t.buyer_id order by t.id) as previous_from_buyer
  from messages t where t.project_id in (select sp.id from users sv cross join projects sp on sp.seller_id = sv.id where sv.customer_id is not null)) s where s.previous_from_buyer is null or s.previous_from_buyer != (s.sender_id = s.buyer_id)) q join projects p on p.id = q.project_id join users s on s.id = p.seller_id
  where q.sender_id = q.buyer_id and q.created_at >= (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 7776000000) and s.customer_id is not null) a;
--> statement-breakpoint
INSERT INTO `responsiveness_asks` (`customer_id`, `side`, `kind`, `project_id`, `buyer_id`, `asked_at`, `answered_at`, `reply_ms`)
  SELECT a.customer_id, a.side, a.kind, a.project_id, a.buyer_id, a.asked_at, a.answered_at, CASE WHEN a.answered_at >= a.asked_at THEN a.answered_at - a.asked_at END FROM (select s.customer_id as customer_id, 'seller' as side, 'offer' as kind, p.id as project_id, o.buyer_id as buyer_id, e.created_at as asked_at, nx.created_at as answered_at
  from users s cross join projects p on p.seller_id = s.id cross join offers o on o.project_id = p.id cross join offer_events e on e.offer_id = o.id
  left join offer_events nx on nx.id = (select min(n.id) from offer_events n where n.offer_id = e.offer_id and n.id > e.id)
  where e.action in ('submitted', 'revised') and coalesce(nx.action, '') != 'withdrawn' and e.created_at >= (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 7776000000) and s.customer_id is not null
  and 1 = 1 and 1 = 1) a;
