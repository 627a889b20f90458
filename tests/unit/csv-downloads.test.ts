import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, responseOf } from "../support/app";

/** The admin's CSV downloads, held to one set of headers: a named attachment, never cached, the pages' security headers. */
const app = await bootApp("csv-downloads");
const { applySecurityHeaders } = await import("~/.server/security-headers");
const { createCampaign } = await import("~/models/campaigns.server");
const { createRecipientList } = await import("~/models/recipient-lists.server");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

const day = () => new Date().toISOString().slice(0, 10);
type Loader = (args: { request: Request; context: typeof context; params: Record<string, string> }) => Promise<unknown>;

async function download(module: Promise<{ loader: Loader }>, url: string, params: Record<string, string> = {}) {
  const { loader } = await module;
  const response = await responseOf(loader({ request: getRequest(url, admin.cookie), context, params }));
  await response.text();
  return response;
}

function expectCsvAttachment(response: Response, filename: string) {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${filename}"`);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  for (const [name, value] of applySecurityHeaders(new Headers(), services.env)) expect.soft(response.headers.get(name), name).toBe(value);
}

describe("the admin's CSV downloads", () => {
  it("name the file after what it holds (and the day, where it is a snapshot) and are never cached", async () => {
    expectCsvAttachment(await download(import("~/routes/admin.customers[.]csv"), "/admin/customers.csv"), `customers-${day()}.csv`);
    expectCsvAttachment(await download(import("~/routes/admin.marketing.affiliates[.]csv"), "/admin/marketing/affiliates.csv"), "affiliate-referrals.csv");
    expectCsvAttachment(await download(import("~/routes/admin.system.sic-data-sets[.]csv"), "/admin/system/sic-data-sets.csv"), `sic-codes-${day()}.csv`);
    expectCsvAttachment(await download(import("~/routes/admin.system.properties[.]csv"), "/admin/system/properties.csv"), `property-assumptions-${day()}.csv`);
    expectCsvAttachment(await download(import("~/routes/admin.system.coefficients[.]csv"), "/admin/system/coefficients.csv"), `coefficients-${day()}.csv`);
    expectCsvAttachment(await download(import("~/routes/admin.system.interest-rates[.]csv"), "/admin/system/interest-rates.csv"), `interest-rates-${day()}.csv`);
    expectCsvAttachment(await download(import("~/routes/admin.uploads.$kind.template[.]csv"), "/admin/uploads/real-estates/template.csv", { kind: "real-estates" }), `real-estates-template-${day()}.csv`);

    const actor = { id: admin.user.id, name: admin.user.name, email: admin.user.email };
    const listId = await createRecipientList(services.db, { name: "CSV headers", channel: "email", kind: "selection", definition: { customerIds: [] }, actor });
    const { id } = await createCampaign(services.db, { channel: "email", draft: { listId, subject: "Hello", body: "Hi", projectId: null }, actor });
    const recipients = await download(import("~/routes/admin.marketing.campaigns.$id.recipients[.]csv"), `/admin/marketing/campaigns/${id}/recipients.csv`, { id: String(id) });
    expectCsvAttachment(recipients, `campaign-${id}-recipients.csv`);
  });

  it("write a moment as a spreadsheet reads it (a date and time it sorts and counts with, not ISO's text), in UTC, under the headers clients know", async () => {
    const { csvValueOf } = await import("~/models/customers.server");
    type Row = Parameters<typeof csvValueOf>[0];
    const row = { lastLogin: Date.UTC(2026, 4, 8, 14, 30, 5, 123), createdAt: Date.UTC(2025, 0, 2), lastActivity: null } as unknown as Row;
    expect(csvValueOf(row, "lastLogin")).toBe("2026-05-08 14:30:05");
    expect(csvValueOf(row, "createdAt")).toBe("2025-01-02 00:00:00");
    expect(csvValueOf(row, "lastActivity")).toBeNull();
    // the customer type as the table shows it, not its stored value
    expect(csvValueOf({ customerType: "buyer" } as unknown as Row, "customerType")).toBe("Buyer");

    const headerOf = async (module: Promise<{ loader: Loader }>, url: string, params: Record<string, string> = {}) => {
      const { loader } = await module;
      return (await (await responseOf(loader({ request: getRequest(url, admin.cookie), context, params }))).text()).split("\r\n")[0];
    };
    expect(await headerOf(import("~/routes/admin.marketing.affiliates[.]csv"), "/admin/marketing/affiliates.csv")).toContain(",joined,");
    const actor = { id: admin.user.id, name: admin.user.name, email: admin.user.email };
    const listId = await createRecipientList(services.db, { name: "CSV dates", channel: "email", kind: "selection", definition: { customerIds: [] }, actor });
    const { id } = await createCampaign(services.db, { channel: "email", draft: { listId, subject: "Hello", body: "Hi", projectId: null }, actor });
    expect(await headerOf(import("~/routes/admin.marketing.campaigns.$id.recipients[.]csv"), `/admin/marketing/campaigns/${id}/recipients.csv`, { id: String(id) })).toBe(
      "recipient,status,attempts,segments,due,sent,last error",
    );
  });

  it("of the pricing data give the rows of the page's filter (a day's curve, a dimension's coefficients), still in the import's columns", async () => {
    const { interestRates } = await import("~/.server/db/schema");
    const updatedAt = new Date();
    await services.db.insert(interestRates).values([
      { asOf: "2019-06-03", tenorMonths: 12, rate: 2.1, updatedAt },
      { asOf: "2019-06-03", tenorMonths: 24, rate: 2.2, updatedAt },
      { asOf: "2019-06-04", tenorMonths: 12, rate: 2.3, updatedAt },
    ]);
    const lines = async (module: Promise<{ loader: Loader }>, url: string) => {
      const { loader } = await module;
      return (await (await responseOf(loader({ request: getRequest(url, admin.cookie), context, params: {} }))).text()).trim().split("\r\n");
    };
    const rates = import("~/routes/admin.system.interest-rates[.]csv");
    expect(await lines(rates, "/admin/system/interest-rates.csv?asOf=2019-06-03")).toEqual(["asOf,tenorMonths,rate", "2019-06-03,12,2.1", "2019-06-03,24,2.2"]);
    const every = await lines(rates, "/admin/system/interest-rates.csv");
    expect(every).toContain("2019-06-04,12,2.3");
    expect(every).toContain("2019-06-03,12,2.1");

    const coefficients = import("~/routes/admin.system.coefficients[.]csv");
    const cpr = await lines(coefficients, "/admin/system/coefficients.csv?dimension=cpr");
    expect(cpr[0]).toBe("dimension,band,value");
    expect(cpr.length).toBeGreaterThan(1);
    expect(cpr.slice(1).every((line) => line.startsWith("cpr,"))).toBe(true);
    expect((await lines(coefficients, "/admin/system/coefficients.csv")).length).toBeGreaterThan(cpr.length);
  });
});
