import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/** The SIC codes' page as two admins use it: an edit form opened on a code another admin saves meanwhile. */
const app = await bootApp("route-admin-sic-codes");
const { loader, action } = await import("./route");
const { users } = await import("~/.server/db/schema");
const { eq } = await import("drizzle-orm");
const { findSicCode } = await import("~/models/sic-codes.server");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
const other = await app.member("agent@demo.test");
await services.db.update(users).set({ roles: ["ROLE_ADMIN"], totpEnabledAt: new Date() }).where(eq(users.id, other.user.id));
afterAll(() => app.cleanup());

type Row = { code: string; title: string; division: string; opened: string };
const open = (cookie: string, query: string) => sent(loader({ request: getRequest(`/admin/system/sic-data-sets${query}`, cookie), context, params: {} })).then((r) => r.json());
const post = (cookie: string, fields: Record<string, string>) => responseOf(action({ request: postRequest("/admin/system/sic-data-sets", cookie, fields), context, params: {} }));

describe("a code's edit", () => {
  it("does not let a form opened before another admin's save put their title back unseen: refused with who and when, the title typed kept", async () => {
    const { code } = (await open(admin.cookie, "")).rows[0]!;
    const mine = (await open(admin.cookie, `?edit=${code}`)).editing as Row;
    const form = (title: string, opened = mine.opened) => ({ intent: "update", original: code, code, division: mine.division, title, opened });
    expect((await post(other.cookie, form("Their careful title"))).status).toBe(302);
    const late = await post(admin.cookie, form("My title"));
    expect(late.status).toBe(409);
    const { result } = (await late.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(result.error[""]![0]).toMatch(new RegExp(`^${other.user.name} saved SIC ${code} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC, since you opened this page\\. Yours below are not saved: `));
    expect(result.initialValue.title).toBe("My title");
    expect((await findSicCode(services.db, code))!.title).toBe("Their careful title");
    // saved again from the refused form (now opened on theirs): a choice made knowing of it
    expect((await post(admin.cookie, form("My title", result.initialValue.opened))).status).toBe(302);
    expect((await findSicCode(services.db, code))!.title).toBe("My title");
  });
});

describe("a code deleted by another admin while this one edits it", () => {
  it("keeps what was typed in the add form, saying who deleted it and when (Add saves it anew); its edit link says so; a second delete is done already", async () => {
    const { code } = (await open(admin.cookie, "")).rows.at(-1)!;
    const mine = (await open(admin.cookie, `?edit=${code}`)).editing as Row;
    const notice = async (response: Response) => (await services.sessionStorage.getSession(response.headers.get("Set-Cookie"))).get("notification");
    expect((await post(other.cookie, { intent: "delete", code })).status).toBe(302);
    const again = await post(admin.cookie, { intent: "delete", code });
    expect(again.status).toBe(302);
    expect((await notice(again))!.message).toMatch(new RegExp(`^SIC ${code} was deleted already, by ${other.user.name} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\.$`));
    const late = await post(admin.cookie, { intent: "update", original: code, code, division: mine.division, title: "My new title", opened: mine.opened });
    expect(late.status).toBe(410);
    const { result } = (await late.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(result.error[""]![0]).toMatch(
      new RegExp(`^${other.user.name} deleted SIC ${code} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\. What you typed is below, not saved: Add saves it as a new code, or leave it for the list as it is now\\.$`),
    );
    expect(result.initialValue).toEqual({ intent: "create", code, division: mine.division, title: "My new title" });
    const page = await open(admin.cookie, `?edit=${code}`);
    expect(page.editing).toBeNull();
    expect(page.gone).toMatch(new RegExp(`^${other.user.name} deleted SIC ${code} at `));
    // a code given another number by the other admin: said as such, not as deleted by someone
    expect((await open(admin.cookie, "?edit=0000")).gone).toBe("SIC 0000 is no longer in the table: it was deleted, or given another code.");
    expect((await post(admin.cookie, result.initialValue)).status).toBe(302);
    expect(await findSicCode(services.db, code)).toMatchObject({ title: "My new title" });
  });
});
