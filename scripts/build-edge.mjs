// `npm run build:edge`: the Workers bundle exactly as `wrangler deploy` would upload it,
// with its gzip size (the budget is ours to keep).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { bin, root, run } from "./lib.mjs";

run(bin("remix"), ["build"], { env: { ...process.env, NODE_ENV: "production", REMIX_TARGET: "edge" } });
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
