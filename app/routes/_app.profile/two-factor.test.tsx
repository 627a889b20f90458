import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { ActionResult } from "~/lib/action-result";
import { TwoFactorSection } from "./two-factor";

/** The two-factor section as the profile page shows it after the action's answer with new recovery codes. */
function shown(intent: string) {
  const result: ActionResult = { status: "success", initialValue: { intent } };
  const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${String(i).padStart(2, "0")}`);
  const state = { status: "on" as const, since: new Date(0).toISOString(), recoveryCodesLeft: 10, canTurnOff: true, required: false };
  const RemixStub = createRemixStub([{ path: "/profile", Component: () => <TwoFactorSection state={state} result={result} recoveryCodes={codes} /> }]);
  // the router's useLayoutEffect warns when rendered to a string; anything else still shows
  const quiet = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) process.stderr.write(`${args.join(" ")}\n`);
  });
  try {
    return renderToString(<RemixStub initialEntries={["/profile"]} />).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");
  } finally {
    quiet.mockRestore();
  }
}

describe("the recovery codes notice", () => {
  it("says, when two-factor sign-in was just turned on, that the member's other sessions were signed out", () => {
    const html = shown("totp-confirm");
    expect(html).toContain("Two-factor sign-in is on. Keep these recovery codes somewhere safe");
    expect(html).toContain("Every other browser and app signed in to your account has been signed out.");
  });

  it("says nothing of sessions with new recovery codes, which sign no one out", () => {
    const html = shown("totp-recovery-codes");
    expect(html).toContain("Keep these recovery codes somewhere safe");
    expect(html).not.toContain("signed out");
  });
});
