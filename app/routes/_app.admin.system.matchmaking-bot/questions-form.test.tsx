import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { BotQuestion } from "~/lib/matchmaking-bot";
import type { ActionResult } from "~/lib/action-result";
import MatchmakingPage from "./route";

const questions: BotQuestion[] = [
  { key: "industry", text: "Which industries?", enabled: true },
  { key: "location", text: "Where?", enabled: true },
  { key: "size", text: "How large?", enabled: false },
];

/** The page as drawn after a refused save of the questions (without JavaScript, the answer is this page). */
function refused(posted: Record<string, string>) {
  const result: ActionResult = { status: "error", initialValue: { intent: "questions", ...posted }, error: { text_industry: ["Required."] } };
  const RemixStub = createRemixStub([{ id: "page", path: "/admin/system/matchmaking-bot", Component: MatchmakingPage }]);
  const loaderData = { page: { rescoring: 0, weights: {}, questions } };
  // the router's useLayoutEffect warns when rendered to a string; anything else still shows
  const quiet = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) process.stderr.write(`${args.join(" ")}\n`);
  });
  try {
    return renderToString(<RemixStub initialEntries={["/admin/system/matchmaking-bot"]} hydrationData={{ loaderData, actionData: { page: { result } } }} />);
  } finally {
    quiet.mockRestore();
  }
}

const checkbox = (html: string, key: string) => html.match(new RegExp(`<input type="checkbox" name="enabled_${key}"[^>]*>`))?.[0] ?? "";

describe("the assistant's questions after a refused save", () => {
  it("keep each Asked box as the admin posted it, not as saved", () => {
    // location turned off and size turned on, with the industry's text left empty
    const html = refused({ text_industry: "", order_industry: "1", enabled_industry: "on", text_location: "Where?", order_location: "2", text_size: "How large?", order_size: "3", enabled_size: "on" });
    expect(html).toContain("Required.");
    expect(checkbox(html, "industry")).toContain("checked");
    expect(checkbox(html, "location")).not.toContain("checked");
    expect(checkbox(html, "size")).toContain("checked");
  });
});
