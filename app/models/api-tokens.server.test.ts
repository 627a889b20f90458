import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { customers, users, type User } from "~/.server/db/schema";
import { parseEnv, type Env } from "~/.server/env";
import type { Services } from "~/.server/services";
import { makeUser } from "~/seed/factories";
import { issueApiToken, userForApiToken } from "./api-tokens.server";
import { setCustomerEnabled, setCustomerLocked } from "./customer-accounts.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let services: Services;
let admin: User;

beforeAll(async () => {
  t = await createTestDatabase();
  services = { env: { ...parseEnv({}), SESSION_SECRET: "token-secret" } as Env, db: t.db, waitUntil: () => {} } as unknown as Services;
  admin = await makeUser(t.db, { roles: ["ROLE_ADMIN"] });
});
afterAll(() => t.cleanup());

async function memberOfNewCustomer(name: string) {
  const [customer] = await t.db.insert(customers).values({ name, customerType: "buyer" }).returning({ id: customers.id });
  const member = await makeUser(t.db, { roles: ["ROLE_BUYER"] });
  await t.db.update(users).set({ customerId: customer!.id }).where(eq(users.id, member.id));
  return { customerId: customer!.id, member };
}

describe("API tokens", () => {
  it("stop opening anything once the member's customer is disabled or locked, as its sessions do", async () => {
    const { customerId, member } = await memberOfNewCustomer("Token Co");
    const { token } = await issueApiToken(t.db, member.id);
    expect((await userForApiToken(t.db, token))?.id).toBe(member.id);

    await setCustomerEnabled(services, { actor: admin, customerId, enabled: false });
    expect(await userForApiToken(t.db, token)).toBeNull();
    await setCustomerEnabled(services, { actor: admin, customerId, enabled: true });

    await setCustomerLocked(services, { actor: admin, customerId, locked: true });
    expect(await userForApiToken(t.db, token)).toBeNull();
  });
});
