import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { customers, onboardChats, users, type Customer, type OnboardChat, type User } from "~/.server/db/schema";
import type { Services } from "~/.server/services";
import { findCustomer } from "./customer-accounts.server";
import { criteriaFrom, EMPTY_CRITERIA, type BuyerCriteria } from "~/lib/buyer-criteria";
import { websiteDomainOf, type CustomerType } from "~/lib/customers";
import { ONBOARD_PAGE_SIZE, type OnboardSide, type OnboardStatus, type TranscriptEntry } from "~/lib/onboard-chats";
import {
  answerText,
  criteriaAfter,
  firstStep,
  latestTurns,
  mayWriteProfile,
  nextStep,
  ONBOARD_PATHS,
  previousStep,
  stepOf,
  type AnswerValues,
  type Step,
} from "~/lib/onboarding";
import type { Role } from "~/lib/roles";
import { customerInsert, startOnboarding } from "./customer-accounts.server";
import { saveCriteria } from "./buyer-criteria.server";
import { recomputeCustomerMatches } from "./matches.server";
import { onboardingLeadWrite } from "./leads.server";
import { recordAudit } from "./audit.server";
import { isUniqueViolation } from "~/.server/db/errors";
import { customerGoingBy, customerNamed, goesBy, isNameRefused, nameIsFree } from "./customer-names.server";

type Who = { user: User; side: OnboardSide; address?: string };

/** The side of the conversation a member has: sellers sell, buyers and brokers buy. */
export const sideOfRole = (role: Role | null): OnboardSide | null => (role === "seller" ? "seller" : role === "buyer" || role === "broker" ? "buyer" : null);

// every member's home page asks: built once
const chatOfSide = preparedQuery((db) =>
  db.query.onboardChats
    .findFirst({ where: and(eq(onboardChats.userId, sql.placeholder("userId")), eq(onboardChats.side, sql.placeholder("side"))) })
    .prepare(),
);

export async function findChat(db: Database, { userId, side }: { userId: number; side: OnboardSide }) {
  return (await chatOfSide(db).execute({ userId, side })) ?? null;
}

/** The chat, made on the member's first answer (nothing is written by only looking at the page). */
async function chatFor(db: Database, { user, side }: Who) {
  await db
    .insert(onboardChats)
    .values({ userId: user.id, side, customerId: user.customerId, currentStep: firstStep(side).key, updatedAt: new Date() })
    .onConflictDoNothing();
  return (await findChat(db, { userId: user.id, side }))!;
}

async function customerOf(db: Database, customerId: number | null) {
  if (!customerId) return null;
  return (await findCustomer(db, { customerId })) ?? null;
}

/** What the page shows: the chat (or none yet), the question now, and the values its form starts with. */
export async function chatPage(db: Database, { user, side }: Who) {
  const chat = await findChat(db, { userId: user.id, side });
  const customer = await customerOf(db, chat?.customerId ?? user.customerId);
  const step = (chat && stepOf(side, chat.currentStep)) || firstStep(side);
  const criteria = criteriaFrom(customer?.preferences);
  const defaults: Record<string, string | string[]> = {
    customerName: customer?.name ?? user.company,
    website: customer?.website ?? "",
    businessType: customer?.businessType || user.businessType,
    buyerType: customer?.investorType ?? "",
    ...criteria,
  };
  return {
    chat,
    step,
    defaults,
    customer: customer ? { id: customer.id, name: customer.name } : null,
    // the company an admin set up, or verified, keeps its name: the member is told so
    companyKept: Boolean(customer && (!(chat?.createdCustomer ?? false) || isVerified(customer)) && customer.name),
  };
}

type StepResult = { ok: true; chat: OnboardChat; completed: boolean } | { ok: false; field: string; message: string };
type Refusal = { field: string; message: string };
type BatchItem = Parameters<Database["batch"]>[0][number];
/** What an answer sets on the chat: a company or potential customer made in the same batch is its id as a query. */
type ChatSet = { [K in keyof OnboardChat]?: OnboardChat[K] | SQL };
/**
 * What an answer writes besides the chat: `writes` go in one batch with the chat's turn and `set`,
 * so that a cut request leaves all of them or none (the member answers again). `madeCustomer`: the
 * chat made the member's company, audited once it is written.
 */
type Applied = { writes?: BatchItem[]; set?: ChatSet; madeCustomer?: boolean };
type Turn = Omit<TranscriptEntry, "at">;
/** Writes the answer's turn with what it applied, and returns the chat as it is then. */
type Take = (applied: Applied) => Promise<StepResult>;

/**
 * The transcript after a turn: each question's answer that counts, in the order they were last given.
 * An answer after Back replaces the question's earlier turn (decision 120), so a transcript holds at
 * most one turn a question however often a member goes Back; one written before that is cut down so too.
 */
export function transcriptAfter(transcript: readonly TranscriptEntry[], turn: TranscriptEntry): TranscriptEntry[] {
  const lastOf = new Map(transcript.map((entry, i) => [entry.step, i]));
  return [...transcript.filter((entry, i) => entry.step !== turn.step && lastOf.get(entry.step) === i), turn];
}

function turnWrite(db: Database, chat: OnboardChat, turn: Turn, next: Step | null, set: ChatSet) {
  const now = new Date();
  const transcript = transcriptAfter(chat.transcript, { ...turn, at: now.toISOString() });
  return db
    .update(onboardChats)
    .set({ transcript, currentStep: next?.key ?? chat.currentStep, updatedAt: now, ...set })
    .where(eq(onboardChats.id, chat.id))
    .returning();
}

const customerTypeOf = (side: OnboardSide, user: User): CustomerType =>
  side === "seller" ? "seller" : user.roles.includes("ROLE_BROKER") && !user.roles.includes("ROLE_BUYER") ? "broker" : "buyer";

/** A customer with this name (any case), website domain or contact e-mail: the company is known already. */
async function knownCustomer(db: Database, { name, website, email }: { name: string; website: string; email: string }) {
  const domain = websiteDomainOf(website);
  return (
    (await db.query.customers.findFirst({
      where: sql`${goesBy(name)} or (${customers.anonymisedAt} is null and (${customers.attentionEmail} = ${email} ${
        domain ? sql`or ${customers.websiteDomain} = ${domain}` : sql``
      }))`,
    })) ?? null
  );
}

/** A rename that matched another customer went to our team; the company keeps its name until they look. */
const RENAME_WITH_TEAM = "Our team is checking your company's name and website. To change them, contact us.";
/** A company an admin verified keeps the name and website they checked: the member asks us to change them. */
const verifiedCompanyKept = (name: string) =>
  `Your company is verified as ${name}: its name and website stay as our team checked them. To change them, contact us.`;
const isVerified = (customer: Customer) => customer.onboardingStatus === "verified" || customer.onboardingStatus === "active";

/**
 * The company answer. A member without a company gets one made from it, unless it
 * matches a customer we have: then the member stays unattached and admins get a
 * potential customer to link them by hand (a stranger must not join a company by naming it).
 */
async function answerCompany(services: Pick<Services, "db">, { user, side }: Who, chat: OnboardChat, value: AnswerValues, take: Take): Promise<StepResult> {
  const db = services.db;
  const name = String(value.customerName);
  const website = String(value.website ?? "");
  const customer = await customerOf(db, chat.customerId);
  if (customer) {
    const renamed = await renameCompany(db, user, chat, customer, { name, website });
    if (renamed && "clash" in renamed) {
      // as a new company that matches one of ours: the member moves on, admins sort it out
      const { write, lead } = onboardingLeadWrite(db, {
        user,
        company: name,
        website,
        notes: `Asked on on-boarding to rename their company ${customer.name} (customer ${customer.id}) to a name or website of ${renamed.clash}: it keeps its name; rename it if that is right.`,
      });
      return take({ writes: [write], set: { leadId: lead } });
    }
    return renamed ? { ok: false, ...renamed } : take({});
  }
  let known = await knownCustomer(db, { name, website, email: user.email });
  if (!known) {
    // the company, its member and the chat pointing at it in one batch: a request cut after the company
    // alone left the member unattached, and their answer again found the company they had made "known"
    const company = customerGoingBy(name);
    try {
      return await take({
        writes: [
          customerInsert(db, { values: newCompanyValues(side, user, { name, website }), onboardingStatus: "in_progress" }),
          db.update(users).set({ customerId: company, company: name, updatedAt: new Date() }).where(eq(users.id, user.id)),
        ],
        set: { customerId: company, createdCustomer: true },
        madeCustomer: true,
      });
    } catch (error) {
      // another company took the name or the website since the look above: the member is told to admins, as for a known one
      if (!isNameRefused(error) && !isUniqueViolation(error, "customers.website_domain")) throw error;
      known = await knownCustomer(db, { name, website, email: user.email });
    }
  }
  if (chat.leadId) return take({});
  const clash = known ? `${known.name} (customer ${known.id})` : "a customer we have";
  const { write, lead } = onboardingLeadWrite(db, {
    user,
    company: name,
    website,
    notes: `Joined as a ${side} and named a company that matches ${clash}: link the member to it if they belong there.`,
  });
  return take({ writes: [write], set: { leadId: lead } });
}

const newCompanyValues = (side: OnboardSide, user: User, { name, website }: { name: string; website: string }) => ({
  customerName: name,
  customerType: customerTypeOf(side, user),
  contactPerson: user.name,
  attentionEmail: user.email,
  attentionPhone: user.phone,
  website,
  type: "",
  size: null,
  headquarters: "",
  smsAllowance: 0,
  comments: "Created by the member's on-boarding chat.",
});

/**
 * The company the chat made, renamed by the answer again: null when done (or nothing to do), a refusal, or
 * `clash` when the name or website is another customer's. A refusal there ("taken") told any member which
 * companies are customers, one name after another, from one account; now the answer is taken as a rename
 * is, the company keeps its name and admins get a potential customer (the caller's), as for a new company
 * that matches one of ours. What the member can still see, their company's name unchanged, costs an account
 * a name: from then on its name and website are changed by our team (RENAME_WITH_TEAM), as a verified one's are.
 */
async function renameCompany(db: Database, user: User, chat: OnboardChat, customer: Customer, { name, website }: { name: string; website: string }): Promise<Refusal | { clash: string } | null> {
  if (!chat.createdCustomer) return null;
  const websiteDomain = websiteDomainOf(website);
  const unchanged = name === customer.name && websiteDomain === (customer.websiteDomain ?? null);
  if (isVerified(customer)) {
    // the same answer again (Back, then Next) moves on; a change is ours to make
    if (unchanged) return null;
    return { field: name === customer.name ? "website" : "customerName", message: verifiedCompanyKept(customer.name) };
  }
  if (chat.leadId && !unchanged) return { field: name === customer.name ? "website" : "customerName", message: RENAME_WITH_TEAM };
  // a second company of the same name (any case) is not made, as naming a new one does not (knownCustomer)
  const sameName = name.toLowerCase() === customer.name.toLowerCase();
  const named = sameName ? null : await customerNamed(db, name, customer.id);
  if (named) return { clash: `${named.name} (customer ${named.id})` };
  if (websiteDomain && websiteDomain !== customer.websiteDomain) {
    const [taken] = await db.select({ id: customers.id, name: customers.name }).from(customers).where(eq(customers.websiteDomain, websiteDomain)).limit(1);
    if (taken) return { clash: `${taken.name} (customer ${taken.id})` };
  }
  let renamed: unknown[];
  try {
    [renamed] = await db.batch([
      // the rule inside the write, as the admin's forms have it: the look above cannot see another
      // member's rename to the same name at the same moment
      db
        .update(customers)
        .set({ name, website, websiteDomain, updatedAt: new Date() })
        .where(and(eq(customers.id, customer.id), sameName ? undefined : nameIsFree(name, customer.id)))
        .returning({ id: customers.id }),
      // the member's company follows only the company's rename
      db
        .update(users)
        .set({ company: name, updatedAt: new Date() })
        .where(and(eq(users.id, user.id), sql`exists (select 1 from ${customers} where ${customers.id} = ${customer.id} and ${customers.name} = ${name})`)),
    ]);
  } catch (error) {
    // another company took the website since the look above: the unique index decides
    if (isUniqueViolation(error, "customers.website_domain")) return { clash: "a customer we have" };
    throw error;
  }
  return renamed.length ? null : { clash: "a customer we have" };
}

async function applyAnswer(services: Pick<Services, "db">, who: Who, chat: OnboardChat, step: Step, value: AnswerValues, take: Take) {
  const db = services.db;
  if (step.key === "company") return answerCompany(services, who, chat, value, take);
  const customer = await customerOf(db, chat.customerId);
  // without a company the answer lives in the transcript only, for the admin who links the member
  if (!customer) return take({});
  if (step.key === "businessType") {
    if (!mayWriteProfile({ createdCustomer: chat.createdCustomer, current: customer.businessType })) return take({});
    return take({ writes: [db.update(customers).set({ businessType: String(value.businessType), updatedAt: new Date() }).where(eq(customers.id, customer.id))] });
  }
  const values = criteriaAfter(step, value, { criteria: criteriaFrom(customer.preferences), buyerType: customer.investorType }, chat);
  // one recomputation of the company's matches when the chat ends, not one per answer:
  // at 100,000 projects each takes seconds. Saved again, as it was, when a cut request's member answers again.
  await saveCriteria(db, { customerId: customer.id, values, actor: who.user, address: who.address, rematch: false });
  return take({});
}

/**
 * The question taken by this request: the chat's time moves on only when no other request moved it
 * since the chat was read, so an answer sent twice at once is applied once (a company made once),
 * and the second is answered like a second tab's. Null when another request took it.
 */
async function claimStep(db: Database, chat: OnboardChat, stepKey: string) {
  const [claimed] = await db
    .update(onboardChats)
    .set({ updatedAt: sql`max(coalesce(${onboardChats.updatedAt}, 0) + 1, ${Date.now()})` })
    .where(and(eq(onboardChats.id, chat.id), eq(onboardChats.currentStep, stepKey), sql`${onboardChats.updatedAt} is ${chat.updatedAt?.getTime() ?? null}`))
    .returning();
  return claimed ?? null;
}

/** The chat as another request left it: nothing taken from this one. */
async function asLeft(db: Database, who: Who): Promise<StepResult> {
  const chat = (await findChat(db, { userId: who.user.id, side: who.side }))!;
  return { ok: true, chat, completed: chat.status === "completed" };
}

/**
 * The turn written with what the answer applied, and, after the last question, the chat's end: one
 * batch. Before it, only what a member's answer again redoes as it was (the criteria, the company's
 * status, its matches).
 */
async function takeTurn(services: Pick<Services, "db">, who: Who, chat: OnboardChat, turn: Turn, next: Step | null, applied: Applied): Promise<StepResult> {
  const db = services.db;
  const ending = next ? { writes: [], set: {} } : await chatEnding(services, who, chat);
  const [first, ...rest]: BatchItem[] = [...(applied.writes ?? []), ...ending.writes, turnWrite(db, chat, turn, next, { ...applied.set, ...ending.set })];
  const written = await db.batch([first!, ...rest]);
  const [updated] = written.at(-1) as OnboardChat[];
  if (applied.madeCustomer) {
    // the audit log is a chain appended one statement at a time, each naming its subject: it follows the batch
    const made = (await customerOf(db, updated!.customerId))!;
    await recordAudit(db, { actor: who.user, action: "customer.create", subjectType: "customer", subjectId: made.id, detail: made.name, address: who.address });
  }
  return { ok: true, chat: updated!, completed: updated!.status === "completed" };
}

/** An answer to the question shown: saved at once, then the next unanswered question (or the end). */
export async function answerStep(services: Pick<Services, "db">, who: Who & { value: AnswerValues }): Promise<StepResult> {
  let chat = await chatFor(services.db, who);
  const step = stepOf(who.side, who.value.step);
  // a completed chat, or a question no longer shown (a second tab): nothing to take
  if (chat.status === "completed" || !step || step.key !== chat.currentStep) return { ok: true, chat, completed: chat.status === "completed" };
  const claimed = await claimStep(services.db, chat, step.key);
  if (!claimed) return asLeft(services.db, who);
  chat = claimed;
  const next = nextStep(who.side, step.key, [...chat.transcript, { step: step.key, question: "", answer: "", at: "" }]);
  const turn = { step: step.key, question: step.question[who.side], answer: answerText(step, who.value) };
  return applyAnswer(services, who, chat, step, who.value, (applied) => takeTurn(services, who, chat, turn, next, applied));
}

export async function skipStep(services: Pick<Services, "db">, who: Who & { stepKey: string }): Promise<StepResult> {
  let chat = await chatFor(services.db, who);
  const step = stepOf(who.side, who.stepKey);
  if (chat.status === "completed" || !step || step.key !== chat.currentStep || !step.optional) return { ok: true, chat, completed: chat.status === "completed" };
  const claimed = await claimStep(services.db, chat, step.key);
  if (!claimed) return asLeft(services.db, who);
  chat = claimed;
  const next = nextStep(who.side, step.key, [...chat.transcript, { step: step.key, question: "", answer: "", at: "" }]);
  const cleared = await clearAnswer(services.db, who, chat, step);
  return takeTurn(services, who, chat, { step: step.key, question: step.question[who.side], answer: "Skipped", skipped: true }, next, cleared);
}

/**
 * A question answered before (then Back) and now skipped: what its answer set is cleared, or the
 * transcript said "Skipped" over criteria that still held the answer. Only what this chat's answer
 * wrote: a company an admin set up keeps its business and investor types, and a verified one the
 * investor type our team checked. Criteria saved before the turn, as an answer's are.
 */
async function clearAnswer(db: Database, who: Who, chat: OnboardChat, step: Step): Promise<Applied> {
  const answered = latestTurns(chat.transcript).get(step.key);
  if (!answered || answered.skipped) return {};
  const customer = await customerOf(db, chat.customerId);
  if (!customer) return {};
  if (step.key === "businessType") {
    return chat.createdCustomer ? { writes: [db.update(customers).set({ businessType: "", updatedAt: new Date() }).where(eq(customers.id, customer.id))] } : {};
  }
  if (step.key === "buyerType" && (!chat.createdCustomer || isVerified(customer))) return {};
  if (step.key !== "buyerType" && step.writes !== "criteria") return {};
  const values = { ...criteriaFrom(customer.preferences), buyerType: customer.investorType };
  if (step.key === "buyerType") values.buyerType = "";
  else (values as Record<string, unknown>)[step.key] = EMPTY_CRITERIA[step.key as keyof BuyerCriteria];
  await saveCriteria(db, { customerId: customer.id, values, actor: who.user, address: who.address, rematch: false });
  return {};
}

/** Back to the previous question, its answer ready to change. */
export async function stepBack(db: Database, who: Who & { stepKey: string }) {
  const chat = await findChat(db, { userId: who.user.id, side: who.side });
  if (!chat || chat.status === "completed" || chat.currentStep !== who.stepKey) return;
  const previous = previousStep(who.side, chat.currentStep);
  if (previous) await db.update(onboardChats).set({ currentStep: previous.key, updatedAt: new Date() }).where(eq(onboardChats.id, chat.id));
}

/**
 * The last question answered: the chat is completed, an invited company moves to
 * in progress, and a company the chat created is shown to admins as a potential
 * customer from on-boarding (already converted: it is a customer now). The potential
 * customer and the completion go in the turn's batch: one recorded alone was recorded
 * again when the member answered again.
 */
async function chatEnding(services: Pick<Services, "db">, who: Who, chat: OnboardChat): Promise<{ writes: BatchItem[]; set: ChatSet }> {
  const db = services.db;
  const customer = await customerOf(db, chat.customerId);
  if (customer?.onboardingStatus === "invited") {
    await startOnboarding(services, { actor: who.user, customerId: customer.id, address: who.address });
  }
  if (customer && who.side === "buyer") await recomputeCustomerMatches(db, { customerId: customer.id });
  const now = new Date();
  const set: ChatSet = { status: "completed", completedAt: now };
  if (!customer || !chat.createdCustomer || chat.leadId) return { writes: [], set };
  const { write, lead } = onboardingLeadWrite(db, {
    user: who.user,
    company: customer.name,
    website: customer.website,
    customerId: customer.id,
    notes: `Joined as a ${who.side} and set up a new company through the on-boarding chat.`,
  });
  return { writes: [write], set: { ...set, leadId: lead } };
}

/**
 * Where /home invites a member to finish setting up: their chat is under way, or they
 * have none and their company is not yet verified (a fresh /join, or an invitation).
 */
export async function onboardingPrompt(db: Database, { user, role }: { user: User; role: Role | null }) {
  const side = sideOfRole(role);
  if (!side) return null;
  // both at once (on D1 one call, not two); the customer matters only to a member with no chat yet
  const [chat, customer]: [Awaited<ReturnType<typeof findChat>>, Customer | null] = await Promise.all([
    findChat(db, { userId: user.id, side }),
    customerOf(db, user.customerId),
  ]);
  if (chat) return chat.status === "completed" ? null : ONBOARD_PATHS[side];
  return !customer || customer.onboardingStatus === "invited" || customer.onboardingStatus === "in_progress" ? ONBOARD_PATHS[side] : null;
}

export const CHAT_SORTS = { updated: onboardChats.updatedAt, created: onboardChats.createdAt } as const;
export type ChatSort = keyof typeof CHAT_SORTS;

/** /admin/onboard-chats: a page of chats, newest answer first unless asked otherwise. */
export async function listChats(
  db: Database,
  { status, side, sort = "updated", desc: descending = true, page = 1, pageSize = ONBOARD_PAGE_SIZE }: {
    status?: OnboardStatus | null;
    side?: OnboardSide | null;
    sort?: ChatSort;
    desc?: boolean;
    page?: number;
    pageSize?: number;
  },
) {
  const where = and(status ? eq(onboardChats.status, status) : undefined, side ? eq(onboardChats.side, side) : undefined);
  const order = [descending ? desc(CHAT_SORTS[sort]) : asc(CHAT_SORTS[sort]), desc(onboardChats.id)];
  // the page's chats chosen from the sort's index first: sorting them all carried every transcript
  // (a chat whose member is gone is deleted with them, so the join to users drops none)
  const chosen = db
    .select({ id: onboardChats.id })
    .from(onboardChats)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((Math.max(1, page) - 1) * pageSize);
  // without the transcripts: what the list says of each (answers, last answer) is kept beside it (migration 0098)
  const chat = {
    id: onboardChats.id,
    customerId: onboardChats.customerId,
    side: onboardChats.side,
    status: onboardChats.status,
    answered: onboardChats.answered,
    lastAnswerAt: onboardChats.lastAnswerAt,
    updatedAt: onboardChats.updatedAt,
  };
  const [rows, [total]] = await Promise.all([
    db
      .select({ chat, memberName: users.name, memberEmail: users.email, customerName: customers.name })
      .from(onboardChats)
      .innerJoin(users, eq(users.id, onboardChats.userId))
      .leftJoin(customers, eq(customers.id, onboardChats.customerId))
      .where(inArray(onboardChats.id, chosen))
      .orderBy(...order),
    db.select({ n: sql<number>`count(*)` }).from(onboardChats).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findChatById(db: Database, { chatId }: { chatId: number }) {
  const [row] = await db
    .select({ chat: onboardChats, memberName: users.name, memberEmail: users.email, customerName: customers.name })
    .from(onboardChats)
    .innerJoin(users, eq(users.id, onboardChats.userId))
    .leftJoin(customers, eq(customers.id, onboardChats.customerId))
    .where(eq(onboardChats.id, chatId))
    .limit(1);
  return row ?? null;
}
