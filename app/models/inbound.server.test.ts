import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { parseEnv, type Env } from "~/.server/env";
import { inboundItems, leads, notifications, outbox } from "~/.server/db/schema";
import type { Services } from "~/.server/services";
import { makeUser } from "~/seed/factories";
import { answerInquiry, inboundAction, listInbound, listMemberInquiries, receiveInbound, updateInbound } from "./inbound.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let services: Services;
beforeAll(async () => {
  t = await createTestDatabase();
  services = {
    db: t.db,
    env: { ...parseEnv({}), SESSION_SECRET: "inbound-secret", APP_URL: "https://market.example" } as Env,
    waitUntil: () => {},
  } as unknown as Services;
});
afterAll(() => t.cleanup());

describe("the inbound funnel", () => {
  it("tells every admin through the outbox when an item arrives, and a demo request becomes a potential customer", async () => {
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const item = await receiveInbound(services, { kind: "demo", name: "Dee", email: "dee@example.test", company: "Dee Fund", message: "A demo please" });
    const mail = await t.db.select().from(outbox).where(eq(outbox.recipient, admin.email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("New demo request from Dee");
    expect(mail[0]!.body).toContain("https://market.example/admin/demorequests");
    expect(await t.db.select().from(leads).where(eq(leads.inboundItemId, item.id))).toHaveLength(1);

    const contact = await receiveInbound(services, { kind: "contact", name: "Cy", email: "cy@example.test", message: "Hello there" });
    expect(await t.db.select().from(leads).where(eq(leads.inboundItemId, contact.id))).toHaveLength(0);
  });

  it("sets status, owner and notes only on an item of the page's kind, and only an admin may own one", async () => {
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const buyer = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    const item = await receiveInbound(services, { kind: "affiliate", name: "Al", email: "al@example.test", company: "Al Co", message: "Apply" });
    const change = { id: item.id, status: "contacted" as const, notes: "called", ownerId: admin.id };
    expect(await updateInbound(t.db, { ...change, kind: "demo" })).toBeNull();
    expect(await updateInbound(t.db, { ...change, kind: "affiliate", ownerId: buyer.id })).toBe("not-an-admin");
    expect(await updateInbound(t.db, { ...change, kind: "affiliate" })).toMatchObject({ status: "contacted", ownerId: admin.id, notes: "called" });
    const { rows } = await listInbound(t.db, { kind: "affiliate", filters: { status: "contacted" } });
    expect(rows.find((r) => r.item.id === item.id)?.ownerName).toBe(admin.name);
  });

  it("a row saved from a page opened before another admin's save keeps that save: only what this admin changed is written", async () => {
    const [first, second] = [await makeUser(t.db, { roles: ["ROLE_ADMIN"] }), await makeUser(t.db, { roles: ["ROLE_ADMIN"] })];
    const item = await receiveInbound(services, { kind: "demo", name: "Dana", email: "dana@example.test", company: "Dana Fund", message: "A demo please" });
    // both admins' tables show the request as it came in
    const shown = { status: "new", ownerId: "", notes: "" };
    const save = (admin: typeof first, values: Partial<typeof shown>) => {
      const body = new URLSearchParams({ intent: "update", id: String(item.id), ...shown, ...values, opened: JSON.stringify(shown) });
      const request = new Request("https://market.example/admin/demorequests", { method: "POST", body });
      return inboundAction(services, { admin, kind: "demo", request });
    };
    const stored = async () => (await t.db.select().from(inboundItems).where(eq(inboundItems.id, item.id)))[0]!;
    // the first takes it and marks it contacted; the second, from the page opened before, writes a note
    expect(await save(first, { status: "contacted", ownerId: String(first.id) })).toMatchObject({ message: "Saved." });
    expect(await save(second, { notes: "Knows our CEO" })).toMatchObject({ message: "Saved." });
    expect(await stored()).toMatchObject({ status: "contacted", ownerId: first.id, notes: "Knows our CEO" });
    // the second takes it too: the owner both changed, to different admins, is refused (409) with why, nothing written
    const refused = (await save(second, { ownerId: String(second.id), notes: "Knows our CEO" })) as Response;
    expect(refused.status).toBe(409);
    const { result } = (await refused.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(result.error.ownerId).toEqual([`Someone changed this to “${first.name}” since you opened the page; the page now shows their other changes too. Save again to put yours in its place.`]);
    expect(await stored()).toMatchObject({ status: "contacted", ownerId: first.id, notes: "Knows our CEO" });
    // the row's form shows it as it is now (the first's status), this admin's owner as chosen, and is opened on the
    // row as stored: saved again, the owner is theirs and the first's status stays
    expect([result.initialValue.status, result.initialValue.ownerId, result.initialValue.notes]).toEqual(["contacted", String(second.id), "Knows our CEO"]);
    expect(JSON.parse(result.initialValue.opened!)).toEqual({ status: "contacted", ownerId: String(first.id), notes: "Knows our CEO" });
    const again = new URLSearchParams({ ...result.initialValue, intent: "update", id: String(item.id) });
    expect(await inboundAction(services, { admin: second, kind: "demo", request: new Request("https://market.example/admin/demorequests", { method: "POST", body: again }) })).toMatchObject({ message: "Saved." });
    expect(await stored()).toMatchObject({ status: "contacted", ownerId: second.id, notes: "Knows our CEO" });
    await t.db.update(inboundItems).set({ ownerId: first.id }).where(eq(inboundItems.id, item.id));
    // the same change made twice (a second click, another admin alike) is no clash
    expect(await updateInbound(t.db, { id: item.id, kind: "demo", status: "contacted", ownerId: first.id, notes: "", opened: { status: "new", ownerId: null, notes: "" } })).toMatchObject({
      status: "contacted",
      ownerId: first.id,
      notes: "Knows our CEO",
    });
  });

  it("an answer reaches the member in the app and by e-mail, and only the member sees the question", async () => {
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
    const member = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    const other = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    const item = await receiveInbound(services, { kind: "inquiry", name: member.name, email: member.email, message: "Is it seasoned?", userId: member.id });
    expect(await answerInquiry(services, { id: item.id + 1000, admin, answer: "x" })).toBeNull();
    const answered = await answerInquiry(services, { id: item.id, admin, answer: "Yes." });
    expect(answered).toMatchObject({ row: { answer: "Yes.", status: "contacted", answeredBy: admin.id }, already: false });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, member.id))).toHaveLength(1);
    const mail = await t.db.select().from(outbox).where(eq(outbox.recipient, member.email));
    expect(mail[0]!.body).toContain("Yes.");
    expect(await listMemberInquiries(t.db, { userId: member.id })).toMatchObject([{ message: "Is it seasoned?", answer: "Yes." }]);
    expect(await listMemberInquiries(t.db, { userId: other.id })).toEqual([]);
  });
});

describe("an inbound table", () => {
  const DAY = 86_400_000;
  it("keeps to its kind, searches, filters on status, owner and days, sorts and pages on the server", async () => {
    const admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"], name: "Olive Owner" });
    const tag = `t${Date.now().toString(36)}`;
    const at = (n: number) => new Date(Date.UTC(2026, 0, 10) + n * DAY);
    const made = [];
    for (const [i, name] of ["Cara", "Abel", "Bea"].entries()) {
      const item = await receiveInbound(services, { kind: "contact", name, email: `${name.toLowerCase()}-${tag}@example.test`, message: `About ${tag}` });
      await t.db.update(inboundItems).set({ createdAt: at(i) }).where(eq(inboundItems.id, item.id));
      made.push(item);
    }
    await receiveInbound(services, { kind: "demo", name: "Dora", email: `dora-${tag}@example.test`, message: `About ${tag}` });
    await updateInbound(t.db, { id: made[1]!.id, kind: "contact", status: "contacted", ownerId: admin.id, notes: "" });

    const names = async (query: Omit<Parameters<typeof listInbound>[1], "kind">) =>
      (await listInbound(t.db, { kind: "contact", ...query })).rows.map((r) => r.item.name);
    expect(await names({ filters: { q: tag } })).toEqual(["Bea", "Abel", "Cara"]);
    expect(await names({ filters: { q: tag }, sort: "name", desc: false })).toEqual(["Abel", "Bea", "Cara"]);
    expect(await names({ filters: { q: tag, status: "contacted" } })).toEqual(["Abel"]);
    expect(await names({ filters: { q: tag, owner: String(admin.id) } })).toEqual(["Abel"]);
    expect(await names({ filters: { q: tag, owner: "none" } })).toEqual(["Bea", "Cara"]);
    expect(await names({ filters: { q: tag, status: "Any", from: "2026-01-11", to: "2026-01-11" } })).toEqual(["Abel"]);
    // no owner sorts last; ties keep the order they arrived in
    expect(await names({ filters: { q: tag }, sort: "owner", desc: false })).toEqual(["Abel", "Cara", "Bea"]);
    const second = await listInbound(t.db, { kind: "contact", filters: { q: tag }, pageSize: 2, page: 2 });
    expect([second.total, second.rows.map((r) => r.item.name)]).toEqual([3, ["Cara"]]);
    // a search is text, never a pattern
    expect(await names({ filters: { q: "%" } })).toEqual([]);
  });

  it("finds text in any field, notes an admin saved included, in any case; short text too; pages by name", async () => {
    // digits: a base-36 stamp may hold "zq", which Ivy must not be found by
    const tag = `u${Date.now()}`;
    const [ivy, jon] = [
      await receiveInbound(services, { kind: "inquiry", name: "Ivy Müller", email: `ivy-${tag}@example.test`, company: `Quill ${tag} Partners`, message: "Do you list farm loans?" }),
      await receiveInbound(services, { kind: "inquiry", name: "Jon", email: `jon-${tag}@example.test`, phone: "+1 555 0199", message: "Call me about the Zq pool" }),
    ];
    await updateInbound(t.db, { id: jon!.id, kind: "inquiry", status: "contacted", ownerId: null, notes: `Spoke ${tag}: wants a callback` });
    const found = async (q: string) => (await listInbound(t.db, { kind: "inquiry", filters: { q } })).rows.map((r) => r.item.id).sort();
    expect(await found(`QUILL ${tag}`)).toEqual([ivy!.id]);
    expect(await found(`ivy-${tag}@EXAMPLE`)).toEqual([ivy!.id]);
    expect(await found("FARM LOANS")).toEqual([ivy!.id]);
    expect(await found(`${tag}: wants a CALLBACK`)).toEqual([jon!.id]);
    // letters beyond ASCII in any case (the trigram index folds them)
    expect(await found("MÜLLER")).toEqual([ivy!.id]);
    // text of one or two characters, below a trigram, is still found
    expect(await found("zQ")).toContain(jon!.id);
    expect(await found("zQ")).not.toContain(ivy!.id);
    // and its letters beyond ASCII in any case, as the trigram index finds a longer text ("ZOÉ", "zoé")
    const zoe = await receiveInbound(services, { kind: "inquiry", name: "ZOÉ ÅBERG", email: `zoe-${tag}@example.test`, message: "Loans?" });
    for (const q of ["é", "É", "oé", "OÉ", "å", "Åb", "zoé", "ZOÉ"]) expect(await found(q), q).toEqual([zoe!.id]);
    for (const q of ["ü", "Ü", "MÜ", "mü", "üL"]) expect(await found(q), q).toEqual([ivy!.id]);
    // another kind's text is not this kind's
    expect((await listInbound(t.db, { kind: "demo", filters: { q: `QUILL ${tag}` } })).total).toBe(0);
    // a changed note is found by its new text only; a deleted item is found no more
    await updateInbound(t.db, { id: jon!.id, kind: "inquiry", status: "contacted", ownerId: null, notes: "" });
    expect(await found(`${tag}: wants`)).toEqual([]);
    await t.db.delete(inboundItems).where(eq(inboundItems.id, ivy!.id));
    expect(await found(`QUILL ${tag}`)).toEqual([]);
    // by name, a page at a time, the same as one long page
    for (const desc of [false, true]) {
      const whole = await listInbound(t.db, { kind: "contact", sort: "name", desc, pageSize: 100 });
      const paged = [];
      for (let page = 1; (page - 1) * 2 < whole.total; page++) paged.push(...(await listInbound(t.db, { kind: "contact", sort: "name", desc, page, pageSize: 2 })).rows);
      expect(paged).toEqual(whole.rows);
      const lowered = paged.map((r) => r.item.name.toLowerCase());
      expect(lowered).toEqual([...lowered].sort((a, b) => (desc ? (a < b ? 1 : a > b ? -1 : 0) : a < b ? -1 : a > b ? 1 : 0)));
    }
  });
});
