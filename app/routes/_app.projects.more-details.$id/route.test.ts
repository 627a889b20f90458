import { afterAll, describe, expect, it, vi } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";
import { UPLOAD_OPTIONS } from "../../../tests/support/upload-options";

/**
 * The teaser (/projects/more-details/{id}, and /realestate/{id} for real estate) as its loader
 * answers each member: its data request (`?_data=`) is read as it is, so it carries what any member
 * may see before an NDA and nothing more, whatever the member's stage on the project.
 */
const app = await bootApp("route-teaser");
const { action, loader } = await import("./route");
const { loader: realEstateLoader } = await import("../_app.realestate.$id/route");
const { makeUser } = await import("~/seed/factories");
const { requestNda, signNda } = await import("~/models/contracts.server");
const { checkUpload, drainImportJob, stageImport } = await import("~/models/listing-imports.server");
const { UPLOAD_EXAMPLES, uploadColumns } = await import("~/lib/listing-upload");
const { projects, users } = await import("~/.server/db/schema");
const { eq } = await import("drizzle-orm");
const { context, services, deal } = app;

const seller = await app.member("seller@demo.test");
const buyer = await app.member("buyer@demo.test");
const broker = await app.member("broker@demo.test");
const otherSeller = await app.member("lakeshore@demo.test");
const admin = await app.member("admin@demo.test");
// a colleague of the seller's company with no grants
const colleague = await makeUser(services.db, { roles: ["ROLE_SELLER"], name: "Cole League", company: seller.user.company });
await services.db.update(users).set({ customerId: seller.user.customerId }).where(eq(users.id, colleague.id));
const colleagueCookie = await app.cookieFor(colleague);
afterAll(() => app.cleanup());

const [none, requested, signed, approved] = await app.publishedProjects(seller.user.id);
const BORROWER = "Teaser Test Borrower LLC";
for (const project of [none!, requested!, signed!, approved!]) {
  await services.db.update(projects).set({ borrower: BORROWER }).where(eq(projects.id, project.id));
}
await requestNda(deal, requested!, buyer.user);
await signNda(deal, await requestNda(deal, signed!, buyer.user), signed!, buyer.user, { signerName: buyer.user.name, ipAddress: "203.0.113.7", userAgent: "" });
await app.approvedNda(approved!, buyer.user);
// another buyer on the same listings, who must never show
const rival = await makeUser(services.db, { roles: ["ROLE_BUYER"], name: "Otto Rival", company: "Rival Fund" });
for (const project of [none!, approved!]) await app.approvedNda(project, rival);

const teaser = (id: number, cookie: string) =>
  sent(loader({ request: getRequest(`/projects/more-details/${id}?_data=routes%2F_app.projects.more-details.%24id`, cookie), context, params: { id: String(id) } }));

/** What no teaser's data may hold, of the listing's seller, its borrower or other buyers. */
const secrets = () => [
  BORROWER,
  seller.user.name,
  seller.user.email,
  seller.user.company,
  rival.name,
  rival.email,
  "Rival Fund",
];

describe("the teaser's data, member by member", () => {
  const viewers = () => [
    ["a buyer without an NDA", buyer.cookie, none!],
    ["a buyer whose NDA is requested", buyer.cookie, requested!],
    ["a buyer whose NDA is signed", buyer.cookie, signed!],
    ["a buyer whose NDA is approved", buyer.cookie, approved!],
    ["a broker", broker.cookie, none!],
    ["another seller", otherSeller.cookie, none!],
    ["the seller's colleague without grants", colleagueCookie, none!],
  ] as const;

  it("carries no borrower, no seller, no other buyer, no loan tape and no documents", async () => {
    for (const [who, cookie, project] of viewers()) {
      const response = await teaser(project.id, cookie);
      expect(response.status, who).toBe(200);
      const data = await response.json();
      const text = JSON.stringify(data);
      for (const secret of secrets()) expect(text, `${who}: ${secret}`).not.toContain(secret);
      expect(Object.keys(data).sort(), who).toEqual(["deal", "project", "sellerResponsiveness", "summary", "tapeCompleteness"]);
      for (const key of ["borrower", "sellerId", "sellerName", "details.address", "loans", "documents", "views", "ndaCount", "bidCount", "tapeFieldCounts"]) {
        expect(data.project, `${who}: ${key}`).not.toHaveProperty(key.split("."));
      }
    }
  });

  it("the listing's own seller and admins see their teaser as the buyers do", async () => {
    for (const [who, cookie] of [["seller", seller.cookie], ["admin", admin.cookie]] as const) {
      const data = await (await teaser(none!.id, cookie)).json();
      expect(data.project, who).not.toHaveProperty("borrower");
      expect(JSON.stringify(data), who).not.toContain(rival.name);
    }
  });
});

describe("the look a teaser counts", () => {
  it("is a buyer's or a broker's (a member holding both seller and buyer roles acts as a buyer), not a seller's or an admin's", async () => {
    const multi = await app.member("multi@demo.test");
    const looks = vi.spyOn(services, "recordLook").mockImplementation(() => {});
    try {
      const lookers = async (cookie: string) => {
        looks.mockClear();
        expect((await teaser(none!.id, cookie)).status).toBe(200);
        return looks.mock.calls.map(([look]) => look.userId);
      };
      for (const [who, member] of [["buyer", buyer], ["broker", broker], ["seller and buyer", multi]] as const) {
        expect(await lookers(member.cookie), who).toEqual([member.user.id]);
      }
      // another seller watching the market would show on the listing's desk as a buyer who viewed it
      for (const [who, cookie] of [["another seller", otherSeller.cookie], ["the seller's colleague", colleagueCookie], ["the seller", seller.cookie], ["admin", admin.cookie]] as const) {
        expect(await lookers(cookie), who).toEqual([]);
      }
    } finally {
      looks.mockRestore();
    }
  });
});

describe("a HEAD of a teaser", () => {
  it("answers as the GET does and counts no look (a link checker is not a buyer's interest)", async () => {
    const looks = vi.spyOn(services, "recordLook").mockImplementation(() => {});
    try {
      const head = (url: string, run: typeof loader, params: Record<string, string>) =>
        responseOf(run({ request: new Request(getRequest(url, buyer.cookie), { method: "HEAD" }), context, params }));
      expect((await head(`/projects/more-details/${none!.id}`, loader, { id: String(none!.id) })).status).toBe(200);
      const [home] = await services.db.query.projects.findMany({ where: (p, { and, eq }) => and(eq(p.kind, "real_estate"), eq(p.status, "published")), limit: 1 });
      expect((await head(`/realestate/${home!.id}`, realEstateLoader, { id: String(home!.id) })).status).toBe(200);
      expect(looks).not.toHaveBeenCalled();
      expect((await teaser(none!.id, buyer.cookie)).status).toBe(200);
      expect(looks).toHaveBeenCalledTimes(1);
    } finally {
      looks.mockRestore();
    }
  });
});

describe("a colleague's listing", () => {
  it("offers a member of the seller's company who also buys nothing to sign or pass on, counts no look, and refuses the steps posted by hand", async () => {
    const teammate = await makeUser(services.db, { roles: ["ROLE_BUYER"], name: "Tess Mate", company: seller.user.company });
    await services.db.update(users).set({ customerId: seller.user.customerId }).where(eq(users.id, teammate.id));
    const cookie = await app.cookieFor(teammate);
    const looks = vi.spyOn(services, "recordLook").mockImplementation(() => {});
    try {
      const data = await (await teaser(none!.id, cookie)).json();
      expect(data.project).toMatchObject({ own: false, ownCompany: true });
      expect(data.deal).toBeNull();
      expect(looks).not.toHaveBeenCalled();
    } finally {
      looks.mockRestore();
    }
    // another company's buyer is still offered the NDA
    expect((await (await teaser(none!.id, buyer.cookie)).json()).project.ownCompany).toBe(false);
    for (const intent of ["request-nda", "pass"]) {
      const request = postRequest(`/projects/more-details/${none!.id}`, cookie, { intent });
      const response = await responseOf(action({ request, context, params: { id: String(none!.id) } }));
      expect(response.status, intent).toBe(403);
      expect(JSON.stringify(await response.json()), intent).toContain("Your company lists this project");
    }
    const { contracts } = await import("~/.server/db/schema");
    expect(await services.db.select().from(contracts).where(eq(contracts.buyerId, teammate.id))).toEqual([]);
  });
});

describe("an imported real-estate listing's teaser", () => {
  it("carries neither its address nor its exact place: no ZIP code, no coordinates", async () => {
    const options = UPLOAD_OPTIONS;
    // the admin's upload with the address lookup's optional columns filled in
    const columns = [...uploadColumns("real_estate", options), "latitude", "longitude", "locatedZip"];
    const row: Record<string, string> = { ...UPLOAD_EXAMPLES.real_estate, projectName: "Imported office", latitude: "42.651234", longitude: "-73.754321", locatedZip: "12207" };
    const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
    const csv = `${columns.join(",")}\n${columns.map((c) => quote(row[c] ?? "")).join(",")}\n`;
    const checked = await checkUpload(new File([csv], "re.csv", { type: "text/csv" }), { kind: "real_estate", options });
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    const job = await stageImport(services.db, { kind: "real_estate", sellerId: seller.user.id, target: "published", fileName: "re.csv", rows: checked.rows, actor: admin.user });
    expect(await drainImportJob(services.db, job.id)).toMatchObject({ status: "done", imported: 1 });
    const [imported] = await services.db.select().from(projects).where(eq(projects.importJobId, job.id));
    const id = imported!.id;
    const answers = [
      await teaser(id, buyer.cookie),
      await sent(realEstateLoader({ request: getRequest(`/realestate/${id}`, buyer.cookie), context, params: { id: String(id) } })),
    ];
    for (const response of answers) {
      expect(response.status).toBe(200);
      const data = await response.json();
      // the city, as the search's map says the metro area
      expect(data.project.details).toMatchObject({ city: "Albany", propertyType: "Office" });
      // without the listing's times: one published at ….42.653Z would hold "42.65", and not as a coordinate
      const text = JSON.stringify(data).replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, "");
      for (const secret of ["100 Example Street", "12207", "42.65", "73.75", "Example Borrower LLC"]) expect(text, secret).not.toContain(secret);
    }
  });
});

describe("a teaser not there", () => {
  it("answers 404 for a draft and a made-up id", async () => {
    const [draft] = await services.db.insert(projects).values({ sellerId: seller.user.id, kind: "loan_pool", status: "draft", projectName: "Unlisted" }).returning();
    for (const id of [String(draft!.id), "99999999", "abc"]) {
      const response = await responseOf(loader({ request: getRequest(`/projects/more-details/${id}`, buyer.cookie), context, params: { id } }));
      expect(response.status, id).toBe(404);
    }
  });
});

describe("a question from the teaser", () => {
  it("is taken 20 times an hour from one member (each is an e-mail to every admin); the next is refused with why, nothing kept or mailed", async () => {
    const { inboundItems, outbox } = await import("~/.server/db/schema");
    const asker = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const cookie = await app.cookieFor(asker);
    const ask = (i: number) =>
      responseOf(action({ request: postRequest(`/projects/more-details/${none!.id}`, cookie, { intent: "ask", question: `Question number ${i} about the pool?` }), context, params: { id: String(none!.id) } }));
    for (let i = 0; i < 20; i++) expect((await ask(i)).status, `question ${i}`).toBe(302);
    const mailsBefore = (await services.db.select().from(outbox)).length;
    const refused = await ask(20);
    expect(refused.status).toBe(429);
    expect(JSON.stringify(await refused.json())).toContain("Too many questions from your account.");
    expect(await services.db.select().from(inboundItems).where(eq(inboundItems.email, asker.email))).toHaveLength(20);
    expect((await services.db.select().from(outbox)).length).toBe(mailsBefore);
  });
});
