import type { User } from "~/.server/db/schema";
import type { WriteGate } from "~/.server/platform/d1-coalesce";
import { signedSessionCookieOf } from "~/.server/session-cookie";
import { ttlCache } from "~/.server/ttl-cache";
import { sameSessionLoad } from "~/models/sessions.server";

/*
 * Decision 040. On Workers each D1 call is a round trip, and a member's page made two: the
 * session's look-up, then the page's reads, which need to know who is asking. A GET may instead
 * start from the member this browser's signed cookie named last time (remembered per isolate), so
 * the page's reads go to D1 in the same call as the look-up. Nothing rests on the guess: the answer
 * leaves only once the look-up has found the same member with the same rights and preferences, and
 * writes wait until then. When it finds anything else (a session ended elsewhere, a role changed)
 * the answer is thrown away, its writes are refused, and the request is answered again for the
 * member as found. The header's unread counts are taken from the look-up itself (memberAsFound).
 */

// only a starting point, never trusted: how long it is kept changes how often a guess is made, not what is shown
const lastFound = ttlCache<string, User>({ ttlMs: 10 * 60_000 });

/** A request's run: the first may guess (its gate and refute); a second only takes the first's look-up. */
type Run = {
  /** The session's look-up: made once, and handed to the second run when there is one. */
  found?: Promise<User | null>;
  guessing?: { gate: WriteGate; refute(): void };
};
const runs = new WeakMap<object, Run>();

/** currentUser's member for a GET: looked up, or, while the look-up is on its way, guessed. */
export function memberFor(context: object, request: Request, lookUp: () => Promise<User | null>): Promise<User | null> {
  const run = runs.get(context);
  if (!run) return lookUp();
  if (run.found) return run.found;
  const found = (run.found = lookUp());
  const guessing = run.guessing;
  const signed = signedSessionCookieOf(request);
  if (!signed || !guessing) return found;
  const guess = lastFound.get(signed);
  found.then(
    (user) => (user ? lastFound.set(signed, user) : lastFound.delete(signed)),
    () => lastFound.delete(signed),
  );
  if (!guess) return found;
  const holds = found.then(
    (user) => user !== null && sameSessionLoad(user, guess),
    () => false,
  );
  guessing.gate.waitFor = holds;
  void holds.then((held) => held || guessing.refute());
  return Promise.resolve(guess);
}

/**
 * The member as this request's own look-up found them, for what may change from one page to the
 * next without changing who is asking or what they may see: the header's unread counts. Read from
 * here, a new notification does not throw a guessed page away. Waiting costs no round trip: the
 * look-up goes to D1 in the page's call, and a guessed answer leaves only after it anyway.
 */
export function memberAsFound(context: object, user: User | null): Promise<User | null> {
  const run = runs.get(context);
  return run?.guessing && run.found ? run.found.catch(() => user) : Promise.resolve(user);
}

const REFUTED = Symbol("refuted");

/**
 * Answers a Worker's request through `handle`, with the context `contextWith` makes for a write
 * gate. A GET or HEAD may be answered for a guessed member (memberFor); its answer is returned only
 * when the guess held, and otherwise made again without guessing.
 */
export async function answerForGuessedMember<C extends object>(
  request: Request,
  contextWith: (gate: WriteGate | undefined) => C,
  handle: (context: C) => Promise<Response>,
): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return handle(contextWith(undefined));
  let refute!: () => void;
  const refuted = new Promise<typeof REFUTED>((resolve) => (refute = () => resolve(REFUTED)));
  const gate: WriteGate = {};
  const first: Run = { guessing: { gate, refute } };
  const context = contextWith(gate);
  runs.set(context, first);
  const answered = handle(context).then(
    (response) => ({ response }),
    (error: unknown) => ({ error }),
  );
  // a refuted guess need not wait for its answer (a loader may be waiting on a held write)
  const outcome = await Promise.race([answered, refuted]);
  if (outcome !== REFUTED && (await (gate.waitFor ?? true))) {
    if ("error" in outcome) throw outcome.error;
    return outcome.response;
  }
  if (outcome !== REFUTED && "response" in outcome) void outcome.response.body?.cancel().catch(() => {});
  const again = contextWith(undefined);
  runs.set(again, { found: first.found });
  return handle(again);
}
