import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, ORIGIN, postRequest, responseOf, sent } from "../../../tests/support/app";

/** The benchmark curve's page as an admin reads it: its rows arrive drawn, each with its edit link and delete form. */
const app = await bootApp("route-admin-interest-rates");
const { loader, action } = await import("./route");
const { DEMO_CURVE_DAY } = await import("~/seed/pricing-data");
const { context } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

const open = async (query = "") => (await sent(loader({ request: getRequest(`/admin/system/interest-rates${query}`, admin.cookie), context, params: {} }))).json();
const post = (fields: Record<string, string>, query = "") =>
  responseOf(action({ request: postRequest(`/admin/system/interest-rates${query}`, admin.cookie, fields), context, params: {} }));

describe("the interest-rate rows", () => {
  it("arrive as markup (not as data): each row's test id, values, edit link keeping the filters, and delete form", async () => {
    expect((await post({ intent: "create", asOf: "2020-02-03", tenorMonths: "120", rate: "4.4" })).status).toBe(302);
    const page = await open("?asOf=2020-02-03");
    expect(page).not.toHaveProperty("rows");
    const row = page.body.html.match(/<tr[^>]*data-testid="rate-2020-02-03-120"[\s\S]*?<\/tr>/)?.[0] ?? "";
    expect(row).toContain("4.400");
    expect(row).toContain("10 years");
    const id = row.match(/name="id" value="(\d+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(row).toContain(`href="/admin/system/interest-rates?asOf=2020-02-03&amp;edit=${id}"`);
    expect(row).toMatch(/<form method="post"/);
    expect(row).toContain('aria-label="Delete 2020-02-03 10 years"');
    expect(row).toContain('aria-label="Edit 2020-02-03 10 years"');
  });

  it("a point the server refuses keeps its values and names the field's problem", async () => {
    const response = await post({ intent: "create", asOf: "2020-02-04", tenorMonths: "0", rate: "abc" });
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(result.error.rate).toEqual(["Value must be a valid decimal."]);
    expect(result.initialValue).toMatchObject({ asOf: "2020-02-04", tenorMonths: "0", rate: "abc" });
  });
});

describe("a new day's curve with some tenors only", () => {
  it("is priced with the earlier rates of the tenors it lacks, which the write's warning and the page name", async () => {
    const { services } = app;
    const notice = async (response: Response) => (await services.sessionStorage.getSession(response.headers.get("Set-Cookie"))).get("notification");
    // today: a day after the demo curve's, and none to come (refused)
    const today = new Date().toISOString().slice(0, 10);
    expect(today > DEMO_CURVE_DAY).toBe(true);
    const added = await post({ intent: "create", asOf: today, tenorMonths: "12", rate: "6.5" });
    expect(added.status).toBe(302);
    const warned = (await notice(added))!;
    expect(warned.type).toBe("warning");
    expect(warned.message).toMatch(/^The curve point is added\. The curve of (\S+) has no rate at 1 month \([\d.]+% of 2026-11-02\), .*30 years \([\d.]+% of 2026-11-02\): pricing carries those rates over until \1's are entered\.$/);
    expect(warned.message).toContain(`The curve of ${today} has no rate`);
    expect(warned.message).not.toContain("1 year (");
    const page = await open();
    expect(page.latest).toEqual({ asOf: today, points: 1 });
    expect(page.carriedNote).toBe(warned.message.replace("The curve point is added. ", ""));
    // the day's point deleted, the latest curve is whole again: no warning
    const id = (await open(`?asOf=${today}`)).body.html.match(/name="id" value="(\d+)"/)?.[1];
    const deleted = await post({ intent: "delete", id: id! });
    expect(await notice(deleted)).toEqual({ message: "The curve point is deleted.", type: "success" });
    expect((await open()).carriedNote).toBeNull();
  });
});

describe("an import of a file that is not comma-separated", () => {
  const upload = (bytes: Uint8Array<ArrayBuffer> | string, name: string) => {
    const form = new FormData();
    form.append("intent", "import");
    form.append("file", new File([bytes], name, { type: "text/csv" }));
    const request = new Request(`${ORIGIN}/admin/system/interest-rates`, {
      method: "POST",
      headers: { Cookie: admin.cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
      body: form,
    });
    return responseOf(action({ request, context, params: {} }));
  };
  const problems = async (response: Response) => ((await response.json()) as { result: { error: Record<string, string[]> } }).result.error;

  it("names the separator, or says the file is not CSV, instead of a missing column", async () => {
    const semicolons = await upload("asOf;tenorMonths;rate\n2026-01-01;12;4,5\n", "rates.csv");
    expect(semicolons.status).toBe(400);
    expect((await problems(semicolons)).file).toEqual(["Line 1: The file's columns are separated by semicolons: save it as CSV with commas."]);
    // an XLSX workbook renamed .csv: a ZIP, with its NULs
    const workbook = await upload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]), "rates.csv");
    expect((await problems(workbook)).file).toEqual(["This is not a CSV file: save it as CSV (comma-separated) and upload it again."]);
  });
});

describe("a point's edit", () => {
  it("does not let a form opened before another admin's save put their rate back unseen (as every system-data table's edit)", async () => {
    const { users } = await import("~/.server/db/schema");
    const { eq } = await import("drizzle-orm");
    const other = await app.member("agent@demo.test");
    await app.services.db.update(users).set({ roles: ["ROLE_ADMIN"], totpEnabledAt: new Date() }).where(eq(users.id, other.user.id));
    expect((await post({ intent: "create", asOf: "2020-03-02", tenorMonths: "60", rate: "3.1" })).status).toBe(302);
    const id = (await open("?asOf=2020-03-02")).body.html.match(/data-testid="rate-2020-03-02-60"[\s\S]*?name="id" value="(\d+)"/)![1]!;
    const { opened } = (await open(`?edit=${id}`)).editing as { opened: string };
    const save = (cookie: string, rate: string) =>
      responseOf(action({ request: postRequest("/admin/system/interest-rates", cookie, { intent: "update", id, asOf: "2020-03-02", tenorMonths: "60", rate, opened }), context, params: {} }));
    expect((await save(other.cookie, "3.2")).status).toBe(302);
    const late = await save(admin.cookie, "3.3");
    expect(late.status).toBe(409);
    const { result } = (await late.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(result.error[""]![0]).toMatch(new RegExp(`^${other.user.name} saved this curve point at `));
    expect(result.initialValue.rate).toBe("3.3");
    expect(((await open(`?edit=${id}`)).editing as { rate: number }).rate).toBe(3.2);
  });
});

describe("a point deleted while its edit form is open", () => {
  it("its edit link draws the page saying who deleted it and when, over the add form (was a 404)", async () => {
    expect((await post({ intent: "create", asOf: "2020-03-04", tenorMonths: "60", rate: "3.3" })).status).toBe(302);
    const id = (await open("?asOf=2020-03-04")).body.html.match(/name="id" value="(\d+)"/)![1]!;
    expect((await post({ intent: "delete", id })).status).toBe(302);
    const page = await open(`?edit=${id}`);
    expect(page.editing).toBeNull();
    expect(page.gone).toMatch(new RegExp(`^${admin.user.name} deleted this curve point at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\.$`));
  });
});
