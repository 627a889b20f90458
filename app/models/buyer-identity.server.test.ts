import { describe, expect, it } from "vitest";
import { buyerPseudonym, identitiesFor } from "~/models/buyer-identity.server";

const SECRET = "a-test-secret-of-at-least-thirty-two-chars";
const bea = { buyerId: 11, name: "Bea Buyer", company: "Harbor Credit", email: "bea@harbor.test" };
const cal = { buyerId: 12, name: "Cal Caller", company: "Inlet Fund" };

describe("what a project's desk says about a buyer", () => {
  it("gives the seller a pseudonym, not the id, name, company or e-mail, until the NDA is signed", async () => {
    const who = await identitiesFor(SECRET, 7, "seller", new Set(), [bea, cal]);
    expect(who(11)).toEqual({ buyerId: null, name: await buyerPseudonym(SECRET, { projectId: 7, buyerId: 11 }), company: "", email: null });
    expect(who(11).name).toMatch(/^Buyer [0-9A-F]{6}$/);
    expect(who(11).name).not.toBe(who(12).name);
  });

  it("names the buyer and shows their e-mail once the NDA is signed", async () => {
    const who = await identitiesFor(SECRET, 7, "seller", new Set([11]), [bea, cal]);
    expect(who(11)).toEqual({ buyerId: 11, name: "Bea Buyer", company: "Harbor Credit", email: "bea@harbor.test" });
    expect(who(12).buyerId).toBeNull();
  });

  it("lets admins see names throughout, and e-mail addresses only after signing", async () => {
    const before = await identitiesFor(SECRET, 7, "admin", new Set(), [bea]);
    expect(before(11)).toEqual({ buyerId: 11, name: "Bea Buyer", company: "Harbor Credit", email: null });
    const after = await identitiesFor(SECRET, 7, "admin", new Set([11]), [bea]);
    expect(after(11).email).toBe("bea@harbor.test");
  });

  it("keeps a pseudonym stable on one project and unlinkable across projects", async () => {
    expect(await buyerPseudonym(SECRET, { projectId: 7, buyerId: 11 })).toBe(await buyerPseudonym(SECRET, { projectId: 7, buyerId: 11 }));
    expect(await buyerPseudonym(SECRET, { projectId: 8, buyerId: 11 })).not.toBe(await buyerPseudonym(SECRET, { projectId: 7, buyerId: 11 }));
    expect(await buyerPseudonym("another-secret-of-at-least-thirty-two", { projectId: 7, buyerId: 11 })).not.toBe(await buyerPseudonym(SECRET, { projectId: 7, buyerId: 11 }));
  });
});
