// Sends page-session beacons to running servers and compares them with a bare 204 endpoint on the
// same server: requests per second and p95 latency, for each server given. One member may send
// BEACON_RECORDS_PER_MINUTE records a minute (120 by default): past that the beacon answers 429
// without writing, so start the servers with it raised (`npm run bench` does) for figures of
// accepted, written beacons; the count of 429s is printed.
// As for the pages (decision 048), the share is the median of BENCH_ROUNDS rounds (3), each the
// beacon's load between two loads of the bare 204 and against their mean.
//   npm run bench:beacon                       (Node on :3000, then wrangler dev on :8787)
//   BENCH_URLS=http://localhost:3000 BENCH_REQUESTS=4000 npm run bench:beacon
import { randomUUID } from "node:crypto";
import http from "node:http";

const urls = (process.env.BENCH_URLS ?? "http://localhost:3000,http://localhost:8787").split(",").filter(Boolean);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const EMAIL = process.env.BENCH_EMAIL ?? "buyer@demo.test";
// issue #16 item 4: at least 0.6 of a bare 204's throughput, and p95 within twice its p95
const BUDGET = { share: 0.6, p95Times: 2 };
const PASSWORD = process.env.BENCH_PASSWORD ?? "demo-password";

async function signIn(base) {
  const response = await fetch(`${base}/signin`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: EMAIL, password: PASSWORD }),
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (response.status !== 302 || !cookie) throw new Error(`${base}: sign-in as ${EMAIL} failed (${response.status})`);
  const root = await fetch(`${base}/home?_data=root`, { headers: { Cookie: cookie } });
  const userId = (await root.json()).user.id;
  return { cookie, userId };
}

function beaconBody(userId) {
  const end = Date.now();
  return JSON.stringify({
    sessionId: randomUUID().replace(/-/g, ""),
    userId,
    route: "/projects/more-details/7",
    params: { id: "7" },
    query: {},
    sessionStart: end - 8000,
    sessionEnd: end,
    totalDuration: 8000,
    activeTime: 6500,
    lastActiveTime: end - 1500,
    isPageActive: false,
    userInteractions: { clicks: 3, keystrokes: 0, scrollEvents: 12, mouseMovements: 40, mouseLeaves: 1 },
    scrollDepthMax: 75,
    interactionTimepoints: [25, 50, 75].map((depth, i) => ({ type: "scroll", time: end - 6000 + i * 1000, depth })),
    pageType: "company-before-nda",
    companyId: 7,
    userAgent: "bench-beacon",
    screenWidth: 1440,
    screenHeight: 900,
    language: "en-US",
  });
}

/**
 * One POST over a kept-alive connection. The load comes from node:http, as light a client as wrk:
 * fetch (undici) spent a third of a beacon's CPU sending its body, on the same two cores as the
 * servers, and so measured the client as much as the server.
 */
function post(agent, base, path, cookie, body) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { agent, host: hostname, port, path, method: "POST", headers: { Origin: base, Cookie: cookie, "Content-Type": "text/plain;charset=UTF-8", "Content-Length": Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function run(base, path, cookie, makeBody, expected) {
  const latencies = [];
  let next = 0;
  let failures = 0;
  let limited = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const worker = async () => {
    while (next < REQUESTS) {
      next++;
      const started = performance.now();
      const status = await post(agent, base, path, cookie, makeBody());
      if (status === 429) limited++;
      else if (status !== expected) failures++;
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p95: latencies[Math.floor(latencies.length * 0.95)], failures, limited };
}

console.log(`bench:beacon: ${REQUESTS} requests per endpoint, ${CONCURRENCY} at a time, signed in as ${EMAIL}`);
for (const base of urls) {
  let cookie, userId;
  try {
    ({ cookie, userId } = await signIn(base));
  } catch (error) {
    console.log(`${base}: not reachable or sign-in failed (${error.message}); start it first`);
    continue;
  }
  // warm up both paths
  await run(base, "/api/analytics/ping", cookie, () => "", 204);
  await run(base, "/api/analytics/session", cookie, () => beaconBody(userId), 202);
  // one load of the bare 204 between two rounds serves both
  const rounds = [];
  let before = await run(base, "/api/analytics/ping", cookie, () => "", 204);
  for (let round = 0; round < ROUNDS; round++) {
    const beacon = await run(base, "/api/analytics/session", cookie, () => beaconBody(userId), 202);
    const after = await run(base, "/api/analytics/ping", cookie, () => "", 204);
    const bare = { rps: (before.rps + after.rps) / 2, p95: (before.p95 + after.p95) / 2, failures: before.failures + after.failures };
    rounds.push({ bare, beacon, share: beacon.rps / bare.rps, slower: beacon.p95 / bare.p95 });
    before = after;
  }
  const { bare, beacon, share, slower } = [...rounds].sort((a, b) => a.share - b.share)[Math.floor(rounds.length / 2)];
  // every round's refusals and failures count, not only the median's
  const limited = rounds.reduce((n, r) => n + r.beacon.limited, 0);
  const failures = rounds.reduce((n, r) => n + r.beacon.failures, 0);
  const bareFailures = rounds.reduce((n, r) => n + r.bare.failures, 0);
  console.log(`${base}`);
  console.log(`  bare 204:  ${bare.rps.toFixed(0)} req/s, p95 ${bare.p95.toFixed(1)} ms (around the median round)${bareFailures ? `, ${bareFailures} failed` : ""}`);
  console.log(`  beacon:    ${beacon.rps.toFixed(0)} req/s, p95 ${beacon.p95.toFixed(1)} ms${failures ? `, ${failures} failed` : ""}${limited ? `, ${limited} over the member's budget (429)` : ""}`);
  const missed = [
    share < BUDGET.share && `under ${BUDGET.share} of the bare throughput`,
    slower > BUDGET.p95Times && `p95 over ${BUDGET.p95Times}x the bare 204's`,
    limited && "beacons refused over the member's budget: not every one was written",
    failures && "beacons failed",
  ].filter(Boolean);
  const each = rounds.length > 1 ? ` (rounds: ${rounds.map((r) => `${r.share.toFixed(2)}, ${r.slower.toFixed(2)}x`).join("; ")})` : "";
  console.log(`  ratio:     ${share.toFixed(2)} of the bare throughput, p95 ${slower.toFixed(2)}x, the median of ${rounds.length} rounds${each}  ${missed.length ? `✖ ${missed.join(", ")}` : "✓"}`);
  if (missed.length) process.exitCode = 1;
}
