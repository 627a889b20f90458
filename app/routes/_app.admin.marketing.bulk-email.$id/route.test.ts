import type { ComponentType } from "react";
import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";
import { serverPage } from "../../../tests/support/server-page";

/** Sending a campaign from its page, as an admin's browser does. */
const app = await bootApp("route-bulk-email-campaign");
const { action, loader } = await import("./route");
const sms = await import("../_app.admin.marketing.bulk-sms.$id/route");
const { campaigns, customers, outbox, projects } = await import("~/.server/db/schema");
const { createCampaign, findCampaign } = await import("~/models/campaigns.server");
const { createRecipientList } = await import("~/models/recipient-lists.server");
const { eq, inArray } = await import("drizzle-orm");
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

describe("a draft whose listing left the market", () => {
  it("offers the listings on the market instead; another, or none where the text names no project, lets it be sent", async () => {
    const [gone, other] = await services.db.select().from(projects).where(eq(projects.status, "published")).limit(2);
    const actor = admin.user;
    const list = await createRecipientList(services.db, { name: "Route swap", channel: "email", kind: "filters", definition: { query: "" }, actor });
    const named = await createCampaign(services.db, { channel: "email", draft: { listId: list, subject: "New: {{projectName}}", body: "{{teaserUrl}}", projectId: gone!.id }, actor });
    const plain = await createCampaign(services.db, { channel: "email", draft: { listId: list, subject: "News", body: "Hello", projectId: gone!.id }, actor });
    await services.db.update(projects).set({ status: "withdrawn" }).where(eq(projects.id, gone!.id));
    const page = (id: number) => responseOf(loader({ request: getRequest(`/admin/marketing/bulk-email/${id}`, admin.cookie), context, params: { id: String(id) } }));
    const shown = (await (await page(named.id)).json()) as { offMarket: { projects: Array<{ value: string }> } | null };
    expect(shown.offMarket!.projects.map((p) => p.value)).toContain(String(other!.id));
    expect(shown.offMarket!.projects.map((p) => p.value)).not.toContain(String(gone!.id));
    const change = (id: number, projectId: string) =>
      responseOf(action({ request: postRequest(`/admin/marketing/bulk-email/${id}`, admin.cookie, { intent: "project", projectId }), context, params: { id: String(id) } }));
    // the text names the project: none is refused with why, a listing on the market is taken
    const refused = await change(named.id, "");
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { result: { error: Record<string, string[]> } }).result.error[""]![0]).toMatch(/^Choose a project to use \{\{projectName\}\}/);
    expect((await change(named.id, String(gone!.id))).status).toBe(409);
    expect((await change(named.id, String(other!.id))).status).toBe(302);
    expect((await change(plain.id, "")).status).toBe(302);
    expect((await findCampaign(services.db, { campaignId: plain.id }))!.projectId).toBeNull();
    expect(((await (await page(named.id)).json()) as { offMarket: unknown }).offMarket).toBeNull();
    for (const id of [named.id, plain.id]) expect((await send({ action }, "/admin/marketing/bulk-email", id)).status).toBe(302);
    await services.db.update(projects).set({ status: "published" }).where(eq(projects.id, gone!.id));
  });
});

describe("a campaign's page", () => {
  const open = (route: { loader: typeof loader }, path: string, id: number) =>
    responseOf(route.loader({ request: getRequest(`${path}/${id}?page=1`, admin.cookie), context, params: { id: String(id) } }));

  it("shows a campaign on its own channel's page only: the other channel's page and its send answer 404", async () => {
    const actor = admin.user;
    const email = await createRecipientList(services.db, { name: "Page e-mail", channel: "email", kind: "filters", definition: { query: "" }, actor });
    const text = await createRecipientList(services.db, { name: "Page SMS", channel: "sms", kind: "filters", definition: { query: "" }, actor });
    const mail = await createCampaign(services.db, { channel: "email", draft: { listId: email, subject: "Page mail", body: "Hello", projectId: null }, actor });
    const sms_ = await createCampaign(services.db, { channel: "sms", draft: { listId: text, subject: "", body: "Hello text", projectId: null }, actor });

    const mailPage = await open({ loader }, "/admin/marketing/bulk-email", mail.id);
    expect(mailPage.status).toBe(200);
    const mailData = (await mailPage.json()) as { campaign: { id: number; subject: string; status: string }; outcomes: unknown; page: number; recipientTotal: number };
    expect(mailData).toMatchObject({ campaign: { id: mail.id, subject: "Page mail", status: "draft" }, outcomes: null, page: 1, recipientTotal: 0 });
    const smsPage = await open(sms, "/admin/marketing/bulk-sms", sms_.id);
    expect(smsPage.status).toBe(200);
    expect(await smsPage.json()).toMatchObject({ campaign: { id: sms_.id, body: "Hello text" }, outcomes: null, page: 1, myPhone: "+12125550100" });

    expect((await open(sms, "/admin/marketing/bulk-sms", mail.id)).status).toBe(404);
    expect((await open({ loader }, "/admin/marketing/bulk-email", sms_.id)).status).toBe(404);
    expect((await send(sms, "/admin/marketing/bulk-sms", mail.id)).status).toBe(404);
    expect((await send({ action }, "/admin/marketing/bulk-email", sms_.id)).status).toBe(404);
    expect((await findCampaign(services.db, { campaignId: mail.id }))!.status).toBe("draft");
  });
});

describe("a campaign whose queueing a restart cut off", () => {
  const notice = async (response: Response) => (await services.sessionStorage.getSession(response.headers.get("Set-Cookie"))).get("notification");
  const render = async (route: { loader: typeof loader; default: ComponentType }, path: string, id: number) => {
    const data = await (await sent(route.loader({ request: getRequest(`${path}/${id}`, admin.cookie), context, params: { id: String(id) } }))).json();
    return serverPage(route.default, `${path}/${id}`, { loaderData: data });
  };

  it("says it is still being queued (no sent time, no share done) and Finish queueing says what it wrote", async () => {
    const actor = admin.user;
    const list = await createRecipientList(services.db, { name: "Cut SMS", channel: "sms", kind: "filters", definition: { query: "" }, actor });
    const text = await createCampaign(services.db, { channel: "sms", draft: { listId: list, subject: "", body: "Cut text", projectId: null }, actor });
    expect((await send(sms, "/admin/marketing/bulk-sms", text.id)).status).toBe(302);
    const written = await services.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.campaignId, text.id));
    expect(written.length).toBeGreaterThan(1);
    // the process died with one recipient written
    await services.db.delete(outbox).where(inArray(outbox.id, written.slice(1).map((r) => r.id)));
    await services.db.update(campaigns).set({ status: "sending" }).where(eq(campaigns.id, text.id));

    const html = await render(sms, "/admin/marketing/bulk-sms", text.id);
    expect(html).toContain("Queueing its texts.");
    expect(html).toContain("Queueing cut off by a restart is finished by housekeeping within minutes");
    expect(html).not.toContain("Sent —");
    expect(html).not.toContain("% done");

    const finished = await send(sms, "/admin/marketing/bulk-sms", text.id);
    expect(await notice(finished)).toEqual({ message: `Queueing finished: ${written.length} numbers in all, nobody twice.`, type: "success" });
    expect(await services.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.campaignId, text.id))).toHaveLength(written.length);
    expect(await notice(await send(sms, "/admin/marketing/bulk-sms", text.id))).toEqual({ message: "This text was sent already: nothing was sent twice.", type: "success" });
  });
});

describe("a campaign's page while its messages go out", () => {
  it("reloads itself without JavaScript (in a noscript) while it has messages queued, and not as a draft or once all are out", async () => {
    const actor = admin.user;
    const render = async (route: { loader: typeof loader; default: ComponentType }, path: string, id: number) => {
      const data = await (await sent(route.loader({ request: getRequest(`${path}/${id}`, admin.cookie), context, params: { id: String(id) } }))).json();
      return serverPage(route.default, `${path}/${id}`, { loaderData: data });
    };
    const refresh = '<noscript><meta http-equiv="refresh" content="3"/></noscript>';
    const route = await import("./route");
    for (const [channel, page, path] of [["email", route, "/admin/marketing/bulk-email"], ["sms", sms, "/admin/marketing/bulk-sms"]] as const) {
      const list = await createRecipientList(services.db, { name: `Reload ${channel}`, channel, kind: "filters", definition: { query: "" }, actor });
      const campaign = await createCampaign(services.db, { channel, draft: { listId: list, subject: channel === "email" ? "Reload mail" : "", body: "Reload me", projectId: null }, actor });
      expect(await render(page, path, campaign.id)).not.toContain("refresh");
      expect((await send(page, path, campaign.id)).status).toBe(302);
      expect(await render(page, path, campaign.id)).toContain(refresh);
      await services.db.update(outbox).set({ status: "sent", sentAt: new Date() }).where(eq(outbox.campaignId, campaign.id));
      expect(await render(page, path, campaign.id)).not.toContain("refresh");
    }
  });
});

describe("the preview's \"As received by\" box", () => {
  const open = async (id: number, query: string) => {
    const url = `/admin/marketing/bulk-email/${id}${query}`;
    const data = await (await sent(loader({ request: getRequest(url, admin.cookie), context, params: { id: String(id) } }))).json();
    return { data, html: await serverPage((await import("./route")).default, url, { loaderData: data }) };
  };
  const chosen = (html: string) => /<option selected="" value="(\d+)">|<option value="(\d+)" selected="">/.exec(html)?.slice(1).find(Boolean);

  it("names the member previewed past the first 200, and pages through the list to any member", async () => {
    const rows = await services.db
      .insert(customers)
      .values(Array.from({ length: 230 }, (_, i) => ({ name: `Picker Co ${i}`, customerType: "buyer" as const, attentionEmail: `picker${i}@example.test`, updatedAt: new Date() })))
      .returning({ id: customers.id });
    const ids = rows.map((r) => r.id);
    const list = await createRecipientList(services.db, { name: "Big picker list", channel: "email", kind: "selection", definition: { customerIds: ids }, actor: admin.user });
    const campaign = await createCampaign(services.db, { channel: "email", draft: { listId: list, subject: "Hello {{customerName}}", body: "Hi", projectId: null }, actor: admin.user });

    // the 221st member, asked for by address: previewed, and the box says so
    const far = ids[220]!;
    const named = await open(campaign.id, `?customerId=${far}`);
    expect(named.data.preview?.customerId).toBe(far);
    expect(named.data.preview?.subject).toBe("Hello Picker Co 220");
    expect(chosen(named.html)).toBe(String(far));
    expect(named.html).toContain(`picker=2&amp;customerId=${far}`);

    // the next page of the box offers the members past the first 200
    const second = await open(campaign.id, `?picker=2&customerId=${far}`);
    expect(second.data.members.map((m: { customerId: number }) => m.customerId)).toEqual(ids.slice(200));
    expect(second.data.picker).toEqual({ page: 2, more: false });
    expect(chosen(second.html)).toBe(String(far));
    expect(second.html).toContain('name="picker" value="2"');

    // the first page, with no one named, previews and chooses the first member; a page past the end offers the first
    const first = await open(campaign.id, "");
    expect(first.data.members).toHaveLength(200);
    expect(first.data.picker).toEqual({ page: 1, more: true });
    expect(chosen(first.html)).toBe(String(ids[0]));
    expect((await open(campaign.id, "?picker=99")).data.picker).toEqual({ page: 1, more: true });
  });
});
