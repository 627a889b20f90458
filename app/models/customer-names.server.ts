import { and, eq, isNull, not, sql, type SQLWrapper } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { customers, holdsRole, users } from "~/.server/db/schema";
import { MEMBER_ADMIN_MESSAGE } from "~/lib/schemas/customer";
import { refusal } from "~/.server/db/errors";

/**
 * The one rule for customers' names, wherever a customer is named (on-boarding, the admin's forms, a
 * potential customer's conversion): no two customers go by one name, in any case. A deleted (anonymised)
 * customer goes by none. Names come trimmed from the forms' schemas; lower() is read through its index.
 */
export const goesBy = (name: string | SQLWrapper) => sql`(lower(${customers.name}) = lower(${name}) and ${customers.anonymisedAt} is null)`;

const otherThan = (exceptId?: number) => (exceptId ? sql` and ${customers.id} != ${exceptId}` : sql``);

/** Another customer (not `exceptId`) that goes by this name, or null. */
export async function customerNamed(db: Database, name: string, exceptId?: number) {
  const [named] = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(sql`${goesBy(name)}${otherThan(exceptId)}`)
    .orderBy(customers.id)
    .limit(1);
  return named ?? null;
}

/**
 * The rule inside the write: a look before it cannot see another admin's write of the same name at the
 * same moment, a condition in the statement can (SQLite and D1 run one statement at a time).
 */
export const nameIsFree = (name: string | SQLWrapper, exceptId?: number) => sql`not exists (select 1 from ${customers} where ${goesBy(name)}${otherThan(exceptId)})`;

/**
 * The name a new customer is inserted with: null, which the column refuses, when another customer took
 * it since the look before (an insert of values has no where).
 */
export const nameWhileFree = (name: string) => sql`(select ${name} where ${nameIsFree(name)})`;

/** The id of the customer that goes by this name, as a query: a customer inserted in a batch, for its later statements. */
export const customerGoingBy = (name: string) => sql<number>`(select ${customers.id} from ${customers} where ${goesBy(name)} order by ${customers.id} desc limit 1)`;

/** Whether an insert was refused because its name was null: what nameWhileFree gives a name taken meanwhile. */
export const isNameRefused = (error: unknown) => refusal(error).includes("NOT NULL constraint failed: customers.name");

/** The admin's refusal, naming the customer (as the website's and attention e-mail's do). */
export const nameTaken = (clash: { id: number; name: string }) => `${clash.name} (customer ${clash.id}) has this name already.`;

/**
 * Attaches a member with no customer to the customer that goes by `name` (their company's name follows it).
 * "attached" when done; why not otherwise: no such customer, the member has one already (a second click, or
 * another admin), or the member is an admin (staff accounts belong to no customer).
 */
export async function attachToCustomer(
  db: Database,
  { userId, name }: { userId: number; name: string },
): Promise<{ customer: { id: number; name: string } } | { refused: string } | null> {
  const customer = await customerNamed(db, name);
  if (!customer) return { refused: "No customer goes by this name." };
  const [attached] = await db
    .update(users)
    .set({ customerId: customer.id, company: customer.name, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.customerId), not(holdsRole(users.roles, "ROLE_ADMIN"))))
    .returning({ id: users.id });
  if (attached) return { customer };
  const [member] = await db.select({ customerId: users.customerId, roles: users.roles }).from(users).where(eq(users.id, userId));
  if (!member) return null;
  return { refused: member.customerId ? "This member belongs to a customer already." : MEMBER_ADMIN_MESSAGE };
}
