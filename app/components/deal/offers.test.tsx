import { describe, expect, it } from "vitest";
import { serverPage } from "../../../tests/support/server-page";
import type { ActionResult } from "~/lib/action-result";
import { OfferReply } from "./offers";

const offer = { id: 39, projectId: 7, status: "submitted" as const, price: 1_000_000, structure: "Cash", conditions: "", dueDiligenceDays: 30, expiresOn: "2099-01-01", revision: 1 };
const drawn = (lastResult?: ActionResult) =>
  serverPage(
    () => <OfferReply offer={offer} steps={null} termsIntent="counter" summary="Counter with other terms" submitLabel="Send counter-offer" lastResult={lastResult} schema={() => Promise.resolve(null as never)} />,
    "/sellers/myprojects/7",
    { loaderData: {} },
  );

describe("an answer to an offer", () => {
  it("keeps its new terms closed, and opens them over their messages when they were refused (the page drawn afresh, without JavaScript)", async () => {
    expect(await drawn()).toMatch(/<details>/);
    const refused: ActionResult = { status: "error", initialValue: { intent: "counter", offerId: "39", price: "abc" }, error: { price: ["Value must be a valid decimal."] } };
    const html = await drawn(refused);
    expect(html).toMatch(/<details open="">/);
    expect(html).toContain("Value must be a valid decimal.");
  });
});
