import { describe, expect, it } from "vitest";
import { serverPage } from "../../../tests/support/server-page";
import Page from "./route";

/** The team page as its first member sees it: one colleague's invitation to fill in, and two projects to give permissions on. */
const loaderData = {
  team: { customerId: 2, isLead: true },
  colleagues: [],
  paging: { page: 1, pageSize: 50, total: 0 },
  projects: [
    { id: 41, projectName: "Harbor loans", status: "published", sellerId: 2 },
    { id: 40, projectName: "Prairie pool", status: "published", sellerId: 2 },
  ],
};

/** The values of the permission boxes the page draws ticked. */
const ticked = (html: string) => [...html.matchAll(/<input[^>]*>/g)].map(([input]) => input).filter((input) => /name="grant"/.test(input) && /checked=""/.test(input)).map((input) => /value="([^"]*)"/.exec(input)![1]);

describe("the invitation form drawn without JavaScript", () => {
  it("ticks viewing all projects before anything is sent", async () => {
    expect(ticked(await serverPage(Page, "/sellers/permissions", { loaderData }))).toEqual(["all:view"]);
  });

  it("after a refusal ticks what the first member chose, not the defaults: sent again once mended, the colleague gets those", async () => {
    const result = {
      status: "error",
      initialValue: { name: "Dana Reyes", email: "buyer@demo.test", grant: ["all:edit", "41:view", "41:offers"] },
      error: { email: ["An account with this e-mail exists already."] },
      fields: ["name", "email", "grant"],
    };
    const html = await serverPage(Page, "/sellers/permissions", { loaderData, actionData: { result } });
    expect(html).toContain("An account with this e-mail exists already.");
    expect(html).toContain('value="Dana Reyes"');
    expect(ticked(html)).toEqual(["all:edit", "41:view", "41:offers"]);
  });

  it("after a refusal with every box left empty ticks none", async () => {
    const result = { status: "error", initialValue: { name: "Dana Reyes", email: "" }, error: { email: ["Required."] }, fields: ["name", "email"] };
    expect(ticked(await serverPage(Page, "/sellers/permissions", { loaderData, actionData: { result } }))).toEqual([]);
  });
});
