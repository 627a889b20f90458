// @vitest-environment jsdom
import { afterAll, describe, expect, it } from "vitest";
import { bootApp, ORIGIN, postRequest, responseOf } from "../../../tests/support/app";

/**
 * A step posted from a deal's page read before its listing left the market (withdrawn by its seller
 * or an admin, sold to another): refused saying so and that nothing was sent, with the text typed kept
 * (the form's own with JavaScript; a page of its own without), never a bare 404 that loses it. A
 * member who never had a deal on the listing still gets 404.
 */
const app = await bootApp("route-closed-listing");
const { action, shouldRevalidate } = await import("./route");
const teaser = await import("../_app.projects.more-details.$id/route");
const brokers = await import("../_app.brokers.myprojects.$id");
const { makeUser } = await import("~/seed/factories");
const { requestNda } = await import("~/models/contracts.server");
const { threadMessages } = await import("~/models/negotiations.server");
const { offersOnProject } = await import("~/models/offers.server");
const { withdrawProject } = await import("~/models/project-withdrawal.server");
const { inboundItems, projects } = await import("~/.server/db/schema");
const { and, eq } = await import("drizzle-orm");
const { context, services, deal } = app;

const seller = await app.member("seller@demo.test");
const buyer = await app.member("buyer@demo.test");
const broker = await app.member("broker@demo.test");
const stranger = await makeUser(services.db, { roles: ["ROLE_BUYER"], name: "Stan Ranger", company: "Elsewhere Fund" });
const strangerCookie = await app.cookieFor(stranger);
const [withdrawn, sold, asked] = await app.publishedProjects(seller.user.id);
afterAll(() => app.cleanup());

// both had the workspace open; then the seller withdrew one listing, and the other was sold to someone else
await app.approvedNda(withdrawn!, buyer.user);
await app.approvedNda(withdrawn!, broker.user);
await app.approvedNda(sold!, buyer.user);
// the third: the buyer asked for the NDA and reads the teaser, with its question form
await requestNda(deal, asked!, buyer.user);
for (const gone of [withdrawn!, asked!]) expect(await withdrawProject(deal, { projectId: gone.id, actorId: seller.user.id, sellerId: seller.user.id })).toBe(true);
await services.db.update(projects).set({ status: "sold", soldAt: new Date() }).where(eq(projects.id, sold!.id));

const TYPED = "Could you send the servicing agreement <b>before</b> Friday?\nThanks";
/**
 * A form posted from its own page: with JavaScript (`?_data=`, which Remix takes off before the action), the
 * page's fetch, Sec-Fetch-Dest "empty"; without, a navigation, "document". Either names the page as its Referer.
 */
const post = (path: string, id: number, cookie: string, fields: Record<string, string>, run = action) => {
  const [pathname, query] = path.split("?");
  const request = postRequest(pathname!, cookie, fields);
  request.headers.set("Referer", `${ORIGIN}${pathname}`);
  request.headers.set("Sec-Fetch-Dest", query?.startsWith("_data=") ? "empty" : "document");
  return responseOf(run({ request, context, params: { id: String(id) } }));
};
const workspaceData = (section: string, id: number) => `/${section}/myprojects/${id}?_data=${encodeURIComponent(`routes/_app.${section}.myprojects.$id`)}`;
/** The page thrown without JavaScript, and the form's answer with it. */
type ClosedPage = { error: string; closed: { html: string } };
type FormAnswer = { closed: true; result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } };
const pageOf = async (response: Response) => (await response.json()) as ClosedPage;
const formOf = async (response: Response) => (await response.json()) as FormAnswer;
const messagesOf = async (projectId: number, buyerId: number) => (await threadMessages(services.db, { projectId, buyerId })).messages.map((m) => m.body);

describe("a step posted to the workspace of a listing that left the market", () => {
  it("is answered 410 without JavaScript with a page of its own: why, that nothing was sent, the text typed to copy, the way back", async () => {
    const response = await post(`/buyers/myprojects/${withdrawn!.id}`, withdrawn!.id, buyer.cookie, { intent: "message", body: TYPED, key: "k1" });
    expect(response.status).toBe(410);
    const data = await pageOf(response);
    const said = `${withdrawn!.projectName} was withdrawn, so your message was not sent.`;
    expect(data.error).toBe(said);
    const page = document(data.closed.html);
    expect(page.querySelector('[data-testid="error-message"]')!.textContent).toBe(said);
    const typed = page.querySelector<HTMLTextAreaElement>('textarea[data-testid="typed-text"]')!;
    expect(typed.readOnly).toBe(true);
    expect(typed.value).toBe(TYPED);
    expect(page.querySelector("a")!.getAttribute("href")).toBe("/buyers/myprojects/index_new");
    expect(await messagesOf(withdrawn!.id, buyer.user.id)).toEqual([]);
  });

  it("keeps the form as it was with JavaScript: 410 with the message on the form and the text typed, and the page is not read again", async () => {
    const response = await post(workspaceData("buyers", withdrawn!.id), withdrawn!.id, buyer.cookie, { intent: "message", body: TYPED, key: "k2" });
    expect(response.status).toBe(410);
    const data = await formOf(response);
    expect(data.result.error[""]).toEqual([`${withdrawn!.projectName} was withdrawn, so your message was not sent.`]);
    expect(data.result.initialValue).toMatchObject({ intent: "message", body: TYPED });
    const revalidate = (actionResult: unknown) => shouldRevalidate!({ actionResult, defaultShouldRevalidate: true } as Parameters<NonNullable<typeof shouldRevalidate>>[0]);
    expect(revalidate(data)).toBe(false);
    expect(revalidate({ result: { status: "error" } })).toBe(true);
    expect(await messagesOf(withdrawn!.id, buyer.user.id)).toEqual([]);
  });

  it("says so for an offer, keeping its terms, and writes none", async () => {
    const terms = { intent: "offer", price: "8500000", structure: "All cash", conditions: "Subject to a clean tape", dueDiligenceDays: "30", expiresOn: "2099-01-01" };
    const response = await post(workspaceData("buyers", withdrawn!.id), withdrawn!.id, buyer.cookie, terms);
    expect(response.status).toBe(410);
    const data = await formOf(response);
    expect(data.result.error[""]).toEqual([`${withdrawn!.projectName} was withdrawn, so your offer was not sent.`]);
    expect(data.result.initialValue).toMatchObject({ conditions: "Subject to a clean tape", price: "8500000" });
    const page = await responseOf(action({ request: postRequest(`/buyers/myprojects/${withdrawn!.id}`, buyer.cookie, terms), context, params: { id: String(withdrawn!.id) } }));
    const typed = [...document((await pageOf(page)).closed.html).querySelectorAll("textarea")].map((t) => t.value);
    expect(typed).toEqual(["8500000", "All cash", "Subject to a clean tape", "30", "2099-01-01"]);
    expect(await offersOnProject(services.db, { projectId: withdrawn!.id, buyerId: buyer.user.id })).toEqual([]);
  });

  it("answers a broker on their own section, back to their deals", async () => {
    // the broker's route is the buyers' module again: the page kept as it is after the answer too
    expect(brokers.shouldRevalidate).toBe(shouldRevalidate);
    const response = await post(`/brokers/myprojects/${withdrawn!.id}`, withdrawn!.id, broker.cookie, { intent: "message", body: TYPED, key: "k3" }, brokers.action);
    expect(response.status).toBe(410);
    const page = document((await pageOf(response)).closed.html);
    expect(page.querySelector("a")!.getAttribute("href")).toBe("/brokers/myprojects/index_new");
    expect(await messagesOf(withdrawn!.id, broker.user.id)).toEqual([]);
  });

  it("tells a buyer of a listing sold to another that it is no longer available to them, naming no more of it", async () => {
    const response = await post(workspaceData("buyers", sold!.id), sold!.id, buyer.cookie, { intent: "message", body: TYPED, key: "k4" });
    expect(response.status).toBe(410);
    const data = await formOf(response);
    expect(data.result.error[""]).toEqual([`${sold!.projectName} is no longer available to you, so your message was not sent.`]);
    expect(Object.keys(data)).toEqual(["closed", "result"]);
  });

  it("still answers 404 to a member who never had a deal on the listing", async () => {
    for (const path of [`/buyers/myprojects/${withdrawn!.id}`, workspaceData("buyers", withdrawn!.id)]) {
      const response = await post(path, withdrawn!.id, strangerCookie, { intent: "message", body: TYPED, key: "k5" });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain(withdrawn!.projectName);
    }
  });
});

describe("a question asked on the teaser of a listing that left the market", () => {
  const inquiries = async () => services.db.select().from(inboundItems).where(and(eq(inboundItems.projectId, asked!.id), eq(inboundItems.userId, buyer.user.id)));

  it("tells a buyer with a deal on it, keeping the question, with JavaScript and without, and stores none", async () => {
    const fields = { intent: "ask", question: TYPED };
    const withJs = await post(`/projects/more-details/${asked!.id}?_data=${encodeURIComponent("routes/_app.projects.more-details.$id")}`, asked!.id, buyer.cookie, fields, teaser.action);
    expect(withJs.status).toBe(410);
    const data = await formOf(withJs);
    expect(data.result.error[""]).toEqual([`${asked!.projectName} was withdrawn, so your question was not sent.`]);
    expect(data.result.initialValue).toMatchObject(fields);
    expect(teaser.shouldRevalidate!({ actionResult: data, defaultShouldRevalidate: true } as Parameters<NonNullable<typeof teaser.shouldRevalidate>>[0])).toBe(false);
    const withoutJs = await post(`/projects/more-details/${asked!.id}`, asked!.id, buyer.cookie, fields, teaser.action);
    expect(withoutJs.status).toBe(410);
    const page = document((await pageOf(withoutJs)).closed.html);
    expect(page.querySelector("textarea")!.value).toBe(TYPED);
    expect(page.querySelector("a")!.getAttribute("href")).toBe("/buyers/myprojects/index_new");
    expect(await inquiries()).toEqual([]);
  });

  it("answers the page, text and all, to the question posted with JavaScript from the real-estate teaser, whose route is another", async () => {
    const request = postRequest(`/projects/more-details/${asked!.id}`, buyer.cookie, { intent: "ask", question: TYPED });
    request.headers.set("Referer", `${ORIGIN}/realestate/${asked!.id}`);
    request.headers.set("Sec-Fetch-Dest", "empty");
    const response = await responseOf(teaser.action({ request, context, params: { id: String(asked!.id) } }));
    expect(response.status).toBe(410);
    expect(document((await pageOf(response)).closed.html).querySelector("textarea")!.value).toBe(TYPED);
  });

  it("still answers 404 to a member who never had a deal on it", async () => {
    const response = await post(`/projects/more-details/${asked!.id}`, asked!.id, strangerCookie, { intent: "ask", question: TYPED }, teaser.action);
    expect(response.status).toBe(404);
  });
});

function document(html: string) {
  const box = globalThis.document.createElement("div");
  box.innerHTML = html;
  return box;
}
