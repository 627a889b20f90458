import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, responseOf } from "../../tests/support/app";

/** The campaign recipients' CSV, as an admin downloads it, against each state an outbox row can be in. */
const app = await bootApp("route-campaign-recipients-csv");
const { loader } = await import("./admin.marketing.campaigns.$id.recipients[.]csv");
const { outbox } = await import("~/.server/db/schema");
const { createCampaign } = await import("~/models/campaigns.server");
const { createRecipientList } = await import("~/models/recipient-lists.server");
const { suppress } = await import("~/models/suppressions.server");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

const csv = async (campaignId: number, cookie: string) =>
  responseOf(loader({ request: getRequest(`/admin/marketing/campaigns/${campaignId}/recipients.csv`, cookie), context, params: { id: String(campaignId) } }));

describe("a campaign's recipients as CSV", () => {
  it("tells a held row from a queued one, and a delivery the provider then bounced from a plain one", async () => {
    const actor = { id: admin.user.id, name: admin.user.name, email: admin.user.email };
    const listId = await createRecipientList(services.db, { name: "CSV states", channel: "email", kind: "selection", definition: { customerIds: [] }, actor });
    const { id: campaignId } = await createCampaign(services.db, { channel: "email", draft: { listId, subject: "Hello", body: "Hi", projectId: null }, actor });
    const now = Date.now();
    const row = (recipient: string, values: Partial<typeof outbox.$inferInsert>) => ({ channel: "email" as const, recipient, subject: "Hello", body: "Hi", campaignId, nextAttemptAt: new Date(now), ...values });
    await services.db.insert(outbox).values([
      row("due@csv.example", {}),
      // a schedule (or quiet hours) a day away: not yet tried, not due
      row("later@csv.example", { nextAttemptAt: new Date(now + 86_400_000) }),
      // tried once and failed: due again later, a retry, not held
      row("retry@csv.example", { attempts: 1, nextAttemptAt: new Date(now + 600_000), lastError: "503" }),
      row("sent@csv.example", { status: "sent", attempts: 1, sentAt: new Date(now) }),
      row("bounced@csv.example", { status: "sent", attempts: 1, sentAt: new Date(now), createdAt: new Date(now - 1000) }),
      row("failed@csv.example", { status: "failed", attempts: 5, lastError: "gone" }),
      // unsubscribed (from another campaign) after this row was written: not sent yet, and still going
      row("left@csv.example", { createdAt: new Date(now - 1000) }),
    ]);
    await suppress(services.db, { channel: "email", address: "bounced@csv.example", reason: "bounced", now });
    await suppress(services.db, { channel: "email", address: "left@csv.example", reason: "unsubscribed", now });

    const response = await csv(campaignId, admin.cookie);
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    const statuses = Object.fromEntries(
      (await response.text())
        .trim()
        .split("\r\n")
        .slice(1)
        // the status, quoted when it holds a comma
        .map((line) => line.match(/^([^,]+),("[^"]*"|[^,]*)/)!.slice(1).map((cell) => cell.replace(/^"|"$/g, ""))),
    );
    expect(statuses).toEqual({
      "due@csv.example": "queued",
      "later@csv.example": "held",
      "retry@csv.example": "queued",
      "sent@csv.example": "sent",
      "bounced@csv.example": "sent, then bounced",
      "failed@csv.example": "failed",
      "left@csv.example": "queued",
    });
  });

  it("answers 404 to a campaign that does not exist", async () => {
    expect((await csv(99_999_999, admin.cookie)).status).toBe(404);
  });
});
