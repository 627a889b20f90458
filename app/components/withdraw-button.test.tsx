import { describe, expect, it } from "vitest";
import { serverPage } from "../../tests/support/server-page";
import { WithdrawButton } from "./withdraw-button";

describe("the Withdraw button", () => {
  it("withdraws only from a second, worded click: the form is in a closed section that says what follows", async () => {
    const html = await serverPage(() => <WithdrawButton status="published" />, "/sellers/myprojects/7", { loaderData: {} });
    const section = /<details[^>]*>(.*)<\/details>/s.exec(html)?.[1] ?? "";
    expect(html).not.toMatch(/<details[^>]*\bopen/);
    // it reads "Withdraw…"; the page's string stays one byte a character (the ellipsis as a reference)
    expect(section).toMatch(/<summary[^>]*>Withdraw&#8230;<\/summary>/);
    expect(html).not.toMatch(/[\u0100-\uffff]/);
    expect(section).toContain("Its open offers and NDA requests are closed, and each of their buyers is told.");
    expect(section).toMatch(/<button type="submit" name="intent" value="withdraw"[^>]*>Yes, withdraw the listing<\/button>/);
    // outside the section, nothing withdraws
    expect(html.replace(section, "")).not.toContain('value="withdraw"');
    // a listing past withdrawing (sold, withdrawn) shows none
    expect(await serverPage(() => <WithdrawButton status="sold" />, "/sellers/myprojects/7", { loaderData: {} })).not.toContain("Withdraw");
  });
});
