import { eq, sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { preparedQuery } from "~/.server/db/prepared";
import { matchmakingChats, type User } from "~/.server/db/schema";
import { botBrainFor } from "~/.server/bot-brain";
import type { Services } from "~/.server/services";
import { CRITERIA_LABELS, criteriaFrom, hasCriteria, type BuyerCriteria } from "~/lib/buyer-criteria";
import { BOT_TURNS_KEPT, describeChanges, openingQuestion, type BotOptions, type BotTurn } from "~/lib/matchmaking-bot";
import { buyerCriteriaSchema } from "~/lib/schemas/buyer-criteria";
import { botQuestions } from "./bot-questions.server";
import { criteriaOf, criteriaOptions, saveCriteria } from "./buyer-criteria.server";
import { criteriaForForm, stateNamesByCode } from "./criteria-vocabulary.server";
import { bestProjectsFor, visibleProjectsAmong } from "./matches.server";

type Who = { user: User; address?: string };

// a buyer's home and search pages show it: built once
const chatOfUser = preparedQuery((db) =>
  db.query.matchmakingChats.findFirst({ where: eq(matchmakingChats.userId, sql.placeholder("userId")) }).prepare(),
);

async function chatOf(db: Database, { userId }: { userId: number }) {
  return (await chatOfUser(db).execute({ userId })) ?? null;
}

async function botOptions(services: Pick<Services, "content">): Promise<BotOptions> {
  return { ...(await criteriaOptions(services.content)), stateCodes: stateNamesByCode() };
}

/** The buyer company's saved criteria, as the forms spell them; null without a company. */
async function savedOf(db: Database, user: User) {
  if (user.customerId === null) return null;
  const found = await criteriaOf(db, { customerId: user.customerId });
  return found ? { criteria: criteriaForForm(found.criteria), buyerType: found.buyerType } : null;
}

/**
 * What the assistant shows: the conversation (projects it named that the member may
 * no longer see are left out), the criteria waiting for consent, and the question to
 * begin with. Reading writes nothing: the conversation is made by the first answer.
 */
export async function assistantFor(services: Pick<Services, "db">, { user }: { user: User }) {
  const db = services.db;
  const [chat, questions] = await Promise.all([chatOf(db, { userId: user.id }), botQuestions(db)]);
  const turns = chat?.turns ?? [];
  // a conversation kept from before its member's company's listings were left out of its answers shows none of them either
  const shown = await visibleProjectsAmong(db, { projectIds: [...new Set(turns.flatMap((t) => (t.matches ?? []).map((m) => m.projectId)))], exceptOwnOf: user });
  const saved = chat?.proposal || !turns.length ? await savedOf(db, user) : null;
  return {
    opening: turns.length ? null : (openingQuestion(questions, saved?.criteria ?? null)?.text ?? null),
    turns: turns.map((t) => ({
      from: t.from,
      text: t.text,
      matches: (t.matches ?? []).flatMap((m) => {
        const p = shown.get(m.projectId);
        return p ? [{ ...m, projectName: p.projectName, kind: p.kind, industry: p.industry }] : [];
      }),
    })),
    proposal: chat?.proposal ? describeChanges(changedFields(saved?.criteria ?? null, chat.proposal, chat.proposalBasis)) || "no change" : null,
    hasCompany: user.customerId !== null,
  };
}

const differ = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

/**
 * What Save would change: the fields the conversation changed from the criteria it began on (`basis`;
 * what is saved, for a proposal kept from before bases were), and that are not so already (all when nothing is saved).
 */
function changedFields(saved: BuyerCriteria | null, proposal: BuyerCriteria, basis: BuyerCriteria | null = saved): Partial<BuyerCriteria> {
  const keys = Object.keys(proposal) as (keyof BuyerCriteria)[];
  return Object.fromEntries(keys.filter((k) => differ(basis?.[k], proposal[k]) && differ(saved?.[k], proposal[k])).map((k) => [k, proposal[k]]));
}

type Kept = { turns: BotTurn[]; proposal: BuyerCriteria | null; proposalBasis: BuyerCriteria | null };

async function store(db: Database, { userId, turns, proposal, proposalBasis }: { userId: number } & Kept) {
  const now = new Date();
  const kept = turns.slice(-BOT_TURNS_KEPT);
  const basis = proposal ? proposalBasis : null;
  await db
    .insert(matchmakingChats)
    .values({ userId, turns: kept, proposal, proposalBasis: basis, updatedAt: now })
    .onConflictDoUpdate({ target: matchmakingChats.userId, set: { turns: kept, proposal, proposalBasis: basis, updatedAt: now } });
}

/**
 * One message from the member: the brain (rules, or the provider MATCHMAKING_BOT_URL
 * names) answers, proposes criteria, and the projects that fit them come with the answer.
 * Nothing is saved to the criteria here: that waits for "Save to my criteria".
 */
export async function sayToAssistant(services: Pick<Services, "db" | "content" | "env">, { user, message }: Who & { message: string }) {
  const db = services.db;
  const [chat, questions, options, saved] = await Promise.all([chatOf(db, { userId: user.id }), botQuestions(db), botOptions(services), savedOf(db, user)]);
  const at = new Date().toISOString();
  const opening = openingQuestion(questions, saved?.criteria ?? null);
  const turns: BotTurn[] = chat?.turns.length ? [...chat.turns] : opening ? [{ from: "bot", text: opening.text, asks: opening.key, at }] : [];
  turns.push({ from: "member", text: message, at });
  const criteria = chat?.proposal ?? saved?.criteria ?? criteriaFrom(null);
  const reply = await botBrainFor(services.env).reply({ turns, criteria, questions, options });
  const proposal = reply.proposedCriteria ?? chat?.proposal ?? null;
  const wanted = proposal ?? saved?.criteria ?? null;
  const matches = wanted && hasCriteria(wanted) ? await bestProjectsFor(db, { criteria: wanted, limit: 3, exceptOwnOf: user }) : [];
  turns.push({ from: "bot", text: reply.message, asks: reply.asks, matches, at });
  // a proposal begun now starts from the criteria saved now; one under way keeps the criteria it began on
  const proposalBasis = chat?.proposal ? chat.proposalBasis : (saved?.criteria ?? null);
  await store(db, { userId: user.id, turns, proposal, proposalBasis });
}

const botSays = (text: string): BotTurn => ({ from: "bot", text, at: new Date().toISOString() });

/** The assistant's word once a proposal is saved (the last turn until the member says more). */
const SAVED = "Saved to your criteria. Your recommendations now follow them.";

export type SaveOutcome = { saved: true } | { saved: false; problem: string };

/** The member's consent: the proposal becomes the company's criteria (validated like /preferences, audited, rematched). */
export async function saveProposal(services: Pick<Services, "db" | "content">, { user, address }: Who): Promise<SaveOutcome> {
  const db = services.db;
  const chat = await chatOf(db, { userId: user.id });
  // the same Save sent twice (a double click without JavaScript, a resent form) finds its proposal saved by
  // the first: answered as saved, not "nothing to save" over criteria that were just saved
  if (!chat?.proposal && chat?.turns.at(-1)?.text === SAVED) return { saved: true };
  if (!chat?.proposal) return { saved: false, problem: "There is nothing to save: tell the assistant what you look for first." };
  const saved = await savedOf(db, user);
  if (user.customerId === null || !saved) return { saved: false, problem: "Your account is not linked to a company yet, so there are no criteria to save to." };
  const options = await criteriaOptions(services.content);
  const buyerType = saved.buyerType && options.investorTypes.includes(saved.buyerType) ? saved.buyerType : "";
  const parsed = buyerCriteriaSchema(options).safeParse({ ...chat.proposal, buyerType });
  if (!parsed.success) return { saved: false, problem: parsed.error.issues[0]?.message ?? "These criteria cannot be saved." };
  // only what the conversation changed is written: the criteria a colleague or an admin changed meanwhile stay theirs
  const opened = chat.proposalBasis ? { ...chat.proposalBasis, buyerType } : undefined;
  const outcome = await saveCriteria(db, { customerId: user.customerId, values: parsed.data, opened, actor: user, address });
  if (outcome === false) return { saved: false, problem: "Your company is no longer on file, so there are no criteria to save to." };
  if (outcome !== true) {
    // both changed one criterion: the member is told what it is now, and the proposal, moved onto the criteria as they
    // are now, is kept, so a second Save puts theirs in its place and writes nothing else
    const now = criteriaFrom(outcome.current as Partial<BuyerCriteria>);
    const ours = changedFields(null, chat.proposal, chat.proposalBasis);
    await store(db, { userId: user.id, turns: chat.turns, proposal: { ...now, ...ours }, proposalBasis: now });
    const value = outcome.current[outcome.clash];
    const text = [value ?? ""].flat().map(String).join(", ");
    const label = CRITERIA_LABELS[outcome.clash as keyof BuyerCriteria] ?? outcome.clash;
    return {
      saved: false,
      problem: `${label}: ${text ? `someone changed this to “${text}”` : "someone emptied this"} while you talked with the assistant. Your proposal is kept: Save again to put yours in its place.`,
    };
  }
  await store(db, { userId: user.id, turns: [...chat.turns, botSays(SAVED)], proposal: null, proposalBasis: null });
  return { saved: true };
}

/** "Not now": the criteria stay as they were; the conversation goes on. */
export async function dismissProposal(db: Database, { user }: { user: User }) {
  const chat = await chatOf(db, { userId: user.id });
  if (!chat?.proposal) return;
  await store(db, { userId: user.id, turns: [...chat.turns, botSays("Fine: your criteria stay as they were.")], proposal: null, proposalBasis: null });
}

/** "Start over": the conversation and its proposal are forgotten; saved criteria stay. */
export async function startOver(db: Database, { user }: { user: User }) {
  await db.delete(matchmakingChats).where(eq(matchmakingChats.userId, user.id));
}
