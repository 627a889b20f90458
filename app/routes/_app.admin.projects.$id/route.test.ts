import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";
import { busyProject, underOfferProject } from "../../../tests/support/busy-project";
import { ndaRows } from "../../../tests/support/nda-rows";

/** The admin's project page on a busy project: the seller's desk, paged the same way. */
const app = await bootApp("route-admin-project");
const { loader, action } = await import("./route");
const { makeUser } = await import("~/seed/factories");
const { customers, matches, outbox, projectInvitations, users } = await import("~/.server/db/schema");
const { DESK_NDAS_PAGE_SIZE: PAGE } = await import("~/models/contracts.server");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
const seller = await app.member("seller@demo.test");
const { project, contracts } = await busyProject(services.db, { sellerId: seller.user.id, ndas: PAGE + 5, signed: (i) => i === PAGE + 2 });
afterAll(() => app.cleanup());

const get = (query: string) => loader({ request: getRequest(`/admin/projects/${project.id}${query}`, admin.cookie), context, params: { id: String(project.id) } });
const page = (query: string) => responseOf(get(query));
const dataOf = async (query: string) => (await sent(get(query))).json();

describe("the admin's project page, a page of each list at a time", () => {
  it("shows the NDAs a page at a time, and made-up pages as pages, never an error", async () => {
    const [first, second] = await Promise.all([dataOf(""), dataOf("?ndas=2")]);
    expect(ndaRows(first.desk.records.ndas.html).map((c) => c.id)).toEqual(contracts.slice(0, PAGE).map((c) => c.id));
    expect(ndaRows(second.desk.records.ndas.html).map((c) => c.id)).toEqual(contracts.slice(PAGE).map((c) => c.id));
    expect(first.desk.records.ndasPager.html).toContain(`of ${PAGE + 5} NDAs`);
    for (const query of ["?ndas=abc", "?ndas=-1", "?ndas=99999", "?documents=1.5&audit=x&threads=-4&offers=1e12"]) {
      expect((await page(query)).status, query).toBe(200);
    }
  });

  it("returns to the page of each list the admin was on after a step", async () => {
    const query = "?ndas=2&threads=2";
    const request = postRequest(`/admin/projects/${project.id}${query}`, admin.cookie, { intent: "approve-nda", contractId: String(contracts[PAGE + 2]!.id) });
    const response = await responseOf(action({ request, context, params: { id: String(project.id) } }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/projects/${project.id}${query}`);
  });
});

describe("the project's matched buyers, a page at a time", () => {
  it("shows the last page for a page past it (a stale link after matches dropped away), not none under a count of them", async () => {
    const { project: listing } = await busyProject(services.db, { sellerId: seller.user.id, ndas: 1, name: "Paged matches" });
    const companies = await services.db
      .insert(customers)
      .values(Array.from({ length: 27 }, (_, i) => ({ name: `Paged match ${i + 1}` })))
      .returning({ id: customers.id });
    await services.db.insert(matches).values(companies.map((c, i) => ({ projectId: listing.id, customerId: c.id, score: 90 - i, reasons: [{ reason: "Industry: Insurance", points: 90 - i }], computedAt: new Date() })));
    const matchedOn = async (query: string) => {
      const data = await (await sent(loader({ request: getRequest(`/admin/projects/${listing.id}${query}`, admin.cookie), context, params: { id: String(listing.id) } }))).json();
      return { html: data.matched.body.html as string, pager: data.matched.pager.html as string, count: data.matched.count as number };
    };
    const second = await matchedOn("?page=2");
    expect(second.count).toBe(2);
    expect(second.html).toContain("Paged match 27");
    for (const query of ["?page=3", "?page=99", "?page=99&sort=customerName&desc=1"]) {
      const past = await matchedOn(query);
      expect(past.count, query).toBe(2);
      expect(past.html, query).not.toContain("No buyer's criteria match this project yet.");
      expect(past.pager, query).toMatch(/26<span>(&#8211;|–)<\/span>27 of 27 matched buyers/);
    }
  });
});

describe("Invite to view", () => {
  /** A company with one enabled member, as `values` leave it. */
  async function company(values: Partial<typeof customers.$inferInsert>) {
    const [row] = await services.db.insert(customers).values({ name: "Some company", ...values }).returning();
    const member = await makeUser(services.db);
    await services.db.update(users).set({ customerId: row!.id }).where(eq(users.id, member.id));
    return { id: row!.id, email: member.email };
  }
  const invite = (customerIds: number[]) =>
    responseOf(
      action({
        request: postRequest(`/admin/projects/${project.id}`, admin.cookie, new URLSearchParams([["intent", "invite"], ...customerIds.map((id) => ["customerId", String(id)])])),
        context,
        params: { id: String(project.id) },
      }),
    );

  it("refuses a company that is not an enabled buyer, writing and sending nothing, with any others ticked beside it", async () => {
    const buyer = await company({ name: "Open buyer" });
    const refused = [
      await company({ name: "Disabled buyer", enabled: false }),
      await company({ name: "Deleted customer", anonymisedAt: new Date() }),
      await company({ name: "A seller", customerType: "seller" }),
    ];
    for (const other of refused) {
      const response = await invite([buyer.id, other.id]);
      expect(response.status).toBe(400);
      const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
      expect(result.error[""]).toEqual(["Only enabled buyer companies can be invited to view a project."]);
    }
    expect((await invite([999_999])).status).toBe(400);
    expect(await services.db.select().from(outbox).where(inArray(outbox.recipient, [buyer, ...refused].map((c) => c.email)))).toEqual([]);
    expect(await services.db.select().from(projectInvitations).where(eq(projectInvitations.projectId, project.id))).toEqual([]);

    expect((await invite([buyer.id])).status).toBe(302);
    expect(await services.db.select().from(outbox).where(eq(outbox.recipient, buyer.email))).toHaveLength(1);
  });
});

describe("an admin withdrawing a listing with deals under way", () => {
  it("closes its open offers and pending NDA requests and tells their buyers it was withdrawn by the marketplace", async () => {
    const { contracts: contractsTable, notifications, offers, projects } = await import("~/.server/db/schema");
    const { project: listing, contracts: [requested, approved] } = await busyProject(services.db, { sellerId: seller.user.id, ndas: 2, signed: (i) => i === 0, name: "Withdrawn by an admin" });
    await services.db.update(contractsTable).set({ ndaStatus: "NDA Approved" }).where(eq(contractsTable.id, approved!.id));
    const [offer] = await services.db
      .insert(offers)
      .values({ projectId: listing.id, buyerId: approved!.buyerId, status: "countered", price: 1_000_000, structure: "Cash", dueDiligenceDays: 30, expiresOn: "2099-01-01", pdfKey: "x.pdf", pdfSha256: "-" })
      .returning();
    const post = () => responseOf(action({ request: postRequest(`/admin/projects/${listing.id}`, admin.cookie, { intent: "withdraw" }), context, params: { id: String(listing.id) } }));

    expect((await post()).status).toBe(302);
    expect((await services.db.select().from(projects).where(eq(projects.id, listing.id)))[0]!.status).toBe("withdrawn");
    expect((await services.db.select().from(offers).where(eq(offers.id, offer!.id)))[0]!.status).toBe("rejected");
    const ndas = await services.db.select().from(contractsTable).where(inArray(contractsTable.id, [requested!.id, approved!.id]));
    expect(ndas.map((c) => [c.id, c.ndaStatus, c.decidedBy]).sort()).toEqual([[requested!.id, "Rejected", admin.user.id], [approved!.id, "NDA Approved", null]].sort());
    const told = await services.db.select().from(notifications).where(inArray(notifications.userId, [requested!.buyerId, approved!.buyerId]));
    expect(told.map((n) => [n.userId, n.message]).sort()).toEqual(
      [
        [approved!.buyerId, "Withdrawn by an admin was withdrawn by the marketplace: your offer is closed."],
        [requested!.buyerId, "Withdrawn by an admin was withdrawn by the marketplace: your NDA request is closed."],
      ].sort(),
    );
    // final: a second withdrawal is refused and tells nobody again
    expect((await post()).status).toBe(409);
    expect(await services.db.select().from(notifications).where(inArray(notifications.userId, [requested!.buyerId, approved!.buyerId]))).toHaveLength(2);
  });
});

describe("an admin closing the sale of a listing under offer", () => {
  async function underOffer(name: string) {
    const listed = await underOfferProject(services.db, { sellerId: seller.user.id, name });
    const post = (fields: Record<string, string>, cookie = admin.cookie) =>
      responseOf(action({ request: postRequest(`/admin/projects/${listed.listing.id}`, cookie, fields), context, params: { id: String(listed.listing.id) } }));
    return { ...listed, post };
  }

  const noticesOf = async (userId: number) => {
    const { notifications } = await import("~/.server/db/schema");
    return services.db.select().from(notifications).where(eq(notifications.userId, userId));
  };

  it("marks it sold, tells the buyer and the seller, drops its matches, and refuses a second post with 409", async () => {
    const { listing, buyerId, post, status, offerNow, matchCount } = await underOffer("Sold by the desk");
    const shown = await (await sent(loader({ request: getRequest(`/admin/projects/${listing.id}`, admin.cookie), context, params: { id: String(listing.id) } }))).json();
    expect(shown.sale!.html).toContain('value="mark-sold"');
    expect((await post({ intent: "mark-sold" })).status).toBe(302);
    expect(await status()).toBe("sold");
    // the audit log keeps the status the step replaced
    const { listAudit } = await import("~/models/audit.server");
    const step = (await listAudit(services.db)).rows.find((r) => r.action === "project.sold" && r.subjectId === String(listing.id));
    expect(step?.changes).toEqual([{ field: "status", from: "under_offer", to: "sold" }]);
    expect((await offerNow()).status).toBe("accepted");
    expect(await matchCount()).toBe(0);
    expect((await noticesOf(buyerId)).map((n) => n.message)).toEqual(["Sold by the desk was marked sold by the marketplace: your accepted offer closed the sale."]);
    expect((await services.db.select().from(outbox).where(eq(outbox.recipient, seller.user.email))).map((m) => m.subject)).toContain("Sold: Sold by the desk");
    const again = await post({ intent: "mark-sold" });
    expect(again.status).toBe(409);
    expect(JSON.stringify(await again.json())).toContain("This project is no longer under offer.");
    expect(await noticesOf(buyerId)).toHaveLength(1);
  });

  it("puts it back on the market when the deal fell through, closing the accepted offer and telling its buyer once", async () => {
    const { buyerId, post, status, offerNow, matchCount } = await underOffer("Fell through at the desk");
    expect((await post({ intent: "fell-through" })).status).toBe(302);
    expect(await status()).toBe("published");
    expect((await offerNow()).status).toBe("rejected");
    expect(await matchCount()).toBeGreaterThan(0);
    expect((await noticesOf(buyerId)).map((n) => n.message)).toEqual(["Fell through at the desk: the deal fell through; your offer is closed."]);
    expect((await post({ intent: "fell-through" })).status).toBe(409);
    expect(await noticesOf(buyerId)).toHaveLength(1);
  });

  it("answers a member who is not an admin before anything is read of the form: away to the listing's public page while buyers see it, 404 once they do not, writing nothing", async () => {
    const { listing, buyerId, post, status } = await underOffer("Not an admin's to sell");
    const stranger = await app.member("lakeshore@demo.test");
    for (const intent of ["mark-sold", "fell-through"]) {
      const answer = await post({ intent }, stranger.cookie);
      expect([answer.status, answer.headers.get("Location")], intent).toEqual([302, `/projects/more-details/${listing.id}`]);
    }
    expect(await status()).toBe("under_offer");
    expect(await noticesOf(buyerId)).toEqual([]);
    expect((await post({ intent: "mark-sold" })).status).toBe(302);
    expect((await post({ intent: "fell-through" }, stranger.cookie)).status).toBe(404);
    expect(await status()).toBe("sold");
    expect(await noticesOf(buyerId)).toHaveLength(1);
  });
});

describe("the project's NDA template and its audit note, under the name the browser sent", () => {
  it("keep no control characters (a CR/LF sent as %0D%0A), as a data room document's name keeps none", async () => {
    const { desc } = await import("drizzle-orm");
    const { auditLog } = await import("~/.server/db/schema");
    const { ndaSettingsOf } = await import("~/models/contracts.server");
    const { ORIGIN } = await import("../../../tests/support/app");
    const { PDFDocument } = await import("pdf-lib");
    const made = await PDFDocument.create();
    made.addPage();
    const form = new FormData();
    form.append("intent", "nda-template");
    form.append("file", new File([(await made.save()) as Uint8Array<ArrayBuffer>], "Our\r\nNDA.pdf", { type: "application/pdf" }));
    const request = new Request(`${ORIGIN}/admin/projects/${project.id}`, { method: "POST", headers: { Cookie: admin.cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" }, body: form });
    expect((await responseOf(action({ request, context, params: { id: String(project.id) } }))).status).toBe(302);
    expect((await ndaSettingsOf(services.db, project.id)).templateName).toBe("OurNDA.pdf");
    const [logged] = await services.db.select().from(auditLog).where(eq(auditLog.action, "nda.template")).orderBy(desc(auditLog.id)).limit(1);
    expect(logged!.detail).toBe(`Project ${project.id}, ${project.projectName}. File: OurNDA.pdf`);
  });
});

describe("the seller's e-mail about an admin's step on their listing", () => {
  it("goes only to a seller who may sign in and follow its link: none while the account, or its company, is disabled or locked", async () => {
    const { projects } = await import("~/.server/db/schema");
    const sellerAs = async (name: string, account: { enabled?: boolean; company?: Partial<typeof customers.$inferInsert> }) => {
      const member = await makeUser(services.db, { roles: ["ROLE_SELLER"] });
      const [company] = account.company ? await services.db.insert(customers).values({ name, customerType: "seller", ...account.company }).returning() : [];
      await services.db.update(users).set({ enabled: account.enabled ?? true, customerId: company?.id ?? null }).where(eq(users.id, member.id));
      const [listing] = await services.db.insert(projects).values({ sellerId: member.id, kind: "insurance_loan", status: "published", projectName: name, publishedAt: new Date() }).returning();
      const withdrawn = await responseOf(action({ request: postRequest(`/admin/projects/${listing!.id}`, admin.cookie, { intent: "withdraw" }), context, params: { id: String(listing!.id) } }));
      expect(withdrawn.status, name).toBe(302);
      return (await services.db.select().from(outbox).where(eq(outbox.recipient, member.email))).map((m) => m.subject);
    };
    expect(await sellerAs("Disabled seller's listing", { enabled: false })).toEqual([]);
    expect(await sellerAs("Disabled company's listing", { company: { enabled: false } })).toEqual([]);
    expect(await sellerAs("Locked company's listing", { company: { locked: true } })).toEqual([]);
    expect(await sellerAs("Open seller's listing", { company: {} })).toEqual(["Withdrawn: Open seller's listing"]);
  });
});

describe("the admin's project page opened from the projects table", () => {
  it("is linked with the table as the admin has it (?back=), and links back to it; a made-up address is the bare table", async () => {
    const table = await import("../_app.admin.projects._index/route");
    // the same rows under two addresses: each page's links name its own
    for (const query of [`q=${encodeURIComponent(project.projectName)}&sort=projectName&desc=1`, `q=${encodeURIComponent(project.projectName)}&sort=projectName&desc=1&listing=`]) {
      const rows = await (await sent(table.loader({ request: getRequest(`/admin/projects?${query}`, admin.cookie), context, params: {} }))).json();
      const back = `/admin/projects?${query}`;
      const href = `/admin/projects/${project.id}?${new URLSearchParams({ back })}`;
      expect(rows.body.html, query).toContain(`href="${href}"`);
      const opened = await (await sent(loader({ request: getRequest(href, admin.cookie), context, params: { id: String(project.id) } }))).json();
      expect(opened.overview.html, query).toContain(`<a href="${back.replaceAll("&", "&amp;")}" class="link">Back to projects</a>`);
    }
    const madeUp = await dataOf(`?back=${encodeURIComponent("https://evil.example/admin/projects")}`);
    expect(madeUp.overview.html).toContain(`<a href="/admin/projects" class="link">Back to projects</a>`);
  });

  it("keeps that way back through its Permissions page: its steps and its way back to the project", async () => {
    const permissions = await import("../_app.admin.projects.permission.$id/route");
    const here = `/admin/projects/${project.id}?${new URLSearchParams({ back: "/admin/projects?sort=projectName&desc=1&page=2", ndas: "2" })}`;
    const opened = await (await sent(loader({ request: getRequest(here, admin.cookie), context, params: { id: String(project.id) } }))).json();
    const href = `/admin/projects/permission/${project.id}?${new URLSearchParams({ back: here })}`;
    expect(opened.permissions).toBe(href);
    expect((await dataOf("")).permissions).toBe(`/admin/projects/permission/${project.id}`);
    const params = { id: String(project.id) };
    const paged = `${href}&page=1`;
    expect((await (await sent(permissions.loader({ request: getRequest(paged, admin.cookie), context, params }))).json()).back).toBe(here);
    const closed = await responseOf(permissions.action({ request: postRequest(paged, admin.cookie, { intent: "block", contractId: String(contracts[0]!.id) }), context, params }));
    expect(closed.headers.get("Location")).toBe(paged);
    // not a way elsewhere: another project's page, or a made-up address, is this project's bare page
    for (const made of [`/admin/projects/${project.id + 1}`, "https://evil.example/"]) {
      const other = await (await sent(permissions.loader({ request: getRequest(`/admin/projects/permission/${project.id}?${new URLSearchParams({ back: made })}`, admin.cookie), context, params }))).json();
      expect(other.back, made).toBe(`/admin/projects/${project.id}`);
    }
  });
});

describe("a review step on a listing that changed since the page was opened", () => {
  it("says what the listing is now: published already by another admin, or withdrawn by its seller meanwhile", async () => {
    const { projects } = await import("~/.server/db/schema");
    const sellerRoute = await import("~/routes/_app.sellers.myprojects.$id/route");
    const submitted = async (name: string) => (await services.db.insert(projects).values({ sellerId: seller.user.id, kind: "insurance_loan", status: "submitted", projectName: name }).returning())[0]!;
    const review = (id: number, fields: Record<string, string>) => responseOf(action({ request: postRequest(`/admin/projects/${id}`, admin.cookie, fields), context, params: { id: String(id) } }));
    const errorOf = async (response: Response) => JSON.stringify(await response.json());

    // two admins (or a double click) publish at once: one publishes, the other is told it is done
    const twice = await submitted("Published twice");
    const both = await Promise.all([review(twice.id, { intent: "publish" }), review(twice.id, { intent: "publish" })]);
    expect(both.map((r) => r.status).sort()).toEqual([302, 409]);
    expect(await errorOf(both.find((r) => r.status === 409)!)).toContain("This project is published already: nothing more was done.");
    const mails = await services.db.select().from(outbox).where(eq(outbox.subject, "Published: Published twice"));
    expect(mails).toHaveLength(1);

    // the seller withdrew it while the admin read it: the admin's publish and return are refused, saying so
    const gone = await submitted("Withdrawn while reviewed");
    const withdrawn = await responseOf(sellerRoute.action({ request: postRequest(`/sellers/myprojects/${gone.id}`, seller.cookie, { intent: "withdraw" }), context, params: { id: String(gone.id) } }));
    expect(withdrawn.status).toBe(302);
    const publish = await review(gone.id, { intent: "publish" });
    expect(publish.status).toBe(409);
    expect(await errorOf(publish)).toContain("This project is withdrawn now (it changed since the page was opened), so it was not published.");
    const reject = await review(gone.id, { intent: "reject", reason: "The tape is missing its payment history." });
    expect(await errorOf(reject)).toContain("This project is withdrawn now (it changed since the page was opened), so it was not returned to the seller.");
    // and the seller's own second withdrawal (a double click, another tab)
    const again = await responseOf(sellerRoute.action({ request: postRequest(`/sellers/myprojects/${gone.id}`, seller.cookie, { intent: "withdraw" }), context, params: { id: String(gone.id) } }));
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toContain("This project is withdrawn already: nothing more was done.");
    const [after] = await services.db.select().from(projects).where(eq(projects.id, gone.id));
    expect(after!.status).toBe("withdrawn");
  });
});
