import { describe, expect, it } from "vitest";
import { serverPage } from "../../../tests/support/server-page";
import OnboardingPage from "./route";

/**
 * Each answer of the on-boarding chat is a post answered with the next question: the buttons, disabled
 * while it was on its way, left the focus on <body> (without JavaScript the new page started at the
 * header), and a screen reader said nothing of the next question. Each question after the first, and
 * the chat's end, take the focus as they are drawn.
 */
const step = (first: boolean) => ({ key: "investorType", question: "What type of investor are you?", hint: null, kind: "one", optional: false, choices: ["Accredited investor", "QIB"], first });
const data = (over: object) => ({
  side: "buyer",
  completed: false,
  options: {},
  conversation: [],
  defaults: { investorType: "" },
  companyKept: null,
  unattached: false,
  finish: "/buyers/search",
  wanted: null,
  ...over,
});

describe("the on-boarding chat's next question", () => {
  it("takes the focus once the member has answered one", async () => {
    const html = await serverPage(OnboardingPage, "/on-board/buyers", { loaderData: data({ step: step(false) }) });
    expect(html).toMatch(/<div[^>]* data-testid="current-question" tabindex="-1" autofocus=""/);
    expect(html.match(/autofocus/g)).toHaveLength(1);
  });

  it("leaves the first question to the page (the focus goes to the page's content), and a refused answer to its field", async () => {
    expect(await serverPage(OnboardingPage, "/on-board/buyers", { loaderData: data({ step: step(true) }) })).not.toContain("autofocus");
    const refused = { result: { status: "error", initialValue: { step: "investorType" }, error: { investorType: ["Choose one."] } } };
    const html = await serverPage(OnboardingPage, "/on-board/buyers", { loaderData: data({ step: step(false) }), actionData: refused });
    expect(html).not.toMatch(/data-testid="current-question"[^>]*autofocus/);
  });

  it("at the end, says it is done where the focus is", async () => {
    const html = await serverPage(OnboardingPage, "/on-board/buyers", { loaderData: data({ completed: true, step: step(false) }) });
    expect(html).toMatch(/<h2 id="onboard-done"[^>]* tabindex="-1" autofocus=""/);
  });
});
