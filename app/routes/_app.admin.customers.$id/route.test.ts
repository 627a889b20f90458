import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { bootApp, getRequest, postRequest, responseOf, sent } from "../../../tests/support/app";

/** A customer's page as the admin opens it. */
const app = await bootApp("route-admin-customer");
const { action, loader } = await import("./route");
const { customers } = await import("~/.server/db/schema");
const { findCustomer } = await import("~/models/customer-accounts.server");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
const buyer = await app.member("buyer@demo.test");
afterAll(() => app.cleanup());

const open = async (customerId: number, query: string) =>
  (await sent(loader({ request: getRequest(`/admin/customers/${customerId}?${query}`, admin.cookie), context, params: { id: String(customerId) } }))).json();

describe("a customer's members", () => {
  it("past their last page (a stale or made-up ?page=) show the last, not an empty list over a count of them", async () => {
    const customerId = buyer.user.customerId!;
    const first = await open(customerId, "");
    expect(first.members.total).toBeGreaterThan(0);
    const last = Math.ceil(first.members.total / first.members.pageSize);
    for (const query of [`page=${last + 1}`, "page=10000", `page=10000&q=${encodeURIComponent(buyer.user.email)}`]) {
      const past = await open(customerId, query);
      expect(past.members.page, query).toBe(last);
      expect(past.members.rows.length, query).toBeGreaterThan(0);
    }
  });
});

describe("the page's data", () => {
  it("carries the customer as the page shows it: not its stored evidence key, kept counts or deal bands", async () => {
    const customerId = buyer.user.customerId!;
    const page = await open(customerId, "");
    expect(page.customer).toMatchObject({ id: customerId, name: expect.any(String), customerType: expect.any(String), enabled: expect.any(Boolean) });
    for (const hidden of ["evidenceKey", "evidenceName", "viewCount", "communicationCount", "dealsUpTo5m", "websiteDomain", "lastActivityAt"]) {
      expect(page.customer, hidden).not.toHaveProperty(hidden);
    }
    const notFound = await loader({ request: getRequest("/admin/customers/999999", admin.cookie), context, params: { id: "999999" } }).catch((e: Response) => e);
    expect((notFound as Response).status).toBe(404);
  });

  it("names the buyer's criteria as the criteria form does, and a size band as people write it, not by its stored key or code", async () => {
    const customerId = buyer.user.customerId!;
    const preferences = { industryPreferences: ["Retail", "Energy"], transactionScalePreferences: ["25-50m", "gt500m"], performingLoanPreference: "Performing" as const, investmentCriteria: "Yield above 8%", investmentPref: [] };
    await services.db.update(customers).set({ preferences }).where(eq(customers.id, customerId));
    const page = await open(customerId, "");
    expect(page.criteria).toEqual([
      { label: "Industries", text: "Retail, Energy" },
      { label: "Transaction size", text: "$25-$50m, Above $500m" },
      { label: "Loan status", text: "Performing" },
      { label: "Investment criteria", text: "Yield above 8%" },
    ]);
  });
});

describe("a buyer company's matched projects", () => {
  it("are shown best first with their reasons, each to its admin page, a page at a time, never a listing buyers cannot see", async () => {
    const { matches, projects, customers: companies } = await import("~/.server/db/schema");
    const seller = await app.member("seller@demo.test");
    const [company] = await services.db.insert(companies).values({ name: "Matched Fund", customerType: "buyer", preferences: { industryPreferences: ["Energy"] } }).returning();
    const base = { sellerId: seller.user.id, kind: "loan_pool" as const, industry: "Energy", status: "published" as const };
    const listed = await services.db.insert(projects).values(Array.from({ length: 27 }, (_, i) => ({ ...base, projectName: `Energy Pool ${i + 1}` }))).returning();
    const [draft] = await services.db.insert(projects).values({ ...base, status: "draft", projectName: "Energy Draft" }).returning();
    await services.db.insert(matches).values([
      ...listed.map((p, i) => ({ projectId: p.id, customerId: company!.id, score: 30 + i, reasons: [{ reason: "Industry: Energy", points: 30 }], computedAt: new Date() })),
      { projectId: draft!.id, customerId: company!.id, score: 99, reasons: [], computedAt: new Date() },
    ]);
    const first = await open(company!.id, "");
    expect(first.matched.total).toBe(27);
    const html: string = first.matched.markup.html;
    expect(html).not.toContain("Energy Draft");
    expect(html.indexOf("Energy Pool 27")).toBeLessThan(html.indexOf("Energy Pool 26"));
    expect(html).toContain(`href="/admin/projects/${listed[26]!.id}"`);
    expect(html).toContain("Industry: Energy");
    expect(html).toContain(`?matches=2#matched-projects`);
    expect(html).not.toContain("Energy Pool 2<");
    const second = (await open(company!.id, "matches=2")).matched.markup.html as string;
    expect(second).toContain("Energy Pool 2<");
    expect(second).not.toContain("Energy Pool 27");
  });
});

describe("a disabled customer's members", () => {
  it("are shown kept out by their company, not Active, and listed under that Status, not under Active", async () => {
    const { users } = await import("~/.server/db/schema");
    const { makeUser } = await import("~/seed/factories");
    const { eq } = await import("drizzle-orm");
    const [customer] = await services.db.insert(customers).values({ name: "Switched Off Ltd", customerType: "buyer" }).returning();
    const member = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    await services.db.update(users).set({ customerId: customer!.id }).where(eq(users.id, member.id));
    const post = (intent: string) =>
      responseOf(action({ request: postRequest(`/admin/customers/${customer!.id}`, admin.cookie, { intent }), context, params: { id: String(customer!.id) } }));
    expect((await post("disable")).status).toBe(302);
    const page = await open(customer!.id, "");
    expect(page.members.rows.map((m: { statusLabel: string }) => m.statusLabel)).toEqual(["Company disabled"]);
    expect((await open(customer!.id, "status=active")).members.total).toBe(0);
    expect((await open(customer!.id, "status=company")).members.rows.map((m: { id: number }) => m.id)).toEqual([member.id]);
  });
});

describe("a deleted (anonymised) customer", () => {
  it("is not enabled or unlocked again by a stale page's button: refused with 409, the customer left disabled", async () => {
    const [customer] = await services.db.insert(customers).values({ name: "Soon Deleted Ltd", customerType: "buyer" }).returning();
    const post = (intent: string) =>
      responseOf(action({ request: postRequest(`/admin/customers/${customer!.id}`, admin.cookie, { intent }), context, params: { id: String(customer!.id) } }));
    expect((await post("lock")).status).toBe(302);
    expect((await post("delete")).status).toBe(302);
    for (const intent of ["enable", "unlock"]) {
      const refused = await post(intent);
      expect(refused.status, intent).toBe(409);
      expect(((await refused.json()) as { result: { error: Record<string, string[]> } }).result.error[""], intent).toEqual(["This customer is deleted."]);
    }
    expect(await findCustomer(services.db, { customerId: customer!.id })).toMatchObject({ enabled: false, locked: true });
  });

  it("leaves its members' invitation and password-reset links spent: their pages say the link no longer works (410)", async () => {
    const { invitations, passwordResets, users } = await import("~/.server/db/schema");
    const { inviteMember } = await import("~/models/invitations.server");
    const { createPasswordReset } = await import("~/models/password-resets.server");
    const { deliverDueMessages } = await import("~/models/outbox.server");
    const { makeUser } = await import("~/seed/factories");
    const { eq, inArray } = await import("drizzle-orm");
    const { loader: invitationPage, action: acceptPage } = await import("../_auth.uobs.invite.$id/route");
    const { loader: resetPage } = await import("../_auth.uobs.reset.$id/route");
    const [customer] = await services.db.insert(customers).values({ name: "Converted Lead Ltd", customerType: "buyer" }).returning();
    const invited = await inviteMember(services, { customerId: customer!.id, name: "Ivy Invited", email: "ivy@converted-lead.example", roles: ["ROLE_BUYER"], actor: admin.user });
    const ivy = invited.ok ? invited.userId : 0;
    const sent: string[] = [];
    await deliverDueMessages(services.db, { ...services.env, MAIL_API_URL: "https://mail.provider.test/send" }, { limit: 1000, send: async (m) => void sent.push(m.body) });
    const invitation = /\/uobs\/invite\/([A-Za-z0-9_-]+)/.exec(sent.find((body) => body.includes("Ivy Invited"))!)![1]!;
    const member = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    await services.db.update(users).set({ customerId: customer!.id }).where(eq(users.id, member.id));
    const reset = await createPasswordReset(services.db, member.id);
    const openInvitation = () => responseOf(invitationPage({ request: getRequest(`/uobs/invite/${invitation}`), context, params: { id: invitation } }));
    const openReset = () => responseOf(resetPage({ request: getRequest(`/uobs/reset/${reset}`), context, params: { id: reset } }));
    expect((await openInvitation()).status).toBe(200);
    expect((await openReset()).status).toBe(200);

    const deleted = await responseOf(action({ request: postRequest(`/admin/customers/${customer!.id}`, admin.cookie, { intent: "delete" }), context, params: { id: String(customer!.id) } }));
    expect(deleted.status).toBe(302);
    expect(await (await openInvitation()).json()).toEqual({ valid: false, email: null });
    expect((await openReset()).status).toBe(410);
    const body = new URLSearchParams({ password: "a good long password", confirmPassword: "a good long password" });
    expect((await responseOf(acceptPage({ request: postRequest(`/uobs/invite/${invitation}`, undefined, body), context, params: { id: invitation } }))).status).toBe(410);
    const [spent] = await services.db.select().from(invitations).where(eq(invitations.userId, ivy));
    expect(spent!.usedAt).not.toBeNull();
    // a link the delete did not spend (a customer deleted before it did) opens nothing either
    await services.db.update(invitations).set({ usedAt: null }).where(eq(invitations.userId, ivy));
    await services.db.update(passwordResets).set({ usedAt: null }).where(inArray(passwordResets.userId, [member.id]));
    expect((await openInvitation()).status).toBe(410);
    expect((await openReset()).status).toBe(410);
  });
});

describe("a customer whose member is the marketplace's last enabled admin", () => {
  /** Admins made before Admin was refused to a customer's member: each the member of a customer of their own, the only enabled admins. */
  async function adminMembers(names: string[]) {
    const { users } = await import("~/.server/db/schema");
    const { makeUser } = await import("~/seed/factories");
    const { eq, sql } = await import("drizzle-orm");
    await services.db.update(users).set({ enabled: false }).where(sql`${users.roles} like '%ROLE_ADMIN%'`);
    return Promise.all(
      names.map(async (name) => {
        const [customer] = await services.db.insert(customers).values({ name: `${name} Capital`, customerType: "buyer" }).returning();
        const user = await makeUser(services.db, { roles: ["ROLE_ADMIN"] });
        await services.db.update(users).set({ customerId: customer!.id, totpEnabledAt: new Date() }).where(eq(users.id, user.id));
        return { customer: customer!, user, cookie: await app.cookieFor(user) };
      }),
    );
  }
  const post = (cookie: string, customerId: number, intent: string) =>
    responseOf(action({ request: postRequest(`/admin/customers/${customerId}`, cookie, { intent }), context, params: { id: String(customerId) } }));
  const errorsOf = async (response: Response) => ((await response.json()) as { result: { error: Record<string, string[]> } }).result.error[""];

  it("is not disabled, locked or deleted (409, nothing written, nothing audited): no admin would be left to sign in", async () => {
    const { auditLog, sessions, users } = await import("~/.server/db/schema");
    const { CUSTOMER_LAST_ADMIN_MESSAGE } = await import("~/models/customer-accounts.server");
    const { eq, sql } = await import("drizzle-orm");
    const [ann] = await adminMembers(["Annfield"]);
    for (const intent of ["disable", "lock", "delete"]) {
      const refused = await post(ann!.cookie, ann!.customer.id, intent);
      expect(refused.status, intent).toBe(409);
      expect(await errorsOf(refused), intent).toEqual([CUSTOMER_LAST_ADMIN_MESSAGE]);
    }
    expect(await findCustomer(services.db, { customerId: ann!.customer.id })).toMatchObject({ enabled: true, locked: false, anonymisedAt: null, name: "Annfield Capital" });
    const [member] = await services.db.select().from(users).where(eq(users.id, ann!.user.id));
    expect(member).toMatchObject({ enabled: true, email: ann!.user.email });
    expect(await services.db.select().from(sessions).where(eq(sessions.userId, ann!.user.id))).toHaveLength(1);
    const logged = await services.db.select().from(auditLog).where(sql`${auditLog.subjectType} = 'customer' and ${auditLog.subjectId} = ${String(ann!.customer.id)}`);
    expect(logged).toHaveLength(0);
  });

  it("leaves one admin when two admins shut out each other's customer at the same moment", async () => {
    for (const intent of ["disable", "lock", "delete"]) {
      const [ann, bob] = await adminMembers([`Ann ${intent}`, `Bob ${intent}`]);
      const answers = await Promise.all([post(ann!.cookie, bob!.customer.id, intent), post(bob!.cookie, ann!.customer.id, intent)]);
      const after = await Promise.all([ann!, bob!].map(async (a) => (await findCustomer(services.db, { customerId: a.customer.id }))!));
      expect(after.filter((c) => c.enabled && !c.locked), intent).toHaveLength(1);
      const written = answers.find((a) => a.status === 302)!;
      expect(written.headers.get("Location"), intent).toMatch(/^\/admin\/customers\/\d+$/);
      const refused = answers.find((a) => a.status !== 302)!;
      expect(refused.status, intent).toBe(409);
    }
  });

  it("is disabled as before once another admin can sign in", async () => {
    const [ann, bob] = await adminMembers(["Annwick", "Bobwick"]);
    const { users } = await import("~/.server/db/schema");
    const { makeUser } = await import("~/seed/factories");
    const { eq } = await import("drizzle-orm");
    const staff = await makeUser(services.db, { roles: ["ROLE_ADMIN"] });
    await services.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, staff.id));
    expect((await post(ann!.cookie, ann!.customer.id, "lock")).status).toBe(302);
    expect((await post(bob!.cookie, bob!.customer.id, "delete")).status).toBe(302);
    expect(await findCustomer(services.db, { customerId: bob!.customer.id })).toMatchObject({ enabled: false });
  });
});

describe("a customer's timeline", () => {
  it("arrives drawn, once: each event's time, text and link to its project, as markup, not as data to draw again", async () => {
    const { customerTimeline } = await import("~/models/customer-accounts.server");
    const all = await services.db.select({ id: customers.id }).from(customers);
    let busiest = { id: 0, events: 0 };
    for (const { id } of all) {
      const events = (await customerTimeline(services.db, { customerId: id })).events.length;
      if (events > busiest.events) busiest = { id, events };
    }
    expect(busiest.events).toBeGreaterThan(1);
    const expected = await customerTimeline(services.db, { customerId: busiest.id });
    const data = await open(busiest.id, "");
    expect(Object.keys(data.timeline.events ?? {})).toEqual(["html"]);
    const html = data.timeline.events?.html ?? "";
    const items = [...html.matchAll(/<li><span class="text-slate-500">([^<]*)<\/span> (?:—|&#8212;)\s*(?:<a href="([^"]*)" class="link">([^<]*)<\/a>|([^<]*))<\/li>/g)];
    const unescape = (text: string) => text.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
    expect(items.map(([, at, link, linked, plain]) => [at, link, unescape(linked ?? plain ?? "")])).toEqual(
      expected.events.map((e) => [`${e.at.toISOString().replace("T", " ").slice(0, 16)} UTC`, e.link, e.text]),
    );
    expect(data.timeline.counts).toEqual(expected.counts);
    expect(data.timeline.older).toBe(expected.older);
  });

  it("of a customer with none says nothing happened yet", async () => {
    const [fresh] = await services.db.insert(customers).values({ name: "Quiet Harbor", customerType: "buyer", updatedAt: new Date() }).returning();
    const data = await open(fresh!.id, "");
    expect(data.timeline.events).toBeNull();
    expect(data.timeline.counts).toEqual({ views: 0, ndas: 0, messages: 0, offers: 0, emails: 0, sms: 0 });
  });
});

describe("a customer's page opened from the customers table", () => {
  it("links back to the table as the admin left it, and keeps it through its Edit and its own steps", async () => {
    // an admin of their own: the tests above disabled the demo one
    const { users } = await import("~/.server/db/schema");
    const { makeUser } = await import("~/seed/factories");
    const staff = await makeUser(services.db, { roles: ["ROLE_ADMIN"] });
    await services.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, staff.id));
    const cookie = await app.cookieFor(staff);
    const [customer] = await services.db.insert(customers).values({ name: "Round Trip Lending", customerType: "buyer" }).returning();
    const id = customer!.id;
    const table = "/admin/customers?q=round&locked=no&sort=lastLogin&desc=0&page=2";
    const here = `/admin/customers/${id}?${new URLSearchParams({ back: table, q: "pat", status: "Any" })}`;
    const opened = await (await sent(loader({ request: getRequest(here, cookie), context, params: { id: String(id) } }))).json();
    const keeping = (href: string, at: string) => `${href}${href.includes("?") ? "&" : "?"}${new URLSearchParams({ back: at })}`;
    expect(opened.ways).toEqual({
      back: table,
      edit: keeping(`/admin/customers/edit/${id}`, here),
      onboarding: keeping(`/admin/customers/on-board/${id}`, here),
      addMember: keeping(`/admin/customer/buyer/add?customerId=${id}`, here),
    });
    // not a way out of the back office: a made-up address is the bare table
    const madeUpAt = `/admin/customers/${id}?back=https%3A%2F%2Fevil.example%2F`;
    const madeUp = await (await sent(loader({ request: getRequest(madeUpAt, cookie), context, params: { id: String(id) } }))).json();
    expect(madeUp.ways.back).toBe("/admin/customers");
    // the bare page names nothing to keep
    const bare = await (await sent(loader({ request: getRequest(`/admin/customers/${id}`, cookie), context, params: { id: String(id) } }))).json();
    expect(bare.ways).toEqual({ back: "/admin/customers", edit: `/admin/customers/edit/${id}`, onboarding: `/admin/customers/on-board/${id}`, addMember: `/admin/customer/buyer/add?customerId=${id}` });

    const locked = await responseOf(action({ request: postRequest(here, cookie, { intent: "lock" }), context, params: { id: String(id) } }));
    expect(locked.headers.get("Location")).toBe(here);
    // the members table's view put back as it was: its filters go, the way back to the customers table stays
    const reset = await responseOf(action({ request: postRequest(here, cookie, { intent: "reset", table: "customerMembers" }), context, params: { id: String(id) } }));
    expect(reset.headers.get("Location")).toBe(`/admin/customers/${id}?${new URLSearchParams({ back: table })}`);
  });

  it("keeps the way back through its On-boarding page and its Add a member form, their steps and their own links", async () => {
    const onboarding = await import("../_app.admin.customers.on-board.$id/route");
    const addMember = await import("../_app.admin.customer.buyer.add/route");
    const { users } = await import("~/.server/db/schema");
    const { makeUser } = await import("~/seed/factories");
    const staff = await makeUser(services.db, { roles: ["ROLE_ADMIN"] });
    await services.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, staff.id));
    const cookie = await app.cookieFor(staff);
    const [customer] = await services.db.insert(customers).values({ name: "Long Way Credit", customerType: "buyer" }).returning();
    const id = customer!.id;
    const params = { id: String(id) };
    const here = `/admin/customers/${id}?${new URLSearchParams({ back: "/admin/customers?q=long&sort=name&desc=1&page=3", q: "ann" })}`;
    const { ways } = await (await sent(loader({ request: getRequest(here, cookie), context, params }))).json();

    const board = await (await sent(onboarding.loader({ request: getRequest(ways.onboarding, cookie), context, params }))).json();
    expect(board.ways).toEqual({ back: here, addMember: `/admin/customer/buyer/add?customerId=${id}&${new URLSearchParams({ back: here })}` });
    const step = await responseOf(onboarding.action({ request: postRequest(ways.onboarding, cookie, { intent: "terms", accepted: "on" }), context, params }));
    expect(step.headers.get("Location")).toBe(ways.onboarding);
    // opened bare, or with another customer's page or another site, its way back is the customer's bare page
    for (const made of ["", `?back=${encodeURIComponent(`/admin/customers/${id + 1}`)}`, "?back=https%3A%2F%2Fevil.example%2F"]) {
      const opened = await (await sent(onboarding.loader({ request: getRequest(`/admin/customers/on-board/${id}${made}`, cookie), context, params }))).json();
      expect(opened.ways, made).toEqual({ back: `/admin/customers/${id}`, addMember: `/admin/customer/buyer/add?customerId=${id}` });
    }

    for (const href of [ways.addMember, board.ways.addMember]) {
      const form = await (await sent(addMember.loader({ request: getRequest(href, cookie), context, params: {} }))).json();
      expect(form.back).toBe(here);
    }
    const added = await responseOf(
      addMember.action({ request: postRequest(ways.addMember, cookie, { customerId: String(id), name: "Ann Long", email: "ann@longway.example", roles: "ROLE_BUYER" }), context, params: {} }),
    );
    expect(added.headers.get("Location")).toBe(here);
    // a member added to another customer than the page's goes to that customer's page
    const [other] = await services.db.insert(customers).values({ name: "Short Way Credit", customerType: "buyer" }).returning();
    const elsewhere = await responseOf(
      addMember.action({ request: postRequest(ways.addMember, cookie, { customerId: String(other!.id), name: "Bo Short", email: "bo@shortway.example", roles: "ROLE_BUYER" }), context, params: {} }),
    );
    expect(elsewhere.headers.get("Location")).toBe(`/admin/customers/${other!.id}`);
  });
});

const { and, sql } = await import("drizzle-orm");
const { invitations, outbox, users } = await import("~/.server/db/schema");
const { makeUser } = await import("~/seed/factories");
/** An admin of their own, made when the test runs (a test above disables every admin there is then). */
async function newAdmin() {
  const user = await makeUser(services.db, { roles: ["ROLE_ADMIN"] });
  await services.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, user.id));
  return { user, cookie: await app.cookieFor(user) };
}

describe("a member's e-mails sent twice in a moment (a double click without JavaScript, two admins at once)", () => {
  const customerId = buyer.user.customerId!;
  const post = (cookie: string, fields: Record<string, string>) =>
    responseOf(action({ request: postRequest(`/admin/customers/${customerId}`, cookie, fields), context, params: { id: String(customerId) } }));
  const notice = async (response: Response) => (await services.sessionStorage.getSession(response.headers.get("Set-Cookie"))).get("notification");
  const mails = async (to: string, subject: string) => (await services.db.select().from(outbox).where(and(eq(outbox.recipient, to), eq(outbox.subject, subject)))).length;
  const WHEN = "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC";

  it("a password reset goes once: the second within a minute is told when it went and by whom, and sends nothing", async () => {
    const [one, other] = [await newAdmin(), await newAdmin()];
    const subject = "Reset your Secondary Marketplace password";
    const before = await mails(buyer.user.email, subject);
    const fields = { intent: "reset-password", userId: String(buyer.user.id) };
    expect((await notice(await post(other.cookie, fields)))!.message).toBe(`A password-reset e-mail is on its way to ${buyer.user.email}.`);
    const again = await notice(await post(one.cookie, fields));
    expect(again).toEqual({ type: "info", message: expect.stringMatching(new RegExp(`^A password-reset e-mail went to ${buyer.user.email} at ${WHEN}, sent by ${other.user.name}, less than a minute ago: nothing more was sent\\.$`)) });
    expect(await mails(buyer.user.email, subject)).toBe(before + 1);
  });

  it("an invitation resent goes once, two posts at once included", async () => {
    const [one, other] = [await newAdmin(), await newAdmin()];
    const { inviteMember, INVITATION_SUBJECT } = await import("~/models/invitations.server");
    const email = "twice-invited@frontier.example";
    const invited = await inviteMember(services, { customerId, name: "Twice Invited", email, roles: ["ROLE_BUYER"], actor: one.user });
    expect(invited.ok).toBe(true);
    // the invitation made with the account went a moment ago: a resend now is the same one sent twice
    const { userId } = invited as { userId: number };
    await services.db.update(invitations).set({ createdAt: sql`${invitations.createdAt} - 61000` }).where(eq(invitations.userId, userId));
    const fields = { intent: "resend-invitation", userId: String(userId) };
    const both = await Promise.all([post(one.cookie, fields), post(other.cookie, fields)]);
    const said = await Promise.all(both.map(notice));
    expect(said.filter((n) => n?.message === `A new invitation is on its way to ${email}.`)).toHaveLength(1);
    expect(said.filter((n) => n?.type === "info" && new RegExp(`^An invitation went to ${email} at ${WHEN}, sent by (${one.user.name}|${other.user.name}), less than a minute ago: nothing more was sent\\.$`).test(n.message))).toHaveLength(1);
    expect(await mails(email, INVITATION_SUBJECT)).toBe(2);
  });
});
