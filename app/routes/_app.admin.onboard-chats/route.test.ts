import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, sent } from "../../../tests/support/app";
import { serverPage } from "../../../tests/support/server-page";

/** The admin's on-boarding chats, a transcript opened. */
const app = await bootApp("route-admin-onboard-chats");
const route = await import("./route");
const { onboardChats } = await import("~/.server/db/schema");
const { makeUser } = await import("~/seed/factories");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

const open = async (query: string) => {
  const url = `/admin/onboard-chats?${query}`;
  const data = await (await sent(route.loader({ request: getRequest(url, admin.cookie), context, params: {} }))).json();
  return { data, html: await serverPage(route.default, url, { loaderData: data }) };
};

describe("a transcript", () => {
  it("of a member who went Back and answered 500 times shows their current answers first, then the turns a page at a time", async () => {
    const member = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const start = Date.UTC(2026, 10, 1);
    const transcript = Array.from({ length: 500 }, (_, i) => ({
      step: i % 2 ? "businessType" : "company",
      question: i % 2 ? "What kind of business?" : "Your company?",
      answer: `Answer ${i}`,
      at: new Date(start + i * 1000).toISOString(),
    }));
    const [chat] = await services.db.insert(onboardChats).values({ userId: member.id, side: "buyer", currentStep: "buyerType", transcript }).returning();

    const first = await open(`chat=${chat!.id}`);
    const shown = first.data.open!;
    // what the member says now, one per question, in the questions' order
    expect(shown.answers.map((t: { step: string; answer: string }) => [t.step, t.answer])).toEqual([
      ["company", "Answer 498"],
      ["businessType", "Answer 499"],
    ]);
    expect(shown.turnCount).toBe(500);
    expect(shown.transcript).toHaveLength(50);
    expect(shown.transcript.at(-1)?.answer).toBe("Answer 499");
    expect(JSON.stringify(first.data).length).toBeLessThan(20_000);
    expect(first.html.replace(/<!-- -->/g, "")).toContain("Every turn (500), page 1 of 10 (page 1 the latest)");
    expect(first.html).toContain(`chat=${chat!.id}&amp;turns=2`);

    // the earliest page, and one past it, show the first turns
    for (const turns of ["10", "99"]) {
      const last = (await open(`chat=${chat!.id}&turns=${turns}`)).data.open!;
      expect(last.turnsPage, turns).toBe(10);
      expect(last.transcript.map((t: { answer: string }) => t.answer).slice(0, 2), turns).toEqual(["Answer 0", "Answer 1"]);
    }
  });
});

describe("the list found empty", () => {
  it("says no chat matches, and what to do, when a filter is set: not that there are none yet", async () => {
    const { html } = await open("status=in_progress&side=seller&sort=created");
    expect(html).toContain("No chats match these filters: change or clear them.");
    expect(html).not.toContain("No on-boarding chats yet");
  });
});
