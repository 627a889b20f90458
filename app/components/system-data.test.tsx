import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/server-runtime";
import type { ComponentType } from "react";
import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../tests/support/app";
import { serverPage } from "../../tests/support/server-page";

/** The add-or-edit row form of the pricing data pages (interest rates and coefficients) as the server draws it without JavaScript. */
const app = await bootApp("component-system-data");
const rates = await import("~/routes/_app.admin.system.interest-rates/route");
const coefficients = await import("~/routes/_app.admin.system.coefficients/route");
const { context } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

type Page = { loader: (args: LoaderFunctionArgs) => Promise<object>; action: (args: ActionFunctionArgs) => Promise<unknown>; default: ComponentType };
type PageData = { body: { html: string }; editing: Record<string, string | number> | null };
const load = async (route: Page, url: string) => (await sent(route.loader({ request: getRequest(url, admin.cookie), context, params: {} }))).json() as Promise<PageData>;
const post = (route: Page, url: string, fields: Record<string, string>) =>
  responseOf(route.action({ request: postRequest(url, admin.cookie, fields), context, params: {} }));
const render = async (route: Page, url: string, actionData?: object) => serverPage(route.default, url, { loaderData: await load(route, url), actionData });
const rowForm = (html: string, id: string) => html.match(new RegExp(`<form method="post"[^>]* id="${id}"[^>]*>[\\s\\S]*?</form>`))?.[0] ?? "";

const RATES = "/admin/system/interest-rates";
const COEFFICIENTS = "/admin/system/coefficients";
const point = { asOf: "2020-03-02", tenorMonths: "24", rate: "3.1" };
expect((await post(rates, RATES, { intent: "create", ...point })).status).toBe(302);
const pointId = (await load(rates, `${RATES}?asOf=${point.asOf}`)).body.html.match(/data-testid="rate-2020-03-02-24"[\s\S]*?name="id" value="(\d+)"/)?.[1];
const coefficientId = (await load(coefficients, `${COEFFICIENTS}?pageSize=100`)).body.html.match(/edit=(\d+)/)?.[1];

describe("the row form on the interest-rate and coefficient pages", () => {
  it("adds a row: the create intent, no id, an Add button", async () => {
    for (const [route, url, id] of [
      [rates, RATES, "point"],
      [coefficients, COEFFICIENTS, "coefficient"],
    ] as const) {
      const form = rowForm(await render(route, url), id);
      expect(form).toMatch(new RegExp(`^<form method="post" action="${url}" id="${id}" class="flex flex-wrap items-start gap-4" data-discover="true"><input type="hidden" name="intent" value="create"/>`));
      expect(form).not.toContain('name="id"');
      expect(form).not.toContain("aria-describedby");
      expect(form).toMatch(/<button type="submit" class="btn-primary mt-6">Add<\/button><\/form>$/);
    }
  });

  it("edits a row: the update intent, the row's id, its values and a Save button", async () => {
    for (const [route, url, id, value] of [
      [rates, `${RATES}?edit=${pointId}`, `point-${pointId}`, 'value="3.1"'],
      [coefficients, `${COEFFICIENTS}?edit=${coefficientId}`, `coefficient-${coefficientId}`, `name="value"`],
    ] as const) {
      const form = rowForm(await render(route, url), id);
      expect(form).toContain(`<input type="hidden" name="intent" value="update"/><input type="hidden" name="id" value="${id.split("-")[1]}"/>`);
      expect(form).toContain(value);
      expect(form).toMatch(/<button type="submit" class="btn-primary mt-6">Save<\/button><\/form>$/);
    }
  });

  it("after a refused row the form names the problem, tied to the form by the id its aria-describedby names, and keeps what was sent", async () => {
    const editing = (await load(coefficients, `${COEFFICIENTS}?edit=${coefficientId}`)).editing!;
    const taken = { dimension: String(editing.dimension), band: String(editing.band), value: String(editing.value) };
    for (const [route, url, id, fields, message] of [
      [rates, RATES, "point", point, "The curve of that day already has a rate at that tenor."],
      [coefficients, COEFFICIENTS, "coefficient", taken, null],
    ] as const) {
      const response = await post(route, url, { intent: "create", ...fields });
      expect(response.status).toBe(409);
      const form = rowForm(await render(route, url, await response.json()), id);
      expect(form).toContain(`aria-describedby="${id}-error"`);
      expect(form).toMatch(new RegExp(`<input type="hidden" name="intent" value="create"/><div id="${id}-error" role="alert" data-testid="form-error"[^>]*><p>${message ?? "[^<]+"}</p></div>`));
      expect(form).toContain(`value="${fields === point ? point.rate : taken.value}"`);
    }
  });

  it("after refused fields, drawn without JavaScript, the page starts on the first field to mend, and only on it", async () => {
    const response = await post(rates, RATES, { intent: "create", asOf: "2020-03-09", tenorMonths: "abc", rate: "abc" });
    expect(response.status).toBe(400);
    const form = rowForm(await render(rates, RATES, await response.json()), "point");
    expect(form.match(/<input[^>]*autofocus[^>]*>/g)).toEqual([expect.stringContaining('name="tenorMonths"')]);
  });

  it("an edit saved goes back to the table as it was left, its filter, sort and page, without the edit form", async () => {
    const at = `${RATES}?asOf=${point.asOf}&sort=rate&desc=1&edit=${pointId}`;
    const saved = await post(rates, at, { intent: "update", id: String(pointId), ...point, rate: "3.2" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`${RATES}?asOf=${point.asOf}&sort=rate&desc=1`);
  });

  it("links its CSV export to the rows of the page's filter", async () => {
    expect(await render(rates, `${RATES}?asOf=${point.asOf}`)).toContain(`href="${RATES}.csv?asOf=${point.asOf}"`);
    expect(await render(coefficients, `${COEFFICIENTS}?dimension=cpr`)).toContain(`href="${COEFFICIENTS}.csv?dimension=cpr"`);
    expect(await render(rates, RATES)).toContain(`href="${RATES}.csv"`);
  });
});
