import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/** The pricing coefficients' page as an admin reads it: its rows arrive drawn, the form's choices ready. */
const app = await bootApp("route-admin-coefficients");
const { loader, action } = await import("./route");
const { context } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

const open = async (query = "") => (await sent(loader({ request: getRequest(`/admin/system/coefficients${query}`, admin.cookie), context, params: {} }))).json();

describe("the coefficient rows", () => {
  it("arrive as markup (not as data), each with its dimension's label, edit link and delete form", async () => {
    const page = await open("?pageSize=100");
    expect(page).not.toHaveProperty("rows");
    const rows = page.body.html.match(/<tr[^>]*data-testid="coefficient-[^"]+"[\s\S]*?<\/tr>/g) ?? [];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatch(/href="\/admin\/system\/coefficients\?pageSize=100&amp;edit=\d+"/);
      expect(row).toMatch(/<form method="post"/);
      expect(row).toMatch(/aria-label="Delete [^"]+"/);
    }
  });

  it("the form's bands come by dimension from the loader", async () => {
    const page = await open();
    expect(page.bandGroups.map((g: { label: string }) => g.label)).toContain("Spread by property type (bp)");
    expect(page.bandGroups.every((g: { bands: string[] }) => g.bands.length > 0)).toBe(true);
  });
});

describe("a coefficient's edit", () => {
  it("does not let a form opened before another admin's save put their value back unseen: refused with who and when, the value typed kept", async () => {
    const { users } = await import("~/.server/db/schema");
    const { eq } = await import("drizzle-orm");
    const { findCoefficient } = await import("~/models/coefficients.server");
    const other = await app.member("agent@demo.test");
    await app.services.db.update(users).set({ roles: ["ROLE_ADMIN"], totpEnabledAt: new Date() }).where(eq(users.id, other.user.id));
    const id = (await open("?pageSize=100")).body.html.match(/edit=(\d+)"/)![1]!;
    const editing = (await open(`?edit=${id}`)).editing as { dimension: string; band: string; value: number; opened: string };
    const post = (cookie: string, value: string, opened = editing.opened) =>
      responseOf(action({ request: postRequest("/admin/system/coefficients", cookie, { intent: "update", id, dimension: editing.dimension, band: editing.band, value, opened }), context, params: {} }));
    // both opened the row's form; the other admin saves first, then this admin from the form read before
    expect((await post(other.cookie, "11")).status).toBe(302);
    const late = await post(admin.cookie, "22");
    expect(late.status).toBe(409);
    const { result } = (await late.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(result.error[""]![0]).toMatch(
      new RegExp(`^${other.user.name} saved this coefficient at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC, since you opened this page\\. Yours below are not saved: save again to put them in place of theirs, or reload the page to see theirs\\.$`),
    );
    expect(result.initialValue.value).toBe("22");
    expect((await findCoefficient(app.services.db, Number(id)))!.value).toBe(11);
    // saved again from the refused form (now opened on theirs): a choice made knowing of it
    expect((await post(admin.cookie, "22", result.initialValue.opened)).status).toBe(302);
    expect((await findCoefficient(app.services.db, Number(id)))!.value).toBe(22);
  });
});

describe("a coefficient deleted by another admin while this one edits it", () => {
  it("keeps what was typed, saying who deleted it and when, in the add form (Add saves it anew); its edit link says so; a second delete is done already", async () => {
    const { users } = await import("~/.server/db/schema");
    const { eq } = await import("drizzle-orm");
    const { findCoefficient, listCoefficients } = await import("~/models/coefficients.server");
    const other = await app.member("agent@demo.test");
    await app.services.db.update(users).set({ roles: ["ROLE_ADMIN"], totpEnabledAt: new Date() }).where(eq(users.id, other.user.id));
    const id = (await open("?pageSize=100")).body.html.match(/edit=(\d+)"/g)!.at(-1)!.match(/\d+/)![0];
    const editing = (await open(`?edit=${id}`)).editing as { dimension: string; band: string; value: number; opened: string };
    const post = (cookie: string, fields: Record<string, string>) => responseOf(action({ request: postRequest(`/admin/system/coefficients?edit=${id}`, cookie, fields), context, params: {} }));
    const notice = async (response: Response) => (await app.services.sessionStorage.getSession(response.headers.get("Set-Cookie"))).get("notification");
    expect((await post(other.cookie, { intent: "delete", id })).status).toBe(302);
    // this admin's delete of the same row, from the list read before: done, not a 404
    const again = await post(admin.cookie, { intent: "delete", id });
    expect(again.status).toBe(302);
    expect((await notice(again))!.message).toMatch(new RegExp(`^The coefficient was deleted already, by ${other.user.name} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\.$`));
    const late = await post(admin.cookie, { intent: "update", id, dimension: editing.dimension, band: editing.band, value: "33", opened: editing.opened });
    expect(late.status).toBe(410);
    const { result } = (await late.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(result.error[""]![0]).toMatch(
      new RegExp(`^${other.user.name} deleted this coefficient at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\. What you typed is below, not saved: Add saves it as a new coefficient, or leave it for the list as it is now\\.$`),
    );
    // the add form's, with the values typed: the page drawn again for its ?edit= shows no row's form, and says why
    expect(result.initialValue).toEqual({ intent: "create", dimension: editing.dimension, band: editing.band, value: "33" });
    const page = await open(`?edit=${id}`);
    expect(page.editing).toBeNull();
    expect(page.gone).toMatch(new RegExp(`^${other.user.name} deleted this coefficient at `));
    expect(await findCoefficient(app.services.db, Number(id))).toBeNull();
    expect((await post(admin.cookie, result.initialValue)).status).toBe(302);
    const { rows } = await listCoefficients(app.services.db, { filters: { dimension: editing.dimension }, sortBy: "band", sortDesc: false, page: 1, pageSize: 500 } as never);
    expect(rows.find((r: { band: string }) => r.band === editing.band)?.value).toBe(33);
  });
});
