import { afterAll, describe, expect, it } from "vitest";
import { bootApp, getRequest, postRequest, responseOf } from "../../../tests/support/app";

/** A link e-mailed to one person, opened in a browser that is signed in to an account. */
const app = await bootApp("route-links-signed-in");
afterAll(() => app.cleanup());
const reset = await import("./route");
const invite = await import("../_auth.uobs.invite.$id/route");
const { createPasswordReset, findUsablePasswordReset } = await import("~/models/password-resets.server");
const { context, services } = app;
const buyer = await app.member("buyer@demo.test");
const seller = await app.member("seller@demo.test");
const notice = async (response: Response) => (await services.sessionStorage.getSession(response.headers.get("Set-Cookie"))).get("notification");

describe("a reset or invitation link opened while signed in", () => {
  it("sends the member home telling them which account is signed in, and leaves the link usable", async () => {
    // the seller asked for a reset on their phone and opens the e-mail on the laptop where the buyer is signed in
    const token = await createPasswordReset(services.db, seller.user.id);
    const opened = await responseOf(reset.loader({ request: getRequest(`/uobs/reset/${token}`, buyer.cookie), context, params: { id: token } }));
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/home");
    expect(await notice(opened)).toEqual({ message: "You are signed in as buyer@demo.test. To choose a new password with this link, sign out and open the link again.", type: "info" });
    const posted = await responseOf(
      reset.action({ request: postRequest(`/uobs/reset/${token}`, buyer.cookie, { password: "a-new-password-1", confirmPassword: "a-new-password-1" }), context, params: { id: token } }),
    );
    expect(posted.headers.get("Location")).toBe("/home");
    expect(await findUsablePasswordReset(services.db, token)).toBeDefined();

    const invitation = await responseOf(invite.loader({ request: getRequest("/uobs/invite/some-token", buyer.cookie), context, params: { id: "some-token" } }));
    expect(invitation.headers.get("Location")).toBe("/home");
    expect((await notice(invitation))?.message).toBe("You are signed in as buyer@demo.test. To accept this invitation, sign out and open the link again.");
  });
});

describe("a reset link of a member whose company was disabled since it was sent", () => {
  it("sets the password and says, where they would sign in, that the company's access is suspended", async () => {
    const { customers, users } = await import("~/.server/db/schema");
    const { eq } = await import("drizzle-orm");
    const { makeUser } = await import("~/seed/factories");
    const [company] = await services.db.insert(customers).values({ name: "Paused Capital", customerType: "buyer" }).returning();
    const member = await makeUser(services.db);
    await services.db.update(users).set({ customerId: company!.id }).where(eq(users.id, member.id));
    const token = await createPasswordReset(services.db, member.id);
    await services.db.update(customers).set({ enabled: false }).where(eq(customers.id, company!.id));
    const posted = await responseOf(reset.action({ request: postRequest(`/uobs/reset/${token}`, undefined, { password: "a-new-password-1", confirmPassword: "a-new-password-1" }), context, params: { id: token } }));
    expect(posted.headers.get("Location")).toBe("/signin");
    expect(await notice(posted)).toEqual({ message: reset.COMPANY_SUSPENDED_MESSAGE, type: "error" });
  });
});
