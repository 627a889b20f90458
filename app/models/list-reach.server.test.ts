import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { customers, suppressions } from "~/.server/db/schema";
import { isEmailAddress, normalAddress, type Reach } from "~/lib/marketing";
import { e164 } from "~/lib/sms";
import { membersOf, membersPage, reachOf, type ListMember } from "./recipient-lists.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

/** The reach as a send judges each member (recipientsOf's rules), member by member. */
async function reachAsSent(members: ListMember[], suppressed: { email: Set<string>; sms: Set<string> }): Promise<Reach> {
  const emails = members.filter((m) => isEmailAddress(m.attentionEmail)).map((m) => normalAddress(m.attentionEmail));
  const phones = members.map((m) => ({ m, phone: e164(m.attentionPhone) }));
  const usable = phones.filter((p) => p.phone && !suppressed.sms.has(p.phone));
  return {
    size: members.length,
    email: { noAddress: members.length - emails.length, suppressed: emails.filter((e) => suppressed.email.has(e)).length, reachable: new Set(emails.filter((e) => !suppressed.email.has(e))).size },
    sms: {
      noPhone: members.filter((m) => !m.attentionPhone.trim()).length,
      invalidPhone: phones.filter((p) => p.m.attentionPhone.trim() && !p.phone).length,
      suppressed: phones.filter((p) => p.phone && suppressed.sms.has(p.phone)).length,
      noAllowance: usable.filter((p) => p.m.smsAllowance <= 0).length,
      reachable: usable.filter((p) => p.m.smsAllowance > 0).length,
    },
  };
}

// addresses and phones as admins and imports type them: plain, cased, padded, with tabs, accents, doubled, broken
const EMAILS = ["desk@fund.example", "Desk@Fund.example", " desk@fund.example ", "\tdesk@fund.example", "ops@bank.example", "opt@out.example", "OPT@out.example",
  "müller@bank.example", "Müller@Bank.example", "no-at.example", "two@@x.example", "a@b", "a b@c.example", "@x.example", "x@.example", "x@y.", "", "   ", "x@y.z\u00a0", "é@x.example"];
const PHONES = ["+1 212 555 0100", "+1 (212) 555-0100", "+12125550100", " +1 212 555 0199 ", "+44 20 7946 0958", "+0 123 456 789", "212 555 0100", "+1 555", "+1234567890123456",
  "+1 212 555 0100 ext 2", "", "  ", "\t+1 212 555 0111", "+1 212 555 0122\u00a0", "+1 212.555.0133", "+1-212-555-0144", "+1 212 555 0155",
  "+1 ((((212)))) 555 0100", "+1 (212)) 555 0100", "+1 (212) (555) 0100", "+1 () 212 555 0100", "+1 212..555 0100", "+1 212 - 555 0166", "+44 (0)20 7946 0958", "+1(212)555-0177", "+1 212 555 0100-", "+1)212( 555 0100"];

describe("a list's reach", () => {
  it("counts in the database what a send would judge member by member, odd characters and doubled addresses too", async () => {
    const rows = Array.from({ length: EMAILS.length * PHONES.length }, (_, i) => ({
      name: `Reach ${i}`,
      customerType: "buyer" as const,
      attentionEmail: EMAILS[i % EMAILS.length]!,
      attentionPhone: PHONES[Math.floor(i / EMAILS.length)]!,
      smsAllowance: i % 3 === 0 ? 0 : 10,
      anonymisedAt: i % 41 === 7 ? new Date() : null,
      // never marketed to either, and counted as a send leaves them out
      enabled: i % 37 !== 5,
      locked: i % 43 === 11,
    }));
    const inserted = await t.db.insert(customers).values(rows).returning({ id: customers.id });
    await t.db.insert(suppressions).values([
      { channel: "email" as const, address: "opt@out.example", reason: "unsubscribed" as const, at: new Date() },
      { channel: "email" as const, address: "müller@bank.example", reason: "bounced" as const, at: new Date() },
      { channel: "sms" as const, address: "+12125550199", reason: "stop" as const, at: new Date() },
      { channel: "sms" as const, address: "+12125550111", reason: "stop" as const, at: new Date() },
    ]);
    const suppressed = { email: new Set(["opt@out.example", "müller@bank.example"]), sms: new Set(["+12125550199", "+12125550111"]) };
    const ids = inserted.map((r) => r.id);
    for (const definition of [{ customerIds: ids }, { customerIds: ids.filter((id) => id % 3 !== 1) }, { query: "q=Reach 1" }]) {
      const members = await membersOf(t.db, { definition });
      expect(members.length).toBeGreaterThan(10);
      expect(await reachOf(t.db, { definition })).toEqual(await reachAsSent(members, suppressed));
      // its pages, read from the index, are the list's members in order
      const pages = [];
      for (let offset = 0; offset < members.length; offset += 50) pages.push(...(await membersPage(t.db, { list: { definition }, offset, limit: 50 })));
      expect(pages).toEqual(members);
    }
  });
});
