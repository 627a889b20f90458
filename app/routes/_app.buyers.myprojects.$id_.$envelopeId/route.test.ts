import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/** The NDA signing page as its loader and action answer a browser, on the demo market. */
const app = await bootApp("route-envelope");
const { loader, action } = await import("./route");
const { makeUser } = await import("~/seed/factories");
const { findContractByEnvelope, requestNda } = await import("~/models/contracts.server");
const { customers, users } = await import("~/.server/db/schema");
const { eq } = await import("drizzle-orm");
const { context, services, deal } = app;

const seller = await app.member("seller@demo.test");
const buyer = await app.member("buyer@demo.test");
const broker = await app.member("broker@demo.test");
const rival = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
const [project, other] = await app.publishedProjects(seller.user.id);
const mine = await requestNda(deal, project!, buyer.user);
const theirs = await requestNda(deal, project!, rival);
const mineElsewhere = await requestNda(deal, other!, buyer.user);
afterAll(() => app.cleanup());

const at = (id: number, envelopeId: string, section = "buyers") => ({ url: `/${section}/myprojects/${id}/${envelopeId}`, params: { id: String(id), envelopeId } });
const open = (id: number, envelopeId: string, cookie = buyer.cookie, section = "buyers") => {
  const { url, params } = at(id, envelopeId, section);
  return responseOf(loader({ request: getRequest(url, cookie), context, params }));
};
/** What the page receives when the loader lets the member in. */
const pageData = async (id: number, envelopeId: string) => {
  const { url, params } = at(id, envelopeId);
  return (await sent(loader({ request: getRequest(url, buyer.cookie), context, params }))).json();
};
const sign = (id: number, envelopeId: string, fields: Record<string, string>, cookie = buyer.cookie) => {
  const { url, params } = at(id, envelopeId);
  return responseOf(action({ request: postRequest(url, cookie, fields), context, params }));
};

describe("signing page loader", () => {
  it("shows the member their own envelope, its NDA and where the PDF is", async () => {
    expect((await open(project!.id, mine.envelopeId)).status).toBe(200);
    const data = await pageData(project!.id, mine.envelopeId);
    expect(data.project).toEqual({ id: project!.id, projectName: project!.projectName });
    expect(data.envelope).toMatchObject({ id: mine.envelopeId, status: "Requested", signedAt: null });
    expect(data.documentPath).toBe(`/projects/more-details/${project!.id}/nda/${mine.envelopeId}`);
    expect(data.paragraphs?.join(" ")).toContain(project!.projectName);
    expect(data.suggestedName).toBe(buyer.user.name);
  });

  it("answers 404 for another member's envelope, for one under another project, and for one that does not exist", async () => {
    expect((await open(project!.id, theirs.envelopeId)).status).toBe(404);
    expect((await open(other!.id, mine.envelopeId)).status).toBe(404);
    expect((await open(project!.id, mineElsewhere.envelopeId)).status).toBe(404);
    expect((await open(project!.id, "nosuchenvelope1234")).status).toBe(404);
    // at the brokers' twin a broker gets no buyer's envelope either
    expect((await open(project!.id, mine.envelopeId, broker.cookie, "brokers")).status).toBe(404);
  });

  it("sends a visitor to sign in first", async () => {
    const { url, params } = at(project!.id, mine.envelopeId);
    const response = await responseOf(loader({ request: getRequest(url), context, params }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/signin?${new URLSearchParams({ redirect: url })}`);
  });
});

describe("signing page action", () => {
  it("answers 404 when the envelope is another member's, and signs nothing", async () => {
    const response = await sign(project!.id, theirs.envelopeId, { signerName: "Bea Buyer", agree: "on" });
    expect(response.status).toBe(404);
    expect((await findContractByEnvelope(services.db, theirs.envelopeId))!.ndaStatus).toBe("Requested");
  });

  it("answers 400 without the box ticked, then signs and sends the buyer to the teaser until the seller approves", async () => {
    expect((await sign(project!.id, mine.envelopeId, { signerName: "Bea Buyer" })).status).toBe(400);
    expect((await sign(project!.id, mine.envelopeId, { signerName: "", agree: "on" })).status).toBe(400);

    const response = await sign(project!.id, mine.envelopeId, { signerName: "Bea Buyer", agree: "on" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/projects/more-details/${project!.id}`);
    const data = await pageData(project!.id, mine.envelopeId);
    expect(data.envelope).toMatchObject({ status: "Signed", signerName: "Bea Buyer" });
    expect(data.envelope.signedSha256).toMatch(/^[0-9a-f]{64}$/);

    // the same signature sent again (a double click: the browser shows the second answer) lands where the first did,
    // signing nothing again; another signature is refused
    const repeat = await sign(project!.id, mine.envelopeId, { signerName: "Bea Buyer", agree: "on" });
    expect(repeat.status).toBe(302);
    expect(repeat.headers.get("Location")).toBe(`/projects/more-details/${project!.id}`);
    expect((await pageData(project!.id, mine.envelopeId)).envelope).toEqual(data.envelope);
    const other = await sign(project!.id, mine.envelopeId, { signerName: "Someone Else", agree: "on" });
    expect(other.status).toBe(409);
    expect(JSON.stringify(await other.json())).toContain("This NDA is signed already.");
  });

  it("refuses the signature (403, nothing signed) of a member whose company is not verified, though the envelope was opened before it had one", async () => {
    // the rival asked for the NDA with no company, then named one in on-boarding: it waits for verification
    const [company] = await services.db.insert(customers).values({ name: `Unverified ${Date.now()}`, onboardingStatus: "in_progress" }).returning();
    await services.db.update(users).set({ customerId: company!.id }).where(eq(users.id, rival.id));
    const { cookie } = await app.member(rival.email);
    const response = await sign(project!.id, theirs.envelopeId, { signerName: "Rita Rival", agree: "on" }, cookie);
    expect(response.status).toBe(403);
    expect(JSON.stringify(await response.json())).toContain("on-boarding is not verified yet");
    expect((await findContractByEnvelope(services.db, theirs.envelopeId))!.ndaStatus).toBe("Requested");
    // verified, it signs
    await services.db.update(customers).set({ onboardingStatus: "verified" }).where(eq(customers.id, company!.id));
    expect((await sign(project!.id, theirs.envelopeId, { signerName: "Rita Rival", agree: "on" }, cookie)).status).toBe(302);
  });
});
