import type { ComponentType } from "react";
import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, sent } from "../../../tests/support/app";
import { serverPage } from "../../../tests/support/server-page";

/** The bulk e-mail and bulk SMS compose pages as an admin opens them: each offers and lists its own channel's lists and campaigns. */
const app = await bootApp("route-bulk-compose");
const email = await import("./route");
const sms = await import("../_app.admin.marketing.bulk-sms._index/route");
const { createCampaign } = await import("~/models/campaigns.server");
const { createRecipientList } = await import("~/models/recipient-lists.server");
const { campaigns } = await import("~/.server/db/schema");
const { eq } = await import("drizzle-orm");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

type Page = { loader: typeof email.loader; default: ComponentType };
const load = async (route: Page, url: string) => (await sent(route.loader({ request: getRequest(url, admin.cookie), context, params: {} }))).json();

/** The page as the server renders it without JavaScript, from its loader's data. */
const render = async (route: Page, url: string) => serverPage(route.default, url, { loaderData: await load(route, url) });

const actor = admin.user;
const emailList = await createRecipientList(services.db, { name: "Compose e-mail list", channel: "email", kind: "filters", definition: { query: "" }, actor });
const smsList = await createRecipientList(services.db, { name: "Compose SMS list", channel: "sms", kind: "filters", definition: { query: "" }, actor });
const mail = await createCampaign(services.db, { channel: "email", draft: { listId: emailList, subject: "Compose mail", body: "Hello", projectId: null }, actor });
const text = await createCampaign(services.db, { channel: "sms", draft: { listId: smsList, subject: "", body: "Compose text", projectId: null }, actor });
const sentMail = await createCampaign(services.db, { channel: "email", draft: { listId: emailList, subject: "Sent mail", body: "Hello", projectId: null }, actor });
await services.db.update(campaigns).set({ status: "sent" }).where(eq(campaigns.id, sentMail.id));

describe("the compose pages' loaders", () => {
  it("offer each channel's lists, its own campaigns, the list asked for and the page", async () => {
    for (const [route, path, own, other, ownCampaign, otherCampaign] of [
      [email, "/admin/marketing/bulk-email", emailList, smsList, mail.id, text.id],
      [sms, "/admin/marketing/bulk-sms", smsList, emailList, text.id, mail.id],
    ] as const) {
      const page = await load(route, `${path}?listId=${own}&page=1`);
      expect(page).toMatchObject({ listId: String(own), page: 1 });
      expect(Object.keys(page).sort()).toEqual(["campaigns", "listId", "lists", "page", "projects", "submissionKey", "total"]);
      const lists = page.lists.map((l: { value: string }) => l.value);
      expect(lists).toContain(String(own));
      expect(lists).not.toContain(String(other));
      const ids = page.campaigns.map((c: { id: number }) => c.id);
      expect(ids).toContain(ownCampaign);
      expect(ids).not.toContain(otherCampaign);
      expect(page.total).toBeGreaterThanOrEqual(ids.length);
      expect(page.projects.length).toBeGreaterThan(0);
      expect(await load(route, `${path}?page=abc`)).toMatchObject({ listId: "", page: 1 });
    }
  });
});

describe("the compose pages' campaign tables", () => {
  it("name each campaign's status in words, with a link to its page", async () => {
    const mailRow = (await render(email, "/admin/marketing/bulk-email")).match(new RegExp(`<tr><td><a[^>]*href="/admin/marketing/bulk-email/${mail.id}"[\\s\\S]*?</tr>`))?.[0];
    expect(mailRow).toContain(">Compose mail</a></td><td>Compose e-mail list</td><td>Draft</td><td>—</td>");
    const sentRow = (await render(email, "/admin/marketing/bulk-email")).match(new RegExp(`<tr><td><a[^>]*href="/admin/marketing/bulk-email/${sentMail.id}"[\\s\\S]*?</tr>`))?.[0];
    expect(sentRow).toMatch(/>Sent mail<\/a><\/td><td>Compose e-mail list<\/td><td>Sent<\/td><td>\d+<\/td>/);
    const textRow = (await render(sms, "/admin/marketing/bulk-sms")).match(new RegExp(`<tr><td><a[^>]*href="/admin/marketing/bulk-sms/${text.id}"[\\s\\S]*?</tr>`))?.[0];
    expect(textRow).toContain(">Compose text</a></td><td>Compose SMS list</td><td>Draft</td><td>—</td>");
  });
});

describe("the compose form sent twice (a double click, a resend)", () => {
  it("writes one draft, and both posts land on its page", async () => {
    const { postRequest, responseOf } = await import("../../../tests/support/app");
    for (const [route, path, listId] of [
      [email, "/admin/marketing/bulk-email", emailList],
      [sms, "/admin/marketing/bulk-sms", smsList],
    ] as const) {
      const { submissionKey } = await load(route, path);
      const fields = { listId: String(listId), subject: "Double compose", body: `Double compose ${path}`, key: submissionKey };
      const send = () => responseOf(route.action({ request: postRequest(path, admin.cookie, fields), context, params: {} }));
      const [first, second] = await Promise.all([send(), send()]);
      expect(first.status).toBe(302);
      expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
      expect(await services.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.body, fields.body))).toHaveLength(1);
    }
  });
});
