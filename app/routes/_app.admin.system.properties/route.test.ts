import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/** The property assumptions' page as two admins use it: an edit form opened on a row another admin saves meanwhile. */
const app = await bootApp("route-admin-properties");
const { loader, action } = await import("./route");
const { users } = await import("~/.server/db/schema");
const { eq } = await import("drizzle-orm");
const { findPropertyAssumption } = await import("~/models/property-assumptions.server");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
const other = await app.member("agent@demo.test");
await services.db.update(users).set({ roles: ["ROLE_ADMIN"], totpEnabledAt: new Date() }).where(eq(users.id, other.user.id));
afterAll(() => app.cleanup());

type Row = { id: number; propertyType: string; region: string; capRate: number; vacancy: number; expenseRatio: number };
const open = (cookie: string, query: string) => sent(loader({ request: getRequest(`/admin/system/properties${query}`, cookie), context, params: {} })).then((r) => r.json());
const post = (cookie: string, fields: Record<string, string>) => responseOf(action({ request: postRequest("/admin/system/properties", cookie, fields), context, params: {} }));
const formOf = (row: Row) => ({ intent: "update", id: String(row.id), propertyType: row.propertyType, region: row.region, capRate: String(row.capRate), vacancy: String(row.vacancy), expenseRatio: String(row.expenseRatio) });

describe("a row's edit", () => {
  it("does not let a form opened before another admin's save put their figures back unseen: refused with who and when, the figures typed kept", async () => {
    const [first] = (await open(admin.cookie, "")).rows;
    // both open the row's edit form
    const mine = (await open(admin.cookie, `?edit=${first!.id}`)).editing!;
    const theirs = (await open(other.cookie, `?edit=${first!.id}`)).editing!;
    expect(mine.opened).toBe(theirs.opened);
    // the other admin changes the cap rate; this admin, from the form opened before, the vacancy
    expect((await post(other.cookie, { ...formOf(theirs), opened: theirs.opened, capRate: "9.25" })).status).toBe(302);
    const late = await post(admin.cookie, { ...formOf(mine), opened: mine.opened, vacancy: "12.5" });
    expect(late.status).toBe(409);
    const { result } = (await late.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(result.error[""]![0]).toMatch(
      new RegExp(`^${other.user.name} saved ${mine.propertyType} in ${mine.region} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC, since you opened this page\\. Yours below are not saved: save again to put them in place of theirs, or reload the page to see theirs\\.$`),
    );
    expect(result.initialValue).toMatchObject({ vacancy: "12.5", capRate: String(mine.capRate) });
    expect(await findPropertyAssumption(services.db, first!.id)).toMatchObject({ capRate: 9.25, vacancy: mine.vacancy });
    // saved again from the refused form (now opened on theirs): a choice made knowing of it
    expect((await post(admin.cookie, { ...formOf(mine), opened: result.initialValue.opened!, capRate: "9.25", vacancy: "12.5" })).status).toBe(302);
    expect(await findPropertyAssumption(services.db, first!.id)).toMatchObject({ capRate: 9.25, vacancy: 12.5 });
    // a post without `opened` (a page from before it was carried) saves as before
    expect((await post(admin.cookie, { ...formOf(mine), vacancy: "11" })).status).toBe(302);
    expect((await findPropertyAssumption(services.db, first!.id))!.vacancy).toBe(11);
  });
});

describe("a row deleted by another admin while this one edits it", () => {
  it("keeps the figures typed in the add form, saying who deleted it and when (Add saves them anew); its edit link says so; a second delete is done already", async () => {
    const row = (await open(admin.cookie, "")).rows.at(-1) as Row;
    const mine = (await open(admin.cookie, `?edit=${row.id}`)).editing!;
    const notice = async (response: Response) => (await services.sessionStorage.getSession(response.headers.get("Set-Cookie"))).get("notification");
    expect((await post(other.cookie, { intent: "delete", id: String(row.id) })).status).toBe(302);
    const again = await post(admin.cookie, { intent: "delete", id: String(row.id) });
    expect(again.status).toBe(302);
    expect((await notice(again))!.message).toMatch(new RegExp(`^The row was deleted already, by ${other.user.name} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\.$`));
    const late = await post(admin.cookie, { ...formOf(mine), opened: mine.opened, vacancy: "7.5" });
    expect(late.status).toBe(410);
    const { result } = (await late.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(result.error[""]![0]).toMatch(
      new RegExp(`^${other.user.name} deleted this row at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\. What you typed is below, not saved: Add saves it as a new row, or leave it for the list as it is now\\.$`),
    );
    const { intent: _update, id: _id, ...typed } = formOf(mine);
    expect(result.initialValue).toEqual({ ...typed, intent: "create", vacancy: "7.5" });
    const page = await open(admin.cookie, `?edit=${row.id}`);
    expect(page.editing).toBeNull();
    expect(page.gone).toMatch(new RegExp(`^${other.user.name} deleted this row at `));
    expect((await post(admin.cookie, result.initialValue)).status).toBe(302);
    expect((await open(admin.cookie, `?q=${encodeURIComponent(row.region)}`)).rows).toContainEqual(expect.objectContaining({ propertyType: row.propertyType, region: row.region, vacancy: 7.5 }));
  });
});
