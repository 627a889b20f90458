import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { isEmailAddress, normalAddress, type ListChannel, type Reach } from "~/lib/marketing";
import { e164 } from "~/lib/sms";
import { suppressedAmong } from "./suppressions.server";

// A value of printable ASCII only (space to tilde): SQL's trim() and lower() then do what JavaScript's
// trim() and toLowerCase() do, and the patterns below are the browser's rules (isEmailAddress, e164);
// anything else (a tab, an accent) is read and judged in JavaScript.
const plain = (v: string) => `not (${v} glob '*[^ -~]*')`;
/** /^[^\s@]+@[^\s@]+\.[^\s@]+$/ on printable ASCII: no space, one @, a dot after it with a character either side. */
const emailAddress = (e: string) => `case when ${e} glob '?*@?*.?*' and instr(${e}, ' ') = 0 and length(${e}) - length(replace(${e}, '@', '')) = 1 then lower(${e}) end`;
/**
 * field-rules' PHONE on printable ASCII: the digits after the plus, or null. At most one pair of
 * brackets, in order, around digits only; without brackets and spaces, digits with one dot or dash
 * at most between two of them.
 */
const phoneDigits = (p: string) => {
  const open = `instr(${p}, '(')`;
  const close = `instr(${p}, ')')`;
  const count = (ch: string) => `length(${p}) - length(replace(${p}, '${ch}', ''))`;
  const bracketsFit = `(${open} = 0 and ${close} = 0) or (${count("(")} = 1 and ${count(")")} = 1
    and ${close} > ${open} + 1 and not (substr(${p}, ${open} + 1, ${close} - ${open} - 1) glob '*[^0-9]*'))`;
  const bare = `replace(replace(replace(${p}, '(', ''), ')', ''), ' ', '')`;
  const groups = `not (substr(${bare}, 2) glob '*[^0-9.-]*') and not (${bare} glob '*[.-][.-]*') and not (${bare} glob '*[.-]')`;
  return `case when ${p} glob '+[1-9]*' and (${bracketsFit}) and ${groups} then replace(replace(substr(${bare}, 2), '.', ''), '-', '') end`;
};

const suppressed = (channel: string, address: string) => `(${address} is not null and exists (select 1 from suppressions s where s.channel = '${channel}' and s.address = ${address}))`;

type Members = SQL;

/**
 * The companies no list markets to (recipient-lists' membersWhere): anonymised, disabled or locked. Few, each read
 * from its own index, so that a list's size and reach need no look at each member's row.
 */
const anonymisedIds = sql`select id from customers where anonymised_at is not null`;
const disabledOrLockedIds = sql`select id from customers where enabled = 0 union select id from customers where locked = 1`;
export const shutOutIds = sql`${anonymisedIds} union ${disabledOrLockedIds}`;

/**
 * The companies an admin disabled or locked (deleted ones aside), each set read from its own index: a list selecting
 * them leaves them out, and its page says how many, or an admin who ticked 10 saw 8 members and no reason.
 */
export const closedIds = sql`${disabledOrLockedIds} except ${anonymisedIds}`;

/** The members among these ids (the companies never marketed to left out), as `m`, read from the contact index by id rather than the wide customer rows (migration 0056). */
export const contactsOf = (ids: SQL): Members => sql`customers m indexed by customers_contact_idx where m.anonymised_at is null and m.id in (${ids}) and m.id not in (${shutOutIds})`;

/**
 * A list's reach on the channels it is for, counted in the database: the members' contact columns
 * are read from a narrow index keyed by id (migration 0056), not the customer rows, and only the
 * few members whose address holds other characters come back to be judged here. `ids` selects the
 * members' ids (anonymised companies are left out here).
 */
export async function reachOfMembers(db: Database, ids: SQL, channel: ListChannel): Promise<Reach> {
  const members = contactsOf(ids);
  const email = channel === "sms" ? null : await emailReach(db, members);
  const sms = channel === "email" ? null : await smsReach(db, members);
  return { size: (email ?? sms)!.size, email: email?.reach ?? null, sms: sms?.reach ?? null };
}

// each step is worked out once per member (materialized: the aggregates would each evaluate it again)
async function emailReach(db: Database, members: Members) {
  const [c] = (await db.all(sql`with p as materialized (
      select trim(m.attention_email) as e, ${sql.raw(plain("m.attention_email"))} as plain from ${members}),
    a as materialized (select case when plain then ${sql.raw(emailAddress("e"))} end as email, plain from p),
    s as materialized (select email, plain, ${sql.raw(suppressed("email", "email"))} as suppressed from a)
    select count(*) as size, count(*) filter (where not plain) as odd, count(email) as emails,
      count(email) filter (where suppressed) as suppressed, count(distinct email) filter (where not suppressed) as reachable
    from s`)) as Array<Record<string, number>>;
  const reach = { noAddress: c!.size! - c!.emails!, suppressed: c!.suppressed!, reachable: c!.reachable! };
  if (!c!.odd) return { size: c!.size!, reach };
  // the members the database could not judge, judged as a send would (recipientsOf)
  const odd = (await db.all(sql`select m.attention_email as email from ${members} and not ${sql.raw(plain("m.attention_email"))}`)) as Array<{ email: string }>;
  const emails = odd.filter((m) => isEmailAddress(m.email)).map((m) => normalAddress(m.email));
  const suppressedOdd = await suppressedAmong(db, { channel: "email", addresses: emails });
  reach.noAddress -= emails.length;
  reach.suppressed += emails.filter((e) => suppressedOdd.has(e)).length;
  // an address counts once: one a plain member has too is counted already
  const open = [...new Set(emails.filter((e) => !suppressedOdd.has(e)))];
  if (open.length) {
    const address = `case when ${plain("m.attention_email")} then ${emailAddress("trim(m.attention_email)")} end`;
    const known = await db.all(sql`select distinct ${sql.raw(address)} from ${members} and ${sql.raw(address)} in (select value from json_each(${JSON.stringify(open)}))`);
    reach.reachable += open.length - known.length;
  }
  return { size: c!.size!, reach };
}

async function smsReach(db: Database, members: Members) {
  const [c] = (await db.all(sql`with p as materialized (
      select trim(m.attention_phone) as ph, ${sql.raw(plain("m.attention_phone"))} as plain, m.sms_allowance as allowance from ${members}),
    a as materialized (select case when plain then ${sql.raw(phoneDigits("ph"))} end as digits, plain, ph = '' as no_phone, allowance from p),
    r as materialized (select case when length(digits) between 8 and 15 then '+' || digits end as phone, plain, no_phone, allowance from a),
    s as materialized (select r.*, ${sql.raw(suppressed("sms", "phone"))} as suppressed from r)
    select count(*) as size, count(*) filter (where not plain) as odd,
      count(*) filter (where plain and no_phone) as no_phone,
      count(*) filter (where plain and not no_phone and phone is null) as invalid_phone,
      count(phone) filter (where suppressed) as suppressed,
      count(phone) filter (where not suppressed and allowance <= 0) as no_allowance,
      count(phone) filter (where not suppressed and allowance > 0) as reachable
    from s`)) as Array<Record<string, number>>;
  const reach = { noPhone: c!.no_phone!, invalidPhone: c!.invalid_phone!, suppressed: c!.suppressed!, noAllowance: c!.no_allowance!, reachable: c!.reachable! };
  if (!c!.odd) return { size: c!.size!, reach };
  const odd = (await db.all(sql`select m.attention_phone as phone, m.sms_allowance as allowance from ${members} and not ${sql.raw(plain("m.attention_phone"))}`)) as Array<{
    phone: string;
    allowance: number;
  }>;
  const phones = odd.map((m) => ({ m, phone: e164(m.phone) }));
  const suppressedOdd = await suppressedAmong(db, { channel: "sms", addresses: phones.flatMap((p) => (p.phone ? [p.phone] : [])) });
  for (const { m, phone } of phones) {
    if (!m.phone.trim()) reach.noPhone++;
    else if (!phone) reach.invalidPhone++;
    else if (suppressedOdd.has(phone)) reach.suppressed++;
    else if (m.allowance <= 0) reach.noAllowance++;
    else reach.reachable++;
  }
  return { size: c!.size!, reach };
}
