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

type ListPage = { size: number; leftOut: number; reach: unknown; members: Array<{ customerId: number }> };
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

  it("says how many of the companies it selects are left out as disabled or locked, with its reach counted or not", async () => {
    const rows = await services.db
      .insert(customers)
      .values(
        [{ enabled: true }, { enabled: false }, { locked: true }, { enabled: false, locked: true }, { enabled: false, anonymisedAt: new Date() }].map((state, i) => ({
          name: `Left out ${i}`,
          customerType: "buyer" as const,
          attentionEmail: `left${i}@out.example`,
          attentionPhone: "",
          ...state,
        })),
      )
      .returning({ id: customers.id });
    const ids = rows.map((r) => r.id);
    // saved before three were shut and one deleted (a list saved now would not hold the deleted one)
    const listId = await createRecipientList(services.db, { name: "Ticked five", channel: "email", kind: "selection", definition: { customerIds: ids }, actor: admin.user });
    for (const asked of ["", "?reach=1"]) {
      const page = (await (await open(`/admin/marketing/lists/${listId}${asked}`)).json()) as ListPage;
      // the deleted company is gone, not "disabled or locked"; the one both disabled and locked counts once
      expect({ size: page.size, leftOut: page.leftOut, members: page.members.map((m) => m.customerId) }).toEqual({ size: 1, leftOut: 3, members: [ids[0]] });
    }
    await services.db.update(customers).set({ enabled: true, locked: false }).where(eq(customers.id, ids[3]!));
    expect(((await (await open(`/admin/marketing/lists/${listId}`)).json()) as ListPage).leftOut).toBe(2);
  });
});
