import { afterAll, describe, expect, it } from "vitest";
import { bootApp, ORIGIN, responseOf } from "../../../tests/support/app";

/** The admin's matchmaking page: new weights, and how far scoring every match again has come. */
const app = await bootApp("route-matchmaking");
const { action, loader } = await import("./route");
const { matches, matchQueue, projects } = await import("~/.server/db/schema");
const { inArray, lt } = await import("drizzle-orm");
const { drainMatchQueue, FIRST_BATCH } = await import("~/models/match-rescoring.server");
const { DEFAULT_WEIGHTS, WEIGHT_KEYS } = await import("~/lib/match-score");
const { context, services } = app;
const admin = await app.member("admin@demo.test");
afterAll(() => app.cleanup());

const HERE = `${ORIGIN}/admin/system/matchmaking-bot`;
const page = async () => (await loader({ request: new Request(HERE, { headers: { Cookie: admin.cookie } }), context, params: {} })) as { rescoring: number };

function saveWeights(weights: Record<string, number>) {
  const body = new URLSearchParams({ intent: "weights", ...Object.fromEntries(WEIGHT_KEYS.map((k) => [k, String(weights[k])])) });
  const request = new Request(HERE, {
    method: "POST",
    headers: { Cookie: admin.cookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  return responseOf(action({ request, context, params: {} }));
}

describe("new match weights", () => {
  it("score every match again: within the request as far as its budget goes, the rest queued for the background", async () => {
    const before = Date.now();
    const answer = await saveWeights({ ...DEFAULT_WEIGHTS, industry: 30 });
    expect(answer.status).toBe(302);
    // the demo market fits the request's 5 s on a quiet machine; on a busy one the rest waits, counted
    const visible = await services.db.select({ id: projects.id }).from(projects).where(inArray(projects.status, ["published", "under_offer"]));
    expect((await page()).rescoring).toBeLessThan(visible.length);
    await drainMatchQueue(services.db, { budgetMs: Infinity });
    expect((await page()).rescoring).toBe(0);
    const stale = await services.db.select({ projectId: matches.projectId }).from(matches).where(lt(matches.computedAt, new Date(before)));
    expect(stale).toEqual([]);
  });

  it("shows the listings still waiting while scoring goes on in the background, until none is left", async () => {
    const listed = await services.db.select({ id: projects.id }).from(projects).limit(40);
    await services.db.insert(matchQueue).values(listed.map((p) => ({ projectId: p.id, queuedAt: Date.now() })));
    expect((await page()).rescoring).toBe(40);
    await drainMatchQueue(services.db, { budgetMs: 0 });
    expect((await page()).rescoring).toBe(40 - FIRST_BATCH);
    await drainMatchQueue(services.db, { budgetMs: Infinity });
    expect((await page()).rescoring).toBe(0);
  });
});
