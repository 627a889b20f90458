import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf } from "../../../tests/support/app";

/** An admin's edit of an account on /admin/users/edit/{id}. */
const app = await bootApp("route-admin-user-edit");
const { action } = await import("./route");
const { loader: usersLoader } = await import("../_app.admin.users/route");
const { loader: createLoader, action: create } = await import("../_app.admin.users_.create/route");
const { loader: invitationPage } = await import("../_auth.uobs.invite.$id/route");
const { loader: resetPage } = await import("../_auth.uobs.reset.$id/route");
const { accountChangedMeanwhileTo, findUserById, findUserByEmail, updateProfile } = await import("~/models/users.server");
const { createPasswordReset } = await import("~/models/password-resets.server");
const { deliverDueMessages } = await import("~/models/outbox.server");
const { INVITATION_SUBJECT } = await import("~/models/invitations.server");
const { action: apiLogin } = await import("../api.auth.login");
const { loader: apiMe } = await import("../api.[1.0].me");
const { action: apiCampaigns } = await import("../api.[1.0].campaigns._index");
const { DEMO_PASSWORD, makeUser } = await import("~/seed/factories");
const { listAudit } = await import("~/models/audit.server");
const { context } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

type Values = { name: string; email: string; company?: string; phone?: string; roles: string[] };
const form = (values: Values) => {
  const body = new URLSearchParams({ name: values.name, email: values.email, company: values.company ?? "", phone: values.phone ?? "" });
  for (const role of values.roles) body.append("roles", role);
  return body;
};
const edit = (userId: number, values: Values, cookie = admin.cookie) =>
  responseOf(action({ request: postRequest(`/admin/users/edit/${userId}`, cookie, form(values)), context, params: { id: String(userId) } }));
const errorsOf = async (response: Response) => ((await response.json()) as { result: { error: Record<string, string[]> } }).result.error;

describe("an admin editing their own roles", () => {
  it("cannot tick Buyer or Seller beside Admin: they would act as a buyer or seller and lose every admin page (409, roles kept)", async () => {
    const me = admin.user;
    for (const extra of ["ROLE_BUYER", "ROLE_SELLER"]) {
      const refused = await edit(me.id, { name: me.name, email: me.email, company: me.company, roles: ["ROLE_ADMIN", extra] });
      expect(refused.status, extra).toBe(409);
      expect((await errorsOf(refused)).roles, extra).toEqual(["You cannot give yourself a role that comes before Admin (Buyer, Seller): you would lose the admin pages."]);
      expect((await findUserById(app.services.db, me.id))!.roles, extra).toEqual(["ROLE_ADMIN"]);
    }
    // still an admin: the users page opens
    expect((await responseOf(usersLoader({ request: getRequest("/admin/users", admin.cookie), context, params: {} }))).status).toBe(200);
    // Broker and Agent come after Admin: the admin still acts as one
    const saved = await edit(me.id, { name: me.name, email: me.email, company: me.company, roles: ["ROLE_ADMIN", "ROLE_AGENT"] });
    expect(saved.status).toBe(302);
    expect((await findUserById(app.services.db, me.id))!.roles).toEqual(["ROLE_ADMIN", "ROLE_AGENT"]);
    await edit(me.id, { name: me.name, email: me.email, company: me.company, roles: ["ROLE_ADMIN"] });
  });
});

/** What the mail provider is handed: the e-mails due now, their links filled in. */
async function delivered() {
  const mails: { to: string; subject: string; text: string }[] = [];
  await deliverDueMessages(app.services.db, { ...app.services.env, MAIL_API_URL: "https://mail.provider.test/send" }, {
    limit: 1000,
    send: async (message) => void mails.push({ to: message.recipient, subject: message.subject, text: message.body }),
  });
  return mails;
}
const linkIn = (text: string, path: string) => new RegExp(`${path}/([A-Za-z0-9_-]+)`).exec(text)?.[1];

describe("an admin correcting an account's e-mail", () => {
  it("spends the invitation and reset links mailed to the old address, and invites the person again at the new one", async () => {
    expect((await responseOf(createLoader({ request: getRequest("/admin/users/create", admin.cookie), context, params: {} }))).status).toBe(200);
    await delivered();
    // the admin mistypes the address: a stranger's mailbox gets the invitation
    const typo = "pat.lee@exampel.com";
    const created = await responseOf(
      create({ request: postRequest("/admin/users/create", admin.cookie, form({ name: "Pat Lee", email: typo, roles: ["ROLE_BUYER"] })), context, params: {} }),
    );
    expect(created.status).toBe(302);
    const pat = (await findUserByEmail(app.services.db, typo))!;
    const resetToken = await createPasswordReset(app.services.db, pat.id);
    const [invitation] = (await delivered()).filter((m) => m.to === typo);
    const stale = linkIn(invitation!.text, "/uobs/invite")!;
    const openInvitation = (token: string) => responseOf(invitationPage({ request: getRequest(`/uobs/invite/${token}`), context, params: { id: token } }));
    expect((await openInvitation(stale)).status).toBe(200);

    const saved = await edit(pat.id, { name: "Pat Lee", email: "Pat.Lee@example.com ", roles: ["ROLE_BUYER"] });
    expect(saved.status).toBe(302);
    expect((await findUserById(app.services.db, pat.id))!.email).toBe("pat.lee@example.com");
    // the old address's links open nothing
    expect((await openInvitation(stale)).status).toBe(410);
    expect((await responseOf(resetPage({ request: getRequest(`/uobs/reset/${resetToken}`), context, params: { id: resetToken } }))).status).toBe(410);
    // the person gets a working invitation at the corrected address
    const mails = await delivered();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([["pat.lee@example.com", INVITATION_SUBJECT]]);
    const fresh = linkIn(mails[0]!.text, "/uobs/invite")!;
    expect(await (await openInvitation(fresh)).json()).toEqual({ valid: true, email: "pat.lee@example.com" });
  });

  it("leaves an account that has signed in with its links when only its name changes, and sends nothing", async () => {
    const buyer = (await findUserByEmail(app.services.db, "buyer@demo.test"))!;
    const resetToken = await createPasswordReset(app.services.db, buyer.id);
    await delivered();
    expect((await edit(buyer.id, { name: `${buyer.name} Jr`, email: "BUYER@demo.test", company: buyer.company, phone: buyer.phone, roles: buyer.roles })).status).toBe(302);
    expect((await responseOf(resetPage({ request: getRequest(`/uobs/reset/${resetToken}`), context, params: { id: resetToken } }))).status).toBe(200);
    expect(await delivered()).toEqual([]);
  });

  it("tells the old address of an account that has signed in, without naming the new one", async () => {
    const member = await makeUser(app.services.db, { roles: ["ROLE_BUYER"], name: "Moe Moved" });
    await delivered();
    expect((await edit(member.id, { name: member.name, email: "moe.moved@newplace.example", company: member.company, phone: member.phone, roles: member.roles })).status).toBe(302);
    const mails = await delivered();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[member.email, "The e-mail address of your Secondary Marketplace account was changed"]]);
    expect(mails[0]!.text).not.toContain("newplace");
  });
});

describe("a member made an admin", () => {
  it("cannot use an API token from before, signed in with the password alone, as an admin's until two-factor sign-in is on", async () => {
    const member = await makeUser(app.services.db, { roles: ["ROLE_SELLER"] });
    const login = await apiLogin({
      request: new Request("http://localhost:3000/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: member.email, password: DEMO_PASSWORD }) }),
      context,
      params: {},
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const bearer = { Authorization: `Bearer ${token}` };
    const me = () => responseOf(apiMe({ request: new Request("http://localhost:3000/api/1.0/me", { headers: bearer }), context, params: {} }));
    expect((await me()).status).toBe(200);

    expect((await edit(member.id, { name: member.name, email: member.email, company: member.company, roles: ["ROLE_ADMIN"] })).status).toBe(302);
    // as /api/auth/login answers such an admin: no token opens anything before two-factor sign-in is on
    const refused = await me();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "otp_enrolment_required" });
    const campaign = await responseOf(
      apiCampaigns({
        request: new Request("http://localhost:3000/api/1.0/campaigns", { method: "POST", headers: { ...bearer, "Content-Type": "application/json" }, body: JSON.stringify({ channel: "email", customerIds: [1], subject: "Hello", body: "Hi all" }) }),
        context,
        params: {},
      }),
    );
    expect(campaign.status).toBe(403);
    expect(await campaign.json()).toMatchObject({ error: "otp_enrolment_required" });
  });
});

describe("the audit log of an edit", () => {
  const entriesOf = async (userId: number, since: number) =>
    (await listAudit(app.services.db, { pageSize: 500 })).rows
      .filter((r) => r.subjectType === "user" && r.subjectId === String(userId) && r.id > since)
      .map((r) => [r.action, r.detail])
      .reverse();
  const lastId = async () => (await listAudit(app.services.db, { pageSize: 1 })).rows[0]?.id ?? 0;

  it("names both a new e-mail and new roles made in one save, the e-mail with the address it replaced", async () => {
    const member = await makeUser(app.services.db, { email: "kim.old@example.test", roles: ["ROLE_BUYER"] });
    const since = await lastId();
    expect((await edit(member.id, { name: member.name, email: "kim.new@example.test", company: member.company, phone: member.phone, roles: ["ROLE_SELLER", "ROLE_AGENT"] })).status).toBe(302);
    expect(await entriesOf(member.id, since)).toEqual([
      ["user.roles", "ROLE_BUYER → ROLE_SELLER, ROLE_AGENT"],
      ["user.email", "kim.old@example.test → kim.new@example.test"],
    ]);
  });

  it("writes no change of roles when only their order differs", async () => {
    const member = await makeUser(app.services.db, { roles: ["ROLE_SELLER", "ROLE_AGENT"] });
    const since = await lastId();
    expect((await edit(member.id, { name: "Renamed Member", email: member.email, company: member.company, phone: member.phone, roles: ["ROLE_AGENT", "ROLE_SELLER"] })).status).toBe(302);
    expect(await entriesOf(member.id, since)).toEqual([["user.update", member.email]]);
  });
});

describe("an account with the Agent role alone", () => {
  it("is not created, by either form: Agent goes beside a role the member acts as, alone they would act as no one (400, nothing written)", async () => {
    const { action: addMember } = await import("../_app.admin.customer.buyer.add/route");
    const agentOnly = "agent.only@example.test";
    const created = await responseOf(create({ request: postRequest("/admin/users/create", admin.cookie, form({ name: "Agent Only", email: agentOnly, roles: ["ROLE_AGENT"] })), context, params: {} }));
    expect(created.status).toBe(400);
    expect((await errorsOf(created)).roles).toEqual(["Agent goes with Buyer, Seller, Admin or Broker: choose one of them too."]);
    const buyer = (await findUserByEmail(app.services.db, "buyer@demo.test"))!;
    const body = new URLSearchParams({ customerId: String(buyer.customerId), name: "Agent Only", email: agentOnly, roles: "ROLE_AGENT" });
    const added = await responseOf(addMember({ request: postRequest("/admin/customer/buyer/add", admin.cookie, body), context, params: {} }));
    expect(added.status).toBe(400);
    expect((await errorsOf(added)).roles).toEqual(["Agent goes with Buyer, Seller or Broker: choose one of them too."]);
    expect(await findUserByEmail(app.services.db, agentOnly)).toBeUndefined();
    // nor is an account edited down to it
    const member = await makeUser(app.services.db, { roles: ["ROLE_SELLER", "ROLE_AGENT"] });
    const edited = await edit(member.id, { name: member.name, email: member.email, roles: ["ROLE_AGENT"] });
    expect(edited.status).toBe(400);
    expect((await findUserById(app.services.db, member.id))!.roles).toEqual(["ROLE_SELLER", "ROLE_AGENT"]);
  });
});

describe("the Admin role given to a customer's member", () => {
  it("is refused (400) with what Admin is for, nothing written: the customer's deletion would disable that admin", async () => {
    const { customers, users } = await import("~/.server/db/schema");
    const { eq } = await import("drizzle-orm");
    const { MEMBER_ADMIN_MESSAGE } = await import("~/lib/schemas/customer");
    const [customer] = await app.services.db.insert(customers).values({ name: "Member Lending" }).returning();
    const member = await makeUser(app.services.db, { roles: ["ROLE_BUYER"], company: "Member Lending" });
    await app.services.db.update(users).set({ customerId: customer!.id }).where(eq(users.id, member.id));
    const newestEntry = async () => (await listAudit(app.services.db, { pageSize: 1 })).rows[0]?.id ?? 0;
    const audited = await newestEntry();
    for (const roles of [["ROLE_ADMIN"], ["ROLE_BUYER", "ROLE_ADMIN"], ["ROLE_ADMIN", "ROLE_BROKER"]]) {
      const refused = await edit(member.id, { name: "Renamed Member", email: member.email, company: member.company, roles });
      expect(refused.status, roles.join()).toBe(400);
      expect((await errorsOf(refused)).roles, roles.join()).toEqual([MEMBER_ADMIN_MESSAGE]);
    }
    expect(await findUserById(app.services.db, member.id)).toMatchObject({ roles: ["ROLE_BUYER"], name: member.name });
    expect(await newestEntry()).toBe(audited);
    // a staff account (no customer) is made an admin as before
    const staff = await makeUser(app.services.db, { roles: ["ROLE_BROKER"] });
    expect((await edit(staff.id, { name: staff.name, email: staff.email, company: staff.company, roles: ["ROLE_ADMIN"] })).status).toBe(302);
    // a member's other roles are edited as before
    expect((await edit(member.id, { name: member.name, email: member.email, company: member.company, roles: ["ROLE_SELLER"] })).status).toBe(302);
  });
});

describe("attaching a member to a customer", () => {
  const attach = (userId: number, customerName: string) =>
    responseOf(action({ request: postRequest(`/admin/users/edit/${userId}`, admin.cookie, new URLSearchParams({ intent: "attach", customerName })), context, params: { id: String(userId) } }));

  it("attaches an unattached member to the customer named (any case), whose name their company takes, audited; once", async () => {
    // one who named a company we have in on-boarding was left unattached, with their own words for it
    const member = await makeUser(app.services.db, { company: "harbor credit", roles: ["ROLE_BUYER"] });
    const buyer = await findUserByEmail(app.services.db, "buyer@demo.test");
    const customer = (await app.services.db.query.customers.findFirst({ where: (c, { eq }) => eq(c.id, buyer!.customerId!) }))!;

    const unknown = await attach(member.id, "No Such Company Anywhere");
    expect(unknown.status).toBe(409);
    expect((await errorsOf(unknown)).customerName).toEqual(["No customer goes by this name."]);
    expect((await findUserById(app.services.db, member.id))!.customerId).toBeNull();

    const done = await attach(member.id, customer.name.toUpperCase());
    expect(done.status).toBe(302);
    expect(await findUserById(app.services.db, member.id)).toMatchObject({ customerId: customer.id, company: customer.name });
    const audit = await listAudit(app.services.db);
    expect(audit.rows.map((r) => [r.action, r.subjectId, r.detail])).toContainEqual(["user.customer", String(member.id), `→ ${customer.name} (customer ${customer.id})`]);

    // a second click, or another admin's: refused, nothing moved
    const again = await attach(member.id, customer.name);
    expect(again.status).toBe(409);
    expect((await errorsOf(again)).customerName).toEqual(["This member belongs to a customer already."]);
  });

  it("refuses to attach an admin (staff accounts belong to no customer) and an empty name", async () => {
    const buyer = await findUserByEmail(app.services.db, "buyer@demo.test");
    const customer = (await app.services.db.query.customers.findFirst({ where: (c, { eq }) => eq(c.id, buyer!.customerId!) }))!;
    const refused = await attach(admin.user.id, customer.name);
    expect(refused.status).toBe(409);
    expect((await errorsOf(refused)).customerName![0]).toMatch(/^Admin is for staff accounts/);
    expect((await attach(admin.user.id, "  ")).status).toBe(400);
  });
});

describe("an edit page opened before the account changed", () => {

  const shown = (user: { name: string; email: string; company: string; phone: string; roles: string[] }) =>
    ({ name: user.name, email: user.email, company: user.company, phone: user.phone, roles: user.roles });
  /** The post of a page that showed `opened`, with `changes` made on it. */
  const editFrom = (userId: number, opened: Values, changes: Partial<Values>) => {
    const body = form({ ...opened, ...changes });
    body.set("opened", JSON.stringify(opened));
    return responseOf(action({ request: postRequest(`/admin/users/edit/${userId}`, admin.cookie, body), context, params: { id: String(userId) } }));
  };

  it("keeps the member's own new name and phone, and another admin's roles and e-mail, writing only what this admin changed", async () => {
    const member = await makeUser(app.services.db, { email: "lee.typo@exampel.test", roles: ["ROLE_BUYER", "ROLE_ADMIN"] });
    const opened = shown(member);
    // meanwhile the member renames themselves, and another admin corrects the e-mail and takes Admin away
    await updateProfile(app.services.db, member.id, { name: "Lee Q. Member", phone: "+1 646 555 0199" });
    expect((await editFrom(member.id, opened, { email: "lee@example.test", roles: ["ROLE_BUYER"] })).status).toBe(302);
    await delivered();
    // the page opened before changes the company only
    expect((await editFrom(member.id, opened, { company: "Lee Holdings" })).status).toBe(302);
    expect(shown((await findUserById(app.services.db, member.id))!)).toEqual({ name: "Lee Q. Member", email: "lee@example.test", company: "Lee Holdings", phone: "+1 646 555 0199", roles: ["ROLE_BUYER"] });
    // the mistyped address is not written back, nor invited again
    expect(await delivered()).toEqual([]);
  });

  it("refuses (409) a field both changed, to different values, saying so and writing nothing", async () => {
    const member = await makeUser(app.services.db, { roles: ["ROLE_SELLER"] });
    const opened = shown(member);
    expect((await editFrom(member.id, opened, { roles: ["ROLE_SELLER", "ROLE_AGENT"] })).status).toBe(302);
    const refused = await editFrom(member.id, opened, { name: "Renamed Seller", roles: ["ROLE_BROKER"] });
    expect(refused.status).toBe(409);
    expect((await errorsOf(refused)).roles).toEqual([accountChangedMeanwhileTo("Seller, Agent")]);
    expect(shown((await findUserById(app.services.db, member.id))!)).toEqual({ ...opened, roles: ["ROLE_SELLER", "ROLE_AGENT"] });
    // the same change made twice (a second click, two admins alike) is no clash
    expect((await editFrom(member.id, opened, { roles: ["ROLE_AGENT", "ROLE_SELLER"], phone: "+1 646 555 0123" })).status).toBe(302);
    expect(shown((await findUserById(app.services.db, member.id))!)).toEqual({ ...opened, phone: "+1 646 555 0123", roles: ["ROLE_SELLER", "ROLE_AGENT"] });
  });

  it("refused, shows the other's changes and this admin's as typed, opened on the account as stored: saving again is informed", async () => {
    const member = await makeUser(app.services.db, { roles: ["ROLE_SELLER"], phone: "+1 646 555 0100" });
    const opened = shown(member);
    // meanwhile another admin adds Agent, and the member changes their phone
    expect((await editFrom(member.id, opened, { roles: ["ROLE_SELLER", "ROLE_AGENT"] })).status).toBe(302);
    await updateProfile(app.services.db, member.id, { name: member.name, phone: "+1 646 555 0199" });
    const refused = await editFrom(member.id, opened, { name: "Renamed Seller", roles: ["ROLE_BROKER"] });
    expect(refused.status).toBe(409);
    const actionData = (await refused.json()) as { result: { initialValue: Record<string, unknown> } };
    const { default: Page, loader } = await import("./route");
    const { serverPage } = await import("../../../tests/support/server-page");
    const loaderData = await loader({ request: getRequest(`/admin/users/edit/${member.id}`, admin.cookie), context, params: { id: String(member.id) } });
    const html = await serverPage(Page, `/admin/users/edit/${member.id}`, { loaderData, actionData });
    const valueOf = (name: string) => html.match(new RegExp(`name="${name}"[^>]*value="([^"]*)"`))?.[1]?.replace(/&quot;/g, '"');
    expect(valueOf("name")).toBe("Renamed Seller");
    expect(valueOf("phone")).toBe("+1 646 555 0199");
    const ticked = [...html.matchAll(/<input[^>]*type="checkbox"[^>]*>/g)].filter((m) => m[0].includes("checked")).map((m) => m[0].match(/value="([^"]*)"/)![1]);
    expect(ticked).toEqual(["ROLE_BROKER"]);
    const reopened = JSON.parse(valueOf("opened")!) as Values;
    expect(reopened).toEqual({ ...opened, phone: "+1 646 555 0199", roles: ["ROLE_SELLER", "ROLE_AGENT"] });
    // saved again from that page: this admin's roles and name, the member's phone kept
    expect((await editFrom(member.id, reopened, { name: "Renamed Seller", roles: ["ROLE_BROKER"] })).status).toBe(302);
    expect(shown((await findUserById(app.services.db, member.id))!)).toEqual({ ...opened, name: "Renamed Seller", phone: "+1 646 555 0199", roles: ["ROLE_BROKER"] });
  });
});

describe("the new-user form sent twice (a double click, a resend)", () => {
  it("makes one account and mails one invitation, both posts landing on the users list; the same e-mail from a fresh page is still refused", async () => {
    const { submissionKey } = (await createLoader({ request: getRequest("/admin/users/create", admin.cookie), context, params: {} })) as { submissionKey: string };
    const body = () => {
      const fields = form({ name: "Dee Double", email: "dee.double@example.test", roles: ["ROLE_BUYER"] });
      fields.set("key", submissionKey);
      return fields;
    };
    const send = () => responseOf(create({ request: postRequest("/admin/users/create", admin.cookie, body()), context, params: {} }));
    const answers = [...(await Promise.all([send(), send()])), await send()];
    for (const answer of answers) {
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/admin/users");
    }
    const invitations = (await delivered()).filter((m) => m.to === "dee.double@example.test");
    expect(invitations).toHaveLength(1);
    const fresh = body();
    fresh.set("key", "another-page");
    expect((await responseOf(create({ request: postRequest("/admin/users/create", admin.cookie, fresh), context, params: {} }))).status).toBe(409);
    // back, another e-mail typed, sent from the same page: that account is made too
    const other = form({ name: "Dee Other", email: "dee.other@example.test", roles: ["ROLE_BUYER"] });
    other.set("key", submissionKey);
    expect((await responseOf(create({ request: postRequest("/admin/users/create", admin.cookie, other), context, params: {} }))).status).toBe(302);
    expect(await findUserByEmail(app.services.db, "dee.other@example.test")).toBeTruthy();
  });
});

describe("a member who lost their authenticator app and their recovery codes", () => {
  it("is let back in by an admin turning their two-factor sign-in off, audited and told by e-mail; an admin's own is not offered", async () => {
    const { enrolTotp, unusedRecoveryCodeCount } = await import("~/models/two-factor.server");
    const { loader: editPage } = await import("./route");
    const member = await makeUser(app.services.db, { roles: ["ROLE_BUYER"], name: "Lou Lostphone" });
    await enrolTotp(app.services.db, app.services.env.SESSION_SECRET, member.id, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    await delivered();
    const page = (userId: number) =>
      responseOf(editPage({ request: getRequest(`/admin/users/edit/${userId}`, admin.cookie), context, params: { id: String(userId) } })).then((r) => r.json() as Promise<{ twoFactorOn: boolean }>);
    const turnOff = (userId: number) =>
      responseOf(action({ request: postRequest(`/admin/users/edit/${userId}`, admin.cookie, { intent: "two-factor-off" }), context, params: { id: String(userId) } }));
    expect((await page(member.id)).twoFactorOn).toBe(true);
    const answer = await turnOff(member.id);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/admin/users/edit/${member.id}`);
    expect((await findUserById(app.services.db, member.id))!.totpEnabledAt).toBeNull();
    expect(await unusedRecoveryCodeCount(app.services.db, member.id)).toBe(0);
    expect((await page(member.id)).twoFactorOn).toBe(false);
    expect((await delivered()).map((m) => [m.to, m.subject])).toEqual([[member.email, "Two-factor sign-in is off for your Secondary Marketplace account"]]);
    const [entry] = (await listAudit(app.services.db, { pageSize: 1 })).rows;
    expect(entry).toMatchObject({ action: "user.two-factor-off", subjectType: "user", subjectId: String(member.id), actorId: admin.user.id });
    // sent again (a stale page): nothing more happens, no second e-mail
    expect((await turnOff(member.id)).status).toBe(302);
    expect(await delivered()).toEqual([]);
    // the admin's own stays on: admins must keep it
    expect((await page(admin.user.id)).twoFactorOn).toBe(false);
    expect((await turnOff(admin.user.id)).status).toBe(404);
    expect((await findUserById(app.services.db, admin.user.id))!.totpEnabledAt).not.toBeNull();
  });
});
