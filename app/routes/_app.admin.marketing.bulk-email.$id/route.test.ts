import { afterAll, describe, expect, it } from "vitest";
import { bootApp, postRequest, responseOf } from "../../../tests/support/app";

/** Sending a campaign from its page, as an admin's browser does. */
const app = await bootApp("route-bulk-email-campaign");
const { action } = await import("./route");
const sms = await import("../_app.admin.marketing.bulk-sms.$id/route");
const { campaigns, outbox, projects } = await import("~/.server/db/schema");
const { createCampaign, findCampaign } = await import("~/models/campaigns.server");
const { createRecipientList } = await import("~/models/recipient-lists.server");
const { eq } = await import("drizzle-orm");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

const send = (route: { action: typeof action }, path: string, id: number) =>
  responseOf(route.action({ request: postRequest(`${path}/${id}`, admin.cookie, { intent: "send" }), context, params: { id: String(id) } }));

describe("sending a campaign whose listing left the market after the draft was saved", () => {
  it("answers 409 with the reason on e-mail and SMS alike, sends nothing and keeps the draft", async () => {
    const [project] = await services.db.select().from(projects).where(eq(projects.status, "published")).limit(1);
    const actor = admin.user;
    const email = await createRecipientList(services.db, { name: "Route promo", channel: "email", kind: "filters", definition: { query: "" }, actor });
    const text = await createRecipientList(services.db, { name: "Route promo SMS", channel: "sms", kind: "filters", definition: { query: "" }, actor });
    const mail = await createCampaign(services.db, { channel: "email", draft: { listId: email, subject: "New: {{projectName}}", body: "{{teaserUrl}}", projectId: project!.id }, actor });
    const sms_ = await createCampaign(services.db, { channel: "sms", draft: { listId: text, subject: "", body: "New: {{projectName}}", projectId: project!.id }, actor });
    await services.db.update(projects).set({ status: "withdrawn" }).where(eq(projects.id, project!.id));

    for (const [route, path, id] of [
      [{ action }, "/admin/marketing/bulk-email", mail.id],
      [sms, "/admin/marketing/bulk-sms", sms_.id],
    ] as const) {
      const response = await send(route, path, id);
      expect(response.status).toBe(409);
      const body = (await response.json()) as { result: { error: Record<string, string[]> } };
      expect(body.result.error[""]).toEqual(["The promoted project is no longer on the market: choose another or none."]);
      expect((await findCampaign(services.db, { campaignId: id }))!.status).toBe("draft");
      expect(await services.db.select().from(outbox).where(eq(outbox.campaignId, id))).toEqual([]);
    }
    await services.db.update(projects).set({ status: "published" }).where(eq(projects.id, project!.id));
    const sentNow = await send({ action }, "/admin/marketing/bulk-email", mail.id);
    expect(sentNow.status).toBe(302);
    expect((await services.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, mail.id)))[0]!.status).toBe("sent");
  });
});
