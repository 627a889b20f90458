import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, responseOf } from "../../../tests/support/app";

/** A saved list's page as an admin's browser meets it: its size and members at once, its reach when asked for. */
const app = await bootApp("route-list-page");
const { loader } = await import("./route");
const { customers, suppressions } = await import("~/.server/db/schema");
const { createRecipientList } = await import("~/models/recipient-lists.server");
const { eq } = await import("drizzle-orm");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

type ListPage = { size: number; reach: unknown; members: Array<{ customerId: number }> };
const open = (url: string) => responseOf(loader({ request: getRequest(url, admin.cookie), context, params: { id: url.split("/")[4]!.split("?")[0]! } }));

describe("a list's page", () => {
  it("shows its size and members without anonymised companies, and counts who it reaches only when asked", async () => {
    const emails = ["one@reach.example", "Two@Reach.example", "two@reach.example", "gone@reach.example", "", "hidden@reach.example"];
    const rows = await services.db
      .insert(customers)
      .values(emails.map((attentionEmail, i) => ({ name: `List page ${i}`, customerType: "buyer" as const, attentionEmail, attentionPhone: "" })))
      .returning({ id: customers.id });
    await services.db.insert(suppressions).values({ channel: "email", address: "gone@reach.example", reason: "unsubscribed", at: new Date() });
    const ids = rows.map((r) => r.id);
    const listId = await createRecipientList(services.db, { name: "Reach", channel: "email", kind: "selection", definition: { customerIds: ids }, actor: admin.user });
    // anonymised after the list was saved: it is never marketed to, so it is not a member
    await services.db.update(customers).set({ anonymisedAt: new Date() }).where(eq(customers.id, ids[5]!));

    const first = await open(`/admin/marketing/lists/${listId}`);
    expect(first.status).toBe(200);
    const page = (await first.json()) as ListPage;
    expect(page.size).toBe(5);
    expect(page.reach).toBeNull();
    expect(page.members.map((m) => m.customerId)).toEqual(ids.slice(0, 5));

    const asked = (await (await open(`/admin/marketing/lists/${listId}?reach=1`)).json()) as ListPage;
    expect(asked.size).toBe(5);
    expect(asked.reach).toEqual({ size: 5, email: { noAddress: 1, suppressed: 1, reachable: 2 }, sms: null });
    expect(asked.members).toEqual(page.members);

    expect((await open("/admin/marketing/lists/99999999")).status).toBe(404);
  });
});
