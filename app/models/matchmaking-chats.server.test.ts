import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_DOCUMENTS } from "../../cms/seed/documents";
import { createTestDatabase } from "../../tests/support/db";
import { eq } from "drizzle-orm";
import { auditLog, customers, matchmakingChats, projects, users, type User } from "~/.server/db/schema";
import { ContentService } from "~/.server/content";
import { localContentSource } from "~/.server/content/sources";
import type { Env } from "~/.server/env";
import { makeUser } from "~/seed/factories";
import { criteriaOf } from "./buyer-criteria.server";
import { assistantFor, dismissProposal, saveProposal, sayToAssistant, startOver } from "./matchmaking-chats.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let services: { db: typeof t.db; content: ContentService; env: Env };
let buyer: User;
let customerId: number;
let texas: number;

beforeAll(async () => {
  t = await createTestDatabase();
  services = { db: t.db, content: new ContentService(localContentSource(() => SEED_DOCUMENTS)), env: {} as Env };
  const [company] = await t.db.insert(customers).values({ name: "Lone Star Credit", customerType: "buyer", preferences: { statePreferences: ["Ohio"] } }).returning();
  customerId = company!.id;
  const member = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
  buyer = (await t.db.update(users).set({ customerId }).where(eq(users.id, member.id)).returning())[0]!;
  const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
  const base = { sellerId: seller.id, kind: "loan_pool" as const, industry: "Healthcare", location: "Southwest", term: "Performing", size: 3_000_000 };
  const [visible] = await t.db.insert(projects).values({ ...base, status: "published", projectName: "Texas Performing Pool", state: "TX" }).returning();
  await t.db.insert(projects).values({ ...base, status: "draft", projectName: "Hidden Texas Draft", state: "TX" });
  texas = visible!.id;
});
afterAll(() => t.cleanup());

describe("the matchmaking conversation", () => {
  it("shows the first question without writing anything", async () => {
    const view = await assistantFor(services, { user: buyer });
    expect(view).toMatchObject({ turns: [], proposal: null, hasCompany: true });
    expect(view.opening).toMatch(/industries/);
  });

  it("opens with what the company's saved criteria leave open, not with what on-boarding told", async () => {
    const [company] = await t.db.insert(customers).values({ name: "Onboarded Fund", customerType: "buyer", preferences: { industryPreferences: ["Energy"], statePreferences: ["TX"] } }).returning();
    const member = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    const onboarded = (await t.db.update(users).set({ customerId: company!.id }).where(eq(users.id, member.id)).returning())[0]!;
    expect((await assistantFor(services, { user: onboarded })).opening).toMatch(/transaction size/);
    await sayToAssistant(services, { user: onboarded, message: "under $5M" });
    const turns = (await assistantFor(services, { user: onboarded })).turns;
    expect(turns[0]!.text).toMatch(/transaction size/);
    expect(turns[2]!.text).toMatch(/Performing loans, non-performing, or either\?$/);
  });

  it("proposes criteria from a message and answers with visible matching projects only, saving nothing yet", async () => {
    await sayToAssistant(services, { user: buyer, message: "loan pools in Texas under $5M, performing" });
    const view = await assistantFor(services, { user: buyer });
    expect(view.turns.map((t) => t.from)).toEqual(["bot", "member", "bot"]);
    expect(view.proposal).toContain("states Texas");
    const shown = view.turns[2]!.matches;
    expect(shown.map((m) => m.projectName)).toEqual(["Texas Performing Pool"]);
    expect(shown[0]!.reasons.map((r) => r.reason)).toContain("State: TX");
    expect((await criteriaOf(t.db, { customerId }))!.criteria.statePreferences).toEqual(["Ohio"]);
  });

  it("never shows a project that stopped being visible", async () => {
    await t.db.update(projects).set({ status: "withdrawn" }).where(eq(projects.id, texas));
    expect((await assistantFor(services, { user: buyer })).turns[2]!.matches).toEqual([]);
    await t.db.update(projects).set({ status: "published" }).where(eq(projects.id, texas));
  });

  it("saves the proposal to the company's criteria with consent, audited", async () => {
    expect(await saveProposal(services, { user: buyer })).toEqual({ saved: true });
    const saved = (await criteriaOf(t.db, { customerId }))!.criteria;
    expect(saved).toMatchObject({ statePreferences: ["Texas"], performingLoanPreference: "Performing", transactionScalePreferences: ["<$1m", "$1-$5m"] });
    expect((await t.db.select().from(auditLog)).map((a) => a.action)).toContain("customer.criteria");
    expect((await assistantFor(services, { user: buyer })).proposal).toBeNull();
  });

  it("answers the same Save sent again (a double click without JavaScript) as saved, writing nothing more", async () => {
    const audited = async () => (await t.db.select().from(auditLog)).filter((a) => a.action === "customer.criteria").length;
    const before = await audited();
    const turns = (await assistantFor(services, { user: buyer })).turns.length;
    expect(await saveProposal(services, { user: buyer })).toEqual({ saved: true });
    expect(await audited()).toBe(before);
    expect((await assistantFor(services, { user: buyer })).turns).toHaveLength(turns);
    // after Not now there is still nothing to save
    await sayToAssistant(services, { user: buyer, message: "Energy" });
    await dismissProposal(t.db, { user: buyer });
    expect(await saveProposal(services, { user: buyer })).toMatchObject({ saved: false, problem: expect.stringMatching(/nothing to save/) });
  });

  it("keeps the criteria on Not now, and forgets the conversation on Start over", async () => {
    await sayToAssistant(services, { user: buyer, message: "Energy" });
    expect((await assistantFor(services, { user: buyer })).proposal).toContain("industries Energy");
    await dismissProposal(t.db, { user: buyer });
    expect((await criteriaOf(t.db, { customerId }))!.criteria.industryPreferences).toEqual([]);
    expect((await assistantFor(services, { user: buyer })).proposal).toBeNull();
    await startOver(t.db, { user: buyer });
    expect((await assistantFor(services, { user: buyer })).turns).toEqual([]);
  });

  it("offers a buyer who also sells the others' listings, not their own", async () => {
    const both = await makeUser(t.db, { roles: ["ROLE_SELLER", "ROLE_BUYER"] });
    const fit = { kind: "loan_pool" as const, status: "published" as const, industry: "Aviation", location: "Midwest", state: "OH", term: "Performing", size: 3_000_000 };
    const [own] = await t.db.insert(projects).values([
      { ...fit, sellerId: both.id, projectName: "Own Ohio Aviation Pool" },
      { ...fit, sellerId: both.id, projectName: "Own Ohio Aviation Pool II" },
      { ...fit, sellerId: both.id, projectName: "Own Ohio Aviation Pool III" },
    ]).returning();
    const [others] = await t.db.insert(projects).values({ ...fit, sellerId: buyer.id, projectName: "Buckeye Aviation Pool", size: 30_000_000 }).returning();
    await sayToAssistant(services, { user: both, message: "aviation loan pools in Ohio under $5M, performing" });
    const shown = (await assistantFor(services, { user: both })).turns.at(-1)!.matches;
    expect(shown.map((m) => m.projectId)).toContain(others!.id);
    expect(shown.map((m) => m.projectName).filter((name) => name.startsWith("Own"))).toEqual([]);
    // a turn kept from before, which named one of their own, no longer shows it
    const [chat] = await t.db.select().from(matchmakingChats).where(eq(matchmakingChats.userId, both.id));
    const kept = chat!.turns.map((turn, i) => (i === chat!.turns.length - 1 ? { ...turn, matches: [{ ...turn.matches![0]!, projectId: own!.id }, ...turn.matches!] } : turn));
    await t.db.update(matchmakingChats).set({ turns: kept }).where(eq(matchmakingChats.userId, both.id));
    const again = (await assistantFor(services, { user: both })).turns.at(-1)!.matches;
    expect(again.map((m) => m.projectId)).toContain(others!.id);
    expect(again.map((m) => m.projectId)).not.toContain(own!.id);
  });

  it("offers a buyer none of their company's listings, a colleague's no more than their own", async () => {
    const [company] = await t.db.insert(customers).values({ name: "Cuyahoga Credit", customerType: "buyer" }).returning();
    const member = async (roles: string[]) =>
      (await t.db.update(users).set({ customerId: company!.id }).where(eq(users.id, (await makeUser(t.db, { roles })).id)).returning())[0]!;
    const both = await member(["ROLE_SELLER", "ROLE_BUYER"]);
    const colleague = await member(["ROLE_SELLER"]);
    const fit = { kind: "loan_pool" as const, status: "published" as const, industry: "Agriculture", location: "Midwest", state: "OH", term: "Performing", size: 3_000_000 };
    const [theirs] = await t.db.insert(projects).values({ ...fit, sellerId: colleague.id, projectName: "Colleague Ohio Farm Pool" }).returning();
    const [others] = await t.db.insert(projects).values({ ...fit, sellerId: buyer.id, projectName: "Erie Farm Pool", size: 30_000_000 }).returning();
    await sayToAssistant(services, { user: both, message: "farming loan pools in Ohio under $5M, performing" });
    const shown = (await assistantFor(services, { user: both })).turns.at(-1)!.matches.map((m) => m.projectId);
    expect(shown).toContain(others!.id);
    expect(shown).not.toContain(theirs!.id);
    // a turn kept from before, which named the colleague's, no longer shows it
    const [chat] = await t.db.select().from(matchmakingChats).where(eq(matchmakingChats.userId, both.id));
    const kept = chat!.turns.map((turn, i) => (i === chat!.turns.length - 1 ? { ...turn, matches: [{ ...turn.matches![0]!, projectId: theirs!.id }, ...turn.matches!] } : turn));
    await t.db.update(matchmakingChats).set({ turns: kept }).where(eq(matchmakingChats.userId, both.id));
    expect((await assistantFor(services, { user: both })).turns.at(-1)!.matches.map((m) => m.projectId)).not.toContain(theirs!.id);
  });

  it("saves only what the conversation changed, refusing a criterion someone else changed meanwhile until saved again", async () => {
    const [company] = await t.db.insert(customers).values({ name: "Maumee Credit", customerType: "buyer", preferences: { statePreferences: ["Ohio"] } }).returning();
    const member = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    const talker = (await t.db.update(users).set({ customerId: company!.id }).where(eq(users.id, member.id)).returning())[0]!;
    const criteria = async () => (await criteriaOf(t.db, { customerId: company!.id }))!.criteria;
    const meanwhile = async (change: object) =>
      t.db.update(customers).set({ preferences: { ...(await criteriaOf(t.db, { customerId: company!.id }))!.criteria, ...change } }).where(eq(customers.id, company!.id));

    // an admin sets the states and loan status while the member talks about industries: both kept
    await sayToAssistant(services, { user: talker, message: "Energy" });
    await meanwhile({ statePreferences: ["Texas"], performingLoanPreference: "Non-Performing" });
    expect((await assistantFor(services, { user: talker })).proposal).toBe("industries Energy");
    expect(await saveProposal(services, { user: talker })).toEqual({ saved: true });
    expect(await criteria()).toMatchObject({ industryPreferences: ["Energy"], statePreferences: ["Texas"], performingLoanPreference: "Non-Performing" });

    // a colleague changes the states the member is changing too: refused, named, the proposal kept
    await sayToAssistant(services, { user: talker, message: "Iowa" });
    await meanwhile({ statePreferences: ["Utah"], industryPreferences: ["Aviation"] });
    const refused = await saveProposal(services, { user: talker });
    expect(refused).toEqual({ saved: false, problem: expect.stringMatching(/^States: someone changed this to “Utah”/) });
    expect(await criteria()).toMatchObject({ statePreferences: ["Utah"], industryPreferences: ["Aviation"] });
    expect((await assistantFor(services, { user: talker })).proposal).toBe("states Iowa");
    // saved again, theirs goes in its place and nothing else moves
    expect(await saveProposal(services, { user: talker })).toEqual({ saved: true });
    expect(await criteria()).toMatchObject({ statePreferences: ["Iowa"], industryPreferences: ["Aviation"], performingLoanPreference: "Non-Performing" });
  });

  it("refuses to save for a member without a company", async () => {
    const loner = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    await sayToAssistant(services, { user: loner, message: "Texas" });
    expect(await saveProposal(services, { user: loner })).toMatchObject({ saved: false });
  });
});
