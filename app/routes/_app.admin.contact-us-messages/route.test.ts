import { afterAll, describe, it } from "vitest";
import { expectPastLastShowsLast } from "../../../tests/support/paging";
import { bootApp, getRequest, sent } from "../../../tests/support/app";

/** The admin's contact-us messages, as an address asks for them. */
const app = await bootApp("route-admin-contact-messages");
const { loader } = await import("./route");
const { inboundItems } = await import("~/.server/db/schema");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

const open = async (query: string) => (await sent(loader({ request: getRequest(`/admin/contact-us-messages?${query}`, admin.cookie), context, params: {} }))).json();

describe("the contact-us messages' pages", () => {
  it("past the last (a stale or made-up ?page=) show the last, not \"Nothing matches.\" over a count of them", async () => {
    await services.db
      .insert(inboundItems)
      .values(Array.from({ length: 30 }, (_, i) => ({ kind: "contact" as const, name: `Visitor ${i}`, email: `visitor-${i}@example.test`, message: "A question about listing" })));
    for (const filters of ["pageSize=10", "pageSize=10&status=new"]) await expectPastLastShowsLast(open, filters);
  });
});
