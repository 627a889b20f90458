import type { Database } from "~/.server/db";
import { createUser } from "~/models/users.server";

/** The shared password of every demo account (README lists them). */
export const DEMO_PASSWORD = "demo-password";

export const DEMO_ACCOUNTS = [
  { email: "buyer@demo.test", name: "Bea Buyer", company: "Harbor Credit Partners", businessType: "Hedge Fund", roles: ["ROLE_BUYER"] },
  { email: "seller@demo.test", name: "Sam Seller", company: "First Prairie Bank", businessType: "Bank", roles: ["ROLE_SELLER"] },
  { email: "broker@demo.test", name: "Bo Broker", company: "Meridian Loan Brokers", businessType: "Other Service Providers", roles: ["ROLE_BROKER"] },
  { email: "admin@demo.test", name: "Ada Admin", company: "Secondary Marketplace", businessType: "", roles: ["ROLE_ADMIN"] },
  { email: "agent@demo.test", name: "Al Agent", company: "First Prairie Bank", businessType: "Bank", roles: ["ROLE_SELLER", "ROLE_AGENT"] },
  { email: "multi@demo.test", name: "Max Multi", company: "Crossroads Capital", businessType: "Family Office", roles: ["ROLE_SELLER", "ROLE_BUYER"] },
] as const;

/** The demo admin's two-factor key (README shows it): admins must sign in with a code. */
export const DEMO_ADMIN_TOTP_SECRET = "DEMOADMINSECRETDEMOADMINSECRET23";

let counter = 0;

/** A member with unique e-mail; tests and the seed both build users through here. */
export async function makeUser(
  db: Database,
  overrides: Partial<{ email: string; name: string; company: string; phone: string; password: string; roles: string[] }> = {},
) {
  counter++;
  const stamp = `${Date.now().toString(36)}${counter}`;
  const user = await createUser(db, {
    email: overrides.email ?? `member-${stamp}@example.test`,
    name: overrides.name ?? `Member ${stamp}`,
    company: overrides.company ?? "Example Capital",
    phone: overrides.phone ?? "+1 212 555 0100",
    businessType: "Bank",
    password: overrides.password ?? DEMO_PASSWORD,
    roles: overrides.roles ?? ["ROLE_BUYER"],
  });
  if (!user) throw new Error(`user ${overrides.email} exists already`);
  return user;
}
