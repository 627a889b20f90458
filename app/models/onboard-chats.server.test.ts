import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { auditLog, customers, leads, onboardChats, users, type User } from "~/.server/db/schema";
import { answeredCount, stepsFor, type AnswerValues } from "~/lib/onboarding";
import type { OnboardSide, TranscriptEntry } from "~/lib/onboard-chats";
import { makeUser } from "~/seed/factories";
import { answerStep, chatPage, findChat, listChats, onboardingPrompt, skipStep, stepBack, transcriptAfter } from "./onboard-chats.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => void (t = await createTestDatabase()));
afterAll(() => t.cleanup());

const say = (user: User, side: OnboardSide, step: string, entries: Record<string, unknown>) =>
  answerStep({ db: t.db }, { user, side, value: { intent: "answer", step, ...entries } as AnswerValues });
const reload = async (user: User) => (await t.db.query.users.findFirst({ where: eq(users.id, user.id) }))!;
const customerOf = async (id: number | null) => (await t.db.query.customers.findFirst({ where: eq(customers.id, id ?? -1) }))!;

describe("a fresh member's chat", () => {
  it("writes nothing until the first answer, then makes the company from it and saves every answer where it belongs", async () => {
    const user = await makeUser(t.db, { roles: ["ROLE_BUYER"], company: "Joined As Fund" });
    const page = await chatPage(t.db, { user, side: "buyer" });
    expect(page.chat).toBeNull();
    expect(page.step.key).toBe("company");
    expect(page.defaults.customerName).toBe("Joined As Fund");
    expect(await findChat(t.db, { userId: user.id, side: "buyer" })).toBeNull();

    const first = await say(user, "buyer", "company", { customerName: "Fresh Harbor Credit", website: "https://fresh-harbor.test" });
    expect(first).toMatchObject({ ok: true, completed: false, chat: { currentStep: "businessType", createdCustomer: true } });
    const member = await reload(user);
    const customer = await customerOf(member.customerId);
    expect(customer).toMatchObject({ name: "Fresh Harbor Credit", websiteDomain: "fresh-harbor.test", customerType: "buyer", onboardingStatus: "in_progress", attentionEmail: user.email });
    expect(member.company).toBe("Fresh Harbor Credit");

    await say(member, "buyer", "businessType", { businessType: "Hedge Fund" });
    await say(member, "buyer", "buyerType", { buyerType: "Accredited Investor" });
    await skipStep({ db: t.db }, { user: member, side: "buyer", stepKey: "investmentPref" });
    await say(member, "buyer", "transactionPref", { transactionPref: ["Trading Loans"] });
    await say(member, "buyer", "industryPreferences", { industryPreferences: ["Aviation", "Energy"] });
    // leaving here and coming back resumes at the first unanswered question
    expect((await chatPage(t.db, { user: member, side: "buyer" })).step.key).toBe("borrowerLocationPreferences");
    await stepBack(t.db, { user: member, side: "buyer", stepKey: "borrowerLocationPreferences" });
    const back = await chatPage(t.db, { user: member, side: "buyer" });
    expect(back.step.key).toBe("industryPreferences");
    expect(back.defaults.industryPreferences).toEqual(["Aviation", "Energy"]);
    // an answer for a question not shown is not taken
    await say(member, "buyer", "statePreferences", { statePreferences: ["Ohio"] });
    expect((await customerOf(customer.id)).preferences.statePreferences ?? []).toEqual([]);
    const again = await say(member, "buyer", "industryPreferences", { industryPreferences: ["Retail"] });
    expect(again).toMatchObject({ chat: { currentStep: "borrowerLocationPreferences" } });

    await say(member, "buyer", "borrowerLocationPreferences", { borrowerLocationPreferences: ["Midwest"] });
    await say(member, "buyer", "statePreferences", { statePreferences: ["Ohio", "Iowa"] });
    await say(member, "buyer", "transactionScalePreferences", { transactionScalePreferences: ["$1-$5m"] });
    await say(member, "buyer", "performingLoanPreference", { performingLoanPreference: "Non-Performing" });
    expect(await onboardingPrompt(t.db, { user: member, role: "buyer" })).toBe("/on-board/buyers");
    const done = await say(member, "buyer", "investmentCriteria", { investmentCriteria: "Senior secured, seasoned." });
    expect(done).toMatchObject({ ok: true, completed: true, chat: { status: "completed" } });

    const saved = await customerOf(customer.id);
    expect(saved).toMatchObject({ businessType: "Hedge Fund", investorType: "Accredited Investor", onboardingStatus: "in_progress" });
    expect(saved.preferences).toMatchObject({
      industryPreferences: ["Retail"],
      borrowerLocationPreferences: ["Midwest"],
      statePreferences: ["Ohio", "Iowa"],
      transactionScalePreferences: ["$1-$5m"],
      transactionPref: ["Trading Loans"],
      investmentPref: [],
      performingLoanPreference: "Non-Performing",
      investmentCriteria: "Senior secured, seasoned.",
    });
    const chat = (await findChat(t.db, { userId: member.id, side: "buyer" }))!;
    expect(chat.transcript.map((e) => e.step)).toContain("investmentCriteria");
    expect(chat.transcript.find((e) => e.step === "investmentPref")).toMatchObject({ skipped: true, answer: "Skipped" });
    // the new company is a potential customer from on-boarding, already converted
    const lead = await t.db.query.leads.findFirst({ where: eq(leads.id, chat.leadId!) });
    expect(lead).toMatchObject({ source: "onboarding", status: "converted", customerId: customer.id, email: user.email });
    expect(await onboardingPrompt(t.db, { user: member, role: "buyer" })).toBeNull();
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, String(customer.id)));
    expect(audited.map((a) => a.action)).toContain("customer.criteria");
    // a completed chat takes no more answers
    await say(member, "buyer", "investmentCriteria", { investmentCriteria: "changed" });
    expect((await customerOf(customer.id)).preferences.investmentCriteria).toBe("Senior secured, seasoned.");
  });

  it("makes one company of a company answer sent twice at once, with a website or without, and records the answer once", async () => {
    for (const website of ["https://twice-sent.test", ""]) {
      const user = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
      const name = `Twice Sent ${website ? "Web" : "Bare"} Capital`;
      const both = await Promise.all([1, 2].map(() => say(user, "buyer", "company", { customerName: name, website })));
      expect(both.every((r) => r.ok)).toBe(true);
      const made = await t.db.select().from(customers).where(eq(customers.name, name));
      expect(made).toHaveLength(1);
      expect((await reload(user)).customerId).toBe(made[0]!.id);
      const chat = (await findChat(t.db, { userId: user.id, side: "buyer" }))!;
      expect(chat).toMatchObject({ customerId: made[0]!.id, createdCustomer: true, leadId: null });
      expect(chat.transcript.filter((turn) => turn.step === "company")).toHaveLength(1);
    }
  });

  it("makes one company of a new name two members give at once: the other stays unattached and admins are told, not an error", async () => {
    for (const round of [1, 2, 3]) {
      const members = await Promise.all([1, 2].map(() => makeUser(t.db, { roles: ["ROLE_BUYER"] })));
      const name = `Same New Name ${round} Capital`;
      const answers = await Promise.all(members.map((user) => say(user, "buyer", "company", { customerName: name, website: "" })));
      expect(answers.every((a) => a.ok)).toBe(true);
      const made = await t.db.select().from(customers).where(eq(customers.name, name));
      expect(made).toHaveLength(1);
      const attached = await Promise.all(members.map(async (user) => (await reload(user)).customerId));
      expect(attached.filter((id) => id === made[0]!.id)).toHaveLength(1);
      expect(attached.filter((id) => id === null)).toHaveLength(1);
      const other = members[attached.indexOf(null)]!;
      const chat = (await findChat(t.db, { userId: other.id, side: "buyer" }))!;
      expect(chat).toMatchObject({ customerId: null, createdCustomer: false, currentStep: "businessType" });
      expect((await t.db.query.leads.findFirst({ where: eq(leads.id, chat.leadId!) }))!.notes).toContain(`customer ${made[0]!.id}`);
    }
  });

  it("gives a website two members give their companies at once to one of them; the other's company keeps none and admins are told, not an error", async () => {
    const members = await Promise.all([1, 2].map(() => makeUser(t.db, { roles: ["ROLE_BUYER"] })));
    for (const [i, user] of members.entries()) {
      await say(user, "buyer", "company", { customerName: `Same Site ${i} Capital`, website: "" });
      await stepBack(t.db, { user: await reload(user), side: "buyer", stepKey: "businessType" });
    }
    const answers = await Promise.all(
      members.map(async (user, i) => say(await reload(user), "buyer", "company", { customerName: `Same Site ${i} Capital`, website: "https://same-site.test" })),
    );
    expect(answers.every((a) => a.ok)).toBe(true);
    const chats = await Promise.all(members.map(async (user) => (await findChat(t.db, { userId: user.id, side: "buyer" }))!));
    expect(chats.filter((chat) => chat.leadId !== null)).toHaveLength(1);
    expect(await t.db.select().from(customers).where(eq(customers.websiteDomain, "same-site.test"))).toHaveLength(1);
  });

  it("gives a name to one of two members who rename their companies to it at once; the other moves on keeping theirs, not an error", async () => {
    for (const round of [1, 2, 3]) {
      const members = await Promise.all([1, 2].map(() => makeUser(t.db, { roles: ["ROLE_BUYER"] })));
      for (const [i, user] of members.entries()) {
        await say(user, "buyer", "company", { customerName: `Racing ${round}-${i} Capital`, website: "" });
        await stepBack(t.db, { user: await reload(user), side: "buyer", stepKey: "businessType" });
      }
      const name = `Raced Name ${round} Capital`;
      const answers = await Promise.all(members.map(async (user) => say(await reload(user), "buyer", "company", { customerName: name, website: "" })));
      expect(answers.every((a) => a.ok)).toBe(true);
      expect(await t.db.select().from(customers).where(eq(customers.name, name))).toHaveLength(1);
      // the member whose rename found the name taken keeps their company's name, on the company and on themselves
      const kept = (await Promise.all(members.map(reload))).find((member) => member.company !== name)!;
      expect(kept.company).toBe((await customerOf(kept.customerId)).name);
      expect(kept.company).not.toBe(name);
    }
  });

  it("keeps a member whose company matches a customer unattached, and tells admins", async () => {
    const [known] = await t.db.insert(customers).values({ name: "Lakeside Known Bank", websiteDomain: "lakeside-known.test", onboardingStatus: "active" }).returning();
    const user = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const result = await say(user, "seller", "company", { customerName: "lakeside known bank", website: "" });
    expect(result).toMatchObject({ ok: true, chat: { customerId: null, createdCustomer: false, currentStep: "businessType" } });
    expect((await reload(user)).customerId).toBeNull();
    const chat = (await findChat(t.db, { userId: user.id, side: "seller" }))!;
    const lead = await t.db.query.leads.findFirst({ where: eq(leads.id, chat.leadId!) });
    expect(lead).toMatchObject({ source: "onboarding", status: "open", company: "lakeside known bank" });
    expect(lead!.notes).toContain(`customer ${known!.id}`);
    // later answers stay in the transcript; the known company is untouched
    await say(user, "seller", "businessType", { businessType: "Bank" });
    expect((await customerOf(known!.id)).businessType).toBe("");
    const byDomain = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    expect(await say(byDomain, "buyer", "company", { customerName: "Another Name", website: "https://www.lakeside-known.test/about" })).toMatchObject({ chat: { customerId: null } });
  });

  it("never renames an admin's company or overwrites its business type, and moves it from invited to in progress at the end", async () => {
    const [company] = await t.db.insert(customers).values({ name: "Verified Admin Co", businessType: "Bank", customerType: "seller", onboardingStatus: "invited" }).returning();
    const user = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    await t.db.update(users).set({ customerId: company!.id }).where(eq(users.id, user.id));
    const member = await reload(user);
    expect(await onboardingPrompt(t.db, { user: member, role: "seller" })).toBe("/on-board/sellers");
    expect((await chatPage(t.db, { user: member, side: "seller" })).companyKept).toBe(true);
    await say(member, "seller", "company", { customerName: "Something Else", website: "" });
    await say(member, "seller", "businessType", { businessType: "Hedge Fund" });
    for (const step of stepsFor("seller").slice(2, -1)) await skipStep({ db: t.db }, { user: member, side: "seller", stepKey: step.key });
    const done = await say(member, "seller", "performingLoanPreference", { performingLoanPreference: "Performing" });
    expect(done).toMatchObject({ completed: true });
    const after = await customerOf(company!.id);
    expect(after).toMatchObject({ name: "Verified Admin Co", businessType: "Bank", onboardingStatus: "in_progress" });
    expect(after.preferences).toMatchObject({ performingLoanPreference: "Performing" });
    const chat = (await findChat(t.db, { userId: member.id, side: "seller" }))!;
    expect(chat.leadId).toBeNull();
  });

  it("clears what an answer set when the member goes Back and skips the question instead", async () => {
    const user = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    await say(user, "buyer", "company", { customerName: "Back And Skip Credit", website: "" });
    const member = await reload(user);
    await say(member, "buyer", "businessType", { businessType: "Hedge Fund" });
    await say(member, "buyer", "buyerType", { buyerType: "Accredited Investor" });
    await say(member, "buyer", "investmentPref", { investmentPref: ["Equity"] });
    const answered = await customerOf(member.customerId);
    expect(answered).toMatchObject({ businessType: "Hedge Fund", investorType: "Accredited Investor", preferences: { investmentPref: ["Equity"] } });
    // Back to a question, then Skip: the chat returns to where it was, the transcript says "Skipped", and the answer is gone
    const backTo = async (step: string) => {
      const order = ["transactionPref", "investmentPref", "buyerType", "businessType"];
      for (const at of order.slice(0, order.indexOf(step))) await stepBack(t.db, { user: member, side: "buyer", stepKey: at });
      await skipStep({ db: t.db }, { user: member, side: "buyer", stepKey: step });
    };
    await backTo("investmentPref");
    expect((await customerOf(member.customerId)).preferences.investmentPref).toEqual([]);
    await backTo("buyerType");
    await backTo("businessType");
    const skipped = await customerOf(member.customerId);
    expect(skipped).toMatchObject({ businessType: "", investorType: "" });
    expect(skipped.preferences.investmentPref).toEqual([]);
    const chat = (await findChat(t.db, { userId: member.id, side: "buyer" }))!;
    expect(chat.currentStep).toBe("transactionPref");
    expect(chat.transcript.slice(-3).map((e) => [e.step, e.answer])).toEqual([["investmentPref", "Skipped"], ["buyerType", "Skipped"], ["businessType", "Skipped"]]);
  });

  it("leaves a company an admin set up with its business and investor types when an answer to them is skipped after Back", async () => {
    const [company] = await t.db.insert(customers).values({ name: "Admin Set Up Fund", businessType: "Pension Fund", investorType: "QIB", customerType: "buyer" }).returning();
    const user = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    await t.db.update(users).set({ customerId: company!.id }).where(eq(users.id, user.id));
    const member = await reload(user);
    await say(member, "buyer", "company", { customerName: "Admin Set Up Fund", website: "" });
    await say(member, "buyer", "businessType", { businessType: "Bank" });
    await say(member, "buyer", "buyerType", { buyerType: "Accredited Investor" });
    await stepBack(t.db, { user: member, side: "buyer", stepKey: "investmentPref" });
    await skipStep({ db: t.db }, { user: member, side: "buyer", stepKey: "buyerType" });
    for (const step of ["investmentPref", "buyerType"]) await stepBack(t.db, { user: member, side: "buyer", stepKey: step });
    await skipStep({ db: t.db }, { user: member, side: "buyer", stepKey: "businessType" });
    const chat = (await findChat(t.db, { userId: member.id, side: "buyer" }))!;
    expect(chat.transcript.slice(-2).map((e) => [e.step, e.answer])).toEqual([["buyerType", "Skipped"], ["businessType", "Skipped"]]);
    expect(await customerOf(company!.id)).toMatchObject({ businessType: "Pension Fund", investorType: "QIB" });
  });

  it("keeps one turn a question however often the member goes Back and answers again: the answer that counts, the count kept", async () => {
    const user = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    await say(user, "buyer", "company", { customerName: "Back And Forth Credit", website: "" });
    const member = await reload(user);
    await say(member, "buyer", "businessType", { businessType: "Hedge Fund" });
    await skipStep({ db: t.db }, { user: member, side: "buyer", stepKey: "buyerType" });
    for (const businessType of ["Bank", "Pension Fund", "Bank", "Hedge Fund", "Bank"]) {
      for (const at of ["investmentPref", "buyerType"]) await stepBack(t.db, { user: member, side: "buyer", stepKey: at });
      await say(member, "buyer", "businessType", { businessType });
    }
    const chat = (await findChat(t.db, { userId: member.id, side: "buyer" }))!;
    expect(chat.currentStep).toBe("investmentPref");
    // the re-answered question's turn is the last: the time of the chat's last answer is its
    expect(chat.transcript.map((e) => [e.step, e.answer])).toEqual([["company", "Back And Forth Credit"], ["buyerType", "Skipped"], ["businessType", "Bank"]]);
    expect(chat).toMatchObject({ answered: 2, lastAnswerAt: chat.transcript.at(-1)!.at });
    // a transcript written before turns were replaced is cut to one turn a question by the next answer
    const turn = (step: string, answer: string) => ({ step, question: "?", answer, at: new Date().toISOString() });
    const long = Array.from({ length: 3000 }, (_, i) => turn(i % 2 ? "company" : "businessType", `Answer ${i}`));
    await t.db.update(onboardChats).set({ transcript: [...long, turn("buyerType", "QIB")], currentStep: "investmentPref" }).where(eq(onboardChats.id, chat.id));
    await say(member, "buyer", "investmentPref", { investmentPref: ["Equity"] });
    const cut = (await findChat(t.db, { userId: member.id, side: "buyer" }))!;
    expect(cut.transcript.map((e) => [e.step, e.answer])).toEqual([["businessType", "Answer 2998"], ["company", "Answer 2999"], ["buyerType", "QIB"], ["investmentPref", "Equity"]]);
    expect(cut.answered).toBe(4);
  });

  it("does not nag members of a verified company who never chatted, nor admins", async () => {
    const [company] = await t.db.insert(customers).values({ name: "Old Hands", onboardingStatus: "active" }).returning();
    const user = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    await t.db.update(users).set({ customerId: company!.id }).where(eq(users.id, user.id));
    expect(await onboardingPrompt(t.db, { user: await reload(user), role: "buyer" })).toBeNull();
    expect(await onboardingPrompt(t.db, { user, role: "admin" })).toBeNull();
    expect(await onboardingPrompt(t.db, { user: await makeUser(t.db, { roles: ["ROLE_BROKER"] }), role: "broker" })).toBe("/on-board/buyers");
  });
});

describe("the admin list", () => {
  it("pages the chats, filtered by status and side, newest answer first", async () => {
    const all = await listChats(t.db, {});
    expect(all.total).toBe(await t.db.$count(onboardChats));
    const sellers = await listChats(t.db, { side: "seller", pageSize: 1 });
    expect(sellers.rows).toHaveLength(1);
    expect(sellers.total).toBe(2);
    const completed = await listChats(t.db, { status: "completed" });
    expect(completed.rows.every((r) => r.chat.status === "completed")).toBe(true);
    const times = all.rows.map((r) => r.chat.updatedAt!.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // a page at a time gives the same chats in the same order as one long page, each with its member
    for (const query of [{}, { side: "seller" as const }, { sort: "created" as const, desc: false }, { status: "completed" as const, desc: false }]) {
      const whole = await listChats(t.db, { ...query, pageSize: 100 });
      const paged = [];
      for (let page = 1; page <= whole.total; page++) paged.push(...(await listChats(t.db, { ...query, page, pageSize: 1 })).rows);
      expect(paged).toEqual(whole.rows);
      expect(paged.every((r) => r.memberEmail)).toBe(true);
    }
  });

  it("says how many questions each chat answered and when it last did, kept beside the transcript: the list reads no transcript", async () => {
    const all = await listChats(t.db, { pageSize: 100 });
    // the chats of the cases above: answered, skipped, gone Back and answered again, finished
    expect(all.rows.length).toBeGreaterThan(3);
    expect(all.rows.some((r) => r.chat.answered > 0)).toBe(true);
    for (const row of all.rows) {
      expect(row.chat).not.toHaveProperty("transcript");
      const [{ transcript }] = (await t.db.select({ transcript: onboardChats.transcript }).from(onboardChats).where(eq(onboardChats.id, row.chat.id))) as [{ transcript: TranscriptEntry[] }];
      expect({ answered: row.chat.answered, lastAnswerAt: row.chat.lastAnswerAt }, `chat ${row.chat.id}`).toEqual({ answered: answeredCount(transcript), lastAnswerAt: transcript.at(-1)?.at ?? null });
    }
    // a skip after an answer takes the answer back; answering again counts it once
    const member = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    const turn = (step: string, skipped?: true) => ({ step, question: "?", answer: skipped ? "Skipped" : "yes", ...(skipped ? { skipped } : {}), at: new Date().toISOString() });
    const [chat] = await t.db.insert(onboardChats).values({ userId: member.id, side: "buyer", currentStep: "company", transcript: [turn("company"), turn("businessType")] }).returning();
    const answeredOf = async () => (await listChats(t.db, { pageSize: 100 })).rows.find((r) => r.chat.id === chat!.id)!.chat.answered;
    expect(await answeredOf()).toBe(2);
    await t.db.update(onboardChats).set({ transcript: [turn("company"), turn("businessType"), turn("company", true)] }).where(eq(onboardChats.id, chat!.id));
    expect(await answeredOf()).toBe(1);
    await t.db.update(onboardChats).set({ transcript: [turn("company"), turn("businessType"), turn("company", true), turn("company")] }).where(eq(onboardChats.id, chat!.id));
    expect(await answeredOf()).toBe(2);
  });
});

describe("a transcript written before an answer replaced its question's turn (migration 0100)", () => {
  it("is cut to each question's last turn, in the order given, completed or not; what the admin reads of it stays", async () => {
    const fs = await import("node:fs");
    const path = await import("node:path");
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute)).toISOString();
    const turn = (step: string, minute: number, skipped?: true) => ({ step, question: `Q ${step}`, answer: skipped ? "Skipped" : `A ${step} ${minute}`, ...(skipped ? { skipped } : {}), at: at(minute) });
    // a member who went Back and answered again, a skip taken back, a company answered last of all
    const long = [turn("company", 0), turn("businessType", 1), turn("company", 2), turn("investorType", 3, true), turn("businessType", 4), turn("investorType", 5)];
    for (let i = 0; i < 200; i++) long.push(turn("dealSize", 6 + (i % 50)));
    long.push(turn("company", 59));
    const once = [turn("company", 0), turn("businessType", 1)];
    const updatedAt = new Date(Date.UTC(2026, 10, 2));
    const chatOf = async (transcript: TranscriptEntry[], status: "completed" | "in_progress") => {
      const member = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
      const [chat] = await t.db.insert(onboardChats).values({ userId: member.id, side: "buyer", currentStep: "company", transcript, status, updatedAt }).returning();
      return chat!;
    };
    const chats = [await chatOf(long, "completed"), await chatOf(long, "in_progress"), await chatOf(once, "completed")];
    const before = await t.db.select().from(onboardChats).where(sql`${onboardChats.id} in (${sql.join(chats.map((c) => sql`${c.id}`), sql`, `)})`).orderBy(onboardChats.id);
    const file = fs.readFileSync(path.resolve(__dirname, "../../migrations/0100_cut_onboard_transcripts.sql"), "utf8");
    await t.db.run(sql.raw(file));
    const after = await t.db.select().from(onboardChats).where(sql`${onboardChats.id} in (${sql.join(chats.map((c) => sql`${c.id}`), sql`, `)})`).orderBy(onboardChats.id);
    // as the answers since cut it: the same turns in the same order as one more answer's cut would leave
    const cut = transcriptAfter(long.slice(0, -1), long.at(-1)!);
    expect(cut.map((e) => e.answer)).toEqual(["A businessType 4", "A investorType 5", "A dealSize 55", "A company 59"]);
    expect(after.map((c) => c.transcript)).toEqual([cut, cut, once]);
    // the answers counted, the last answer's time and the chat's own time are those the admin read before
    expect(after.map(({ answered, lastAnswerAt, updatedAt, status }) => ({ answered, lastAnswerAt, updatedAt, status }))).toEqual(
      before.map(({ answered, lastAnswerAt, updatedAt, status }) => ({ answered, lastAnswerAt, updatedAt, status })),
    );
    expect(after[0]!.answered).toBe(4);
  });
});

describe("a request cut between the chat's writes", () => {
  /** The database refuses one statement, as a lost connection or a Worker stopped between two writes would leave it unwritten. */
  async function cutAt<T>(trigger: string, answer: () => Promise<T>) {
    await t.db.run(sql.raw(`create trigger cut_request ${trigger} begin select raise(abort, 'storage hiccup'); end`));
    try {
      await expect(answer()).rejects.toThrow();
    } finally {
      await t.db.run(sql`drop trigger cut_request`);
    }
  }
  const leadsOf = (user: User) => t.db.select().from(leads).where(eq(leads.email, user.email));

  it("leaves no company without its member: a cut company answer writes nothing, and the retry attaches the member to one new company", async () => {
    const user = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
    const name = "Cut Short Capital";
    await cutAt(`before update of customer_id on users when old.id = ${user.id}`, () => say(user, "buyer", "company", { customerName: name, website: "https://cut-short.test" }));
    expect(await t.db.select().from(customers).where(eq(customers.name, name))).toEqual([]);
    expect((await reload(user)).customerId).toBeNull();
    expect(await findChat(t.db, { userId: user.id, side: "buyer" })).toMatchObject({ customerId: null, createdCustomer: false, currentStep: "company", transcript: [] });

    // the member sends it again: their own new company, not a lead saying it matches one we have
    const retry = await say(user, "buyer", "company", { customerName: name, website: "https://cut-short.test" });
    expect(retry).toMatchObject({ ok: true, chat: { currentStep: "businessType", createdCustomer: true, leadId: null } });
    const made = await t.db.select().from(customers).where(eq(customers.name, name));
    expect(made).toHaveLength(1);
    expect(await reload(user)).toMatchObject({ customerId: made[0]!.id, company: name });
    expect((await findChat(t.db, { userId: user.id, side: "buyer" }))!.customerId).toBe(made[0]!.id);
    expect(await leadsOf(user)).toEqual([]);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.subjectId, String(made[0]!.id)));
    expect(audited.filter((a) => a.action === "customer.create")).toHaveLength(1);
  });

  it("tells admins once of a member whose company matches a customer, though the first answer was cut", async () => {
    await t.db.insert(customers).values({ name: "Cut Lead Known Bank", onboardingStatus: "active" });
    const user = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const chatOf = async () => (await findChat(t.db, { userId: user.id, side: "seller" }))!;
    await cutAt(`before update of lead_id on onboard_chats when new.lead_id is not null and new.user_id = ${user.id}`, () =>
      say(user, "seller", "company", { customerName: "Cut Lead Known Bank", website: "" }),
    );
    expect(await leadsOf(user)).toEqual([]);
    expect(await chatOf()).toMatchObject({ leadId: null, currentStep: "company", transcript: [] });
    expect(await say(user, "seller", "company", { customerName: "Cut Lead Known Bank", website: "" })).toMatchObject({ ok: true, chat: { currentStep: "businessType" } });
    const recorded = await leadsOf(user);
    expect(recorded).toHaveLength(1);
    expect((await chatOf()).leadId).toBe(recorded[0]!.id);
  });

  it("ends a chat whose last answer was cut once: one potential customer for the new company, the answer in the transcript once", async () => {
    const user = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    await say(user, "seller", "company", { customerName: "Cut Ending Lenders", website: "" });
    const member = await reload(user);
    const steps = stepsFor("seller");
    for (const step of steps.slice(1, -1)) await skipStep({ db: t.db }, { user: member, side: "seller", stepKey: step.key });
    const last = steps.at(-1)!.key;
    expect(last).toBe("performingLoanPreference");
    await cutAt(`before update of status on onboard_chats when new.status = 'completed' and new.user_id = ${user.id}`, () =>
      say(member, "seller", last, { performingLoanPreference: "Performing" }),
    );
    expect(await leadsOf(user)).toEqual([]);
    const cut = (await findChat(t.db, { userId: user.id, side: "seller" }))!;
    expect(cut).toMatchObject({ status: "in_progress", leadId: null, currentStep: last });
    expect(cut.transcript.filter((turn) => turn.step === last)).toEqual([]);

    expect(await say(member, "seller", last, { performingLoanPreference: "Performing" })).toMatchObject({ ok: true, completed: true });
    const done = (await findChat(t.db, { userId: user.id, side: "seller" }))!;
    const recorded = await leadsOf(user);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ status: "converted", customerId: member.customerId });
    expect(done).toMatchObject({ status: "completed", leadId: recorded[0]!.id });
    expect(done.transcript.filter((turn) => turn.step === last)).toHaveLength(1);
  });
});
