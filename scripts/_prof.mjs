// ad hoc: node scripts/_prof.mjs <page> <role> <n>  — starts node with --cpu-prof on a fresh db, loads one page, summarises
import { spawn } from "node:child_process";
import fs from "node:fs";
import { Secret, TOTP } from "otpauth";
const [page, role, n = "2000"] = process.argv.slice(2);
const dir = "/tmp/profrun"; fs.rmSync(dir, { recursive: true, force: true }); fs.mkdirSync(dir);
const base = "http://localhost:3998";
const child = spawn(process.execPath, ["--cpu-prof", "--cpu-prof-dir", dir + "/p", "server/index.mjs", "build/index.js"], { env: { ...process.env, PORT: "3998", NODE_ENV: "production", DEMO_DATA: "true", DATABASE_URL: `file:${dir}/n.db`, DATA_DIR: dir + "/d" }, stdio: ["ignore", fs.openSync(dir + "/log", "a"), fs.openSync(dir + "/log", "a")] });
for (let i = 0; i < 120; i++) { try { if ((await fetch(base + "/healthz")).ok) break; } catch {} await new Promise((r) => setTimeout(r, 500)); }
const post = (url, form, cookie) => fetch(`${base}${url}`, { method: "POST", redirect: "manual", headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) }, body: new URLSearchParams(form) });
const cookieOf = (r) => r.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c.startsWith("__session="));
let cookie = "";
if (role !== "visitor") {
  const first = await post("/signin", { email: `${role}@demo.test`, password: "demo-password" });
  cookie = cookieOf(first);
  if (first.headers.get("location") === "/signin/code") {
    const totp = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32("DEMOADMINSECRETDEMOADMINSECRET23") });
    cookie = cookieOf(await post("/signin/code", { code: totp.generate() }, cookie)) ?? cookie;
  }
}
const load = async (url, count) => { let next = 0; const t = performance.now(); await Promise.all(Array.from({ length: 8 }, async () => { while (next++ < count) await (await fetch(url, { headers: { Cookie: cookie } })).arrayBuffer(); })); return count / ((performance.now() - t) / 1000); };
await load(base + page, 300); await load(base + "/healthz", 300);
console.log("healthz", (await load(base + "/healthz", 1000)).toFixed(0), "page", (await load(base + page, Number(n))).toFixed(0), "healthz", (await load(base + "/healthz", 1000)).toFixed(0));
child.kill("SIGTERM"); await new Promise((r) => child.on("exit", r));
const file = fs.readdirSync(dir + "/p")[0]; const prof = JSON.parse(fs.readFileSync(`${dir}/p/${file}`, "utf8"));
const byId = new Map(prof.nodes.map((x) => [x.id, x])); const self = new Map(); const dt = prof.timeDeltas; let total = 0;
prof.samples.forEach((id, i) => { self.set(id, (self.get(id) ?? 0) + dt[i]); total += dt[i]; });
const parent = new Map(); for (const x of prof.nodes) for (const c of x.children ?? []) parent.set(c, x.id);
const fn = new Map(), layer = new Map(), incl = new Map();
for (const [id, t] of self) { const x = byId.get(id).callFrame; const url = x.url || ""; const k = `${x.functionName || "(anon)"} ${url.replace(/^.*node_modules\//, "").replace(/^.*\/main\//, "")}:${x.lineNumber + 1}`; fn.set(k, (fn.get(k) ?? 0) + t);
  const l = !url ? x.functionName : url.includes("node_modules/") ? url.replace(/^.*node_modules\//, "").split("/").slice(0, url.includes("node_modules/@") ? 2 : 1).join("/") : url.startsWith("node:") ? "node:*" : url.replace(/^.*\/main\//, ""); layer.set(l, (layer.get(l) ?? 0) + t);
  const seen = new Set(); let p = id; while (p !== undefined) { const c = byId.get(p).callFrame; const kk = `${c.functionName || "(anon)"} ${(c.url || "").replace(/^.*node_modules\//, "").replace(/^.*\/main\//, "")}:${c.lineNumber + 1}`; if (!seen.has(kk)) { seen.add(kk); incl.set(kk, (incl.get(kk) ?? 0) + t); } p = parent.get(p); } }
const top = (m, k) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([name, t]) => `${((100 * t) / total).toFixed(1).padStart(5)}% ${name}`).join("\n");
console.log("== layers\n" + top(layer, 15) + "\n== self\n" + top(fn, 30) + "\n== inclusive\n" + top(incl, 40));
