import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { dealServicesOver } from "../../tests/support/deal-services";
import { customers, notifications, outbox, users } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { notify, type DealServices } from "./notifications.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let services: DealServices;
let cleanupFiles: () => void;

beforeAll(async () => {
  t = await createTestDatabase();
  ({ services, cleanup: cleanupFiles } = dealServicesOver(t.db, "notify"));
});
afterAll(() => {
  t.cleanup();
  cleanupFiles();
});

it("mails a deal notice only to a member who may sign in: not while their company is disabled or locked, and tells them in the app all the same", async () => {
  const mailed: Record<string, boolean> = {};
  for (const company of ["none", "enabled", "disabled", "locked"] as const) {
    const member = await makeUser(t.db, { roles: ["ROLE_BUYER"], name: `Member ${company}` });
    if (company !== "none") {
      const [customer] = await t.db
        .insert(customers)
        .values({ name: `Company ${company}`, customerType: "buyer", enabled: company !== "disabled", locked: company === "locked" })
        .returning({ id: customers.id });
      await t.db.update(users).set({ customerId: customer!.id }).where(eq(users.id, member.id));
    }
    await notify(services, member.id, { kind: "message", message: "News.", link: "/messages", email: { subject: "News", body: "News." } });
    mailed[company] = (await t.db.select().from(outbox).where(eq(outbox.recipient, member.email))).length > 0;
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, member.id)), company).toHaveLength(1);
  }
  expect(mailed).toEqual({ none: true, enabled: true, disabled: false, locked: false });
});
