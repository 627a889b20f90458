import { afterAll, describe, expect, it } from "vitest";
import { bootApp, postRequest, responseOf } from "../../../tests/support/app";

/** A partner's page as the admin working through its referrals meets it. */
const app = await bootApp("route-affiliate-partner");
const { action } = await import("./route");
const { affiliates, referrals } = await import("~/.server/db/schema");
const { makeUser } = await import("~/seed/factories");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

describe("a step on a later page of a partner's referrals", () => {
  it("lands back on that page, the search kept, not on the first", async () => {
    const [partner] = await services.db.insert(affiliates).values({ name: "Pat Partner", email: "pat@example.test", code: "PATPARTN", commissionPercent: 5 }).returning();
    const member = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const [referral] = await services.db.insert(referrals).values({ userId: member.id, affiliateId: partner!.id }).returning();
    const path = `/admin/marketing/affiliates/${partner!.id}?page=2`;
    const post = (fields: Record<string, string>) => responseOf(action({ request: postRequest(path, admin.cookie, fields), context, params: { id: String(partner!.id) } }));

    const commission = await post({ intent: "commission", referralId: String(referral!.id), status: "paid", from: "pending" });
    expect(commission.status).toBe(302);
    expect(commission.headers.get("Location")).toBe(path);

    const status = await post({ intent: "partner", status: "inactive" });
    expect(status.status).toBe(302);
    expect(status.headers.get("Location")).toBe(path);
  });
});
