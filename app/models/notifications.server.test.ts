import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { dealServicesOver } from "../../tests/support/deal-services";
import { customers, notifications, outbox, users } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { notify, openNotification, unreadNotificationCount, type DealServices } from "./notifications.server";

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

it("marks a notification read when its member opens it, and opens no one else's", async () => {
  const member = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
  const other = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
  for (const link of ["/buyers/myprojects/7", "/messages/7/1"]) await notify(services, member.id, { kind: "message", message: "News.", link });
  const [first] = await t.db.select().from(notifications).where(eq(notifications.userId, member.id)).orderBy(notifications.id);
  // opened, it was still "new" (and counted in the header) until "Mark all as read"
  expect(await openNotification(t.db, { userId: other.id, id: first!.id })).toBeNull();
  expect(await unreadNotificationCount(t.db, member.id)).toBe(2);
  expect(await openNotification(t.db, { userId: member.id, id: first!.id })).toBe("/buyers/myprojects/7");
  expect(await unreadNotificationCount(t.db, member.id)).toBe(1);
  // opened again, it keeps the time it was first read
  const [read] = await t.db.select().from(notifications).where(eq(notifications.id, first!.id));
  expect(await openNotification(t.db, { userId: member.id, id: first!.id })).toBe("/buyers/myprojects/7");
  const [again] = await t.db.select().from(notifications).where(eq(notifications.id, first!.id));
  expect(again!.readAt).toEqual(read!.readAt);
});
