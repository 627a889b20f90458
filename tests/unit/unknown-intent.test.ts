import { afterAll, describe, expect, it } from "vitest";
import { bootApp, postRequest, responseOf } from "../support/app";

/**
 * A form posted with an intent its page does not take (by hand, or from a page older than its action): 400 with
 * a plain message, never zod's list of the intents the action takes, on every page that tells its forms apart.
 */
const app = await bootApp("unknown-intent");
const { context } = app;
const admin = await app.member("admin@demo.test");
const seller = await app.member("seller@demo.test");
afterAll(() => app.cleanup());

type Action = (args: { request: Request; context: typeof context; params: Record<string, string> }) => Promise<unknown>;
const PLAIN = "This action is not available on this page.";

const pages: Array<[string, () => Promise<{ action: Action }>, Record<string, string>, string]> = [
  ["/admin/projects/1", () => import("~/routes/_app.admin.projects.$id/route"), { id: "1" }, admin.cookie],
  [`/admin/customers/${admin.user.customerId ?? 1}`, () => import("~/routes/_app.admin.customers.$id/route"), { id: String(admin.user.customerId ?? 1) }, admin.cookie],
  ["/admin/users", () => import("~/routes/_app.admin.users/route"), {}, admin.cookie],
  ["/admin/system/sic-data-sets", () => import("~/routes/_app.admin.system.sic-data-sets/route"), {}, admin.cookie],
  ["/sellers/myprojects/1", () => import("~/routes/_app.sellers.myprojects.$id/route"), { id: "1" }, seller.cookie],
];

describe("an intent the page does not take", () => {
  it.each(pages)("%s answers 400 in plain words", async (url, route, params, cookie) => {
    const { action } = await route();
    for (const fields of [{ intent: "bogus" }, {}] as Array<Record<string, string>>) {
      const response = await responseOf(action({ request: postRequest(url, cookie, fields), context, params }));
      const text = await response.text();
      expect(response.status, text).toBe(400);
      expect(text).not.toMatch(/discriminator|Expected '|Invalid input/);
      const { result } = JSON.parse(text) as { result: { error: Record<string, string[] | undefined> } };
      expect(result.error.intent).toEqual([PLAIN]);
      // pages answered through `invalid` say it for the whole form too
      if (result.error[""]) expect(result.error[""]).toEqual([PLAIN]);
    }
  });
});
