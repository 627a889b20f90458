// `npm run build:edge`: the Workers bundle exactly as `wrangler deploy` would upload it,
// with its gzip size and its startup time (issue #16 item 6: under 1 MiB gzip, cold start
// measured). Startup is the CPU a new isolate spends evaluating the bundle before its first
// request, from `wrangler check startup`'s profile in local workerd: the median of three.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { bin, remixBuild, root, run } from "./lib.mjs";

remixBuild("edge");
const outdir = path.join(root, "dist/worker");
fs.rmSync(outdir, { recursive: true, force: true });
run(bin("wrangler"), ["deploy", "--dry-run", "--outdir", outdir], {
  env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
});
const bundle = fs.readdirSync(outdir).filter((f) => f.endsWith(".js"));
let raw = 0;
let gzip = 0;
for (const file of bundle) {
  const bytes = fs.readFileSync(path.join(outdir, file));
  raw += bytes.length;
  gzip += zlib.gzipSync(bytes, { level: 9 }).length;
}
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`Worker bundle: ${kib(raw)} minified, ${kib(gzip)} gzip (${bundle.join(", ")})`);

const profile = path.join(outdir, "startup.cpuprofile");
const startups = [];
for (let i = 0; i < 3; i++) {
  // it bundles worker/index.ts again, as deploy does (its --worker wants a multipart upload, not this file)
  run(bin("wrangler"), ["check", "startup", "--outfile", profile], {
    env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
    stdio: "ignore",
  });
  startups.push(startupMs(JSON.parse(fs.readFileSync(profile, "utf8"))));
}
const median = startups.sort((a, b) => a - b)[1];
console.log(`Worker startup: ${median.toFixed(0)} ms of CPU in local workerd (runs: ${startups.map((ms) => ms.toFixed(0)).join(", ")} ms)`);

/** Sampled time from the first sample to the last, idle samples left out. */
function startupMs({ nodes, samples, timeDeltas }) {
  const idle = new Set(nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
  let micros = 0;
  for (let i = 1; i < samples.length; i++) if (!idle.has(samples[i])) micros += timeDeltas[i];
  return micros / 1000;
}
