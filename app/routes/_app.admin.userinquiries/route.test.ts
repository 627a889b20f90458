import { afterAll, describe, expect, it } from "vitest";
import { bootApp, postRequest, responseOf } from "../../../tests/support/app";

/** The admin's answer to a member's inquiry, as the user inquiries page's form posts it. */
const app = await bootApp("route-user-inquiries");
const { action } = await import("./route");
const { inboundItems, outbox } = await import("~/.server/db/schema");
const { makeUser } = await import("~/seed/factories");
const { and, eq } = await import("drizzle-orm");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

const answer = (fields: Record<string, string>) =>
  responseOf(action({ request: postRequest("/admin/userinquiries", admin.cookie, { intent: "answer", ...fields }), context, params: {} }));

describe("answering a member's inquiry", () => {
  it("sent twice (a double click, a second tab) mails the member once and keeps the first answer; both land on the page", async () => {
    const member = await makeUser(services.db, { name: "Quentin Question", roles: ["ROLE_BUYER"] });
    const [item] = await services.db
      .insert(inboundItems)
      .values({ kind: "inquiry", name: member.name, email: member.email, message: "Is it seasoned?", userId: member.id })
      .returning();
    const id = String(item!.id);
    const mails = () => services.db.select().from(outbox).where(and(eq(outbox.recipient, member.email), eq(outbox.subject, "Our team answered your question")));

    // both posts at once
    const answers = await Promise.all([answer({ id, answer: "Yes, two years." }), answer({ id, answer: "Yes, two years." })]);
    expect(answers.map((a) => a.status)).toEqual([302, 302]);
    expect(answers[1]!.headers.get("Location")).toBe(answers[0]!.headers.get("Location"));
    expect(await mails()).toHaveLength(1);

    // and later, from a second tab with another text: nothing sent, the first answer kept
    expect((await answer({ id, answer: "Yes." })).status).toBe(302);
    expect(await mails()).toHaveLength(1);
    const [kept] = await services.db.select().from(inboundItems).where(eq(inboundItems.id, item!.id));
    expect(kept).toMatchObject({ answer: "Yes, two years.", answeredBy: admin.user.id });
    // an unknown inquiry is still 404
    expect((await answer({ id: "99999999", answer: "Yes." })).status).toBe(404);
  });

  it("names the listing a question was asked about, in the mail's subject and body and in the app", async () => {
    const { notifications, projects } = await import("~/.server/db/schema");
    const member = await makeUser(services.db, { name: "Lena Listing", roles: ["ROLE_BUYER"] });
    const seller = await makeUser(services.db, { roles: ["ROLE_SELLER"] });
    const [listing] = await services.db.insert(projects).values({ sellerId: seller.id, kind: "loan_pool", status: "published", projectName: "Harbor Auto Loans" }).returning();
    const [item] = await services.db
      .insert(inboundItems)
      .values({ kind: "inquiry", name: member.name, email: member.email, message: "What is the WAC?", userId: member.id, projectId: listing!.id })
      .returning();
    expect((await answer({ id: String(item!.id), answer: "7.2%." })).status).toBe(302);
    const [mail] = await services.db.select().from(outbox).where(eq(outbox.recipient, member.email));
    expect(mail!.subject).toBe("Our team answered your question about Harbor Auto Loans");
    expect(mail!.body).toContain("Your question about Harbor Auto Loans:\nWhat is the WAC?\n\nOur answer:\n7.2%.");
    const [notice] = await services.db.select().from(notifications).where(eq(notifications.userId, member.id));
    expect(notice!.message).toBe("Our team answered your question about Harbor Auto Loans.");
  });
});
