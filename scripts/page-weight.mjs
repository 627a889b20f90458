// Prints the JavaScript each page loads (gzip): the entry, the route, its parent routes and every
// chunk they import, each counted once, as the browser downloads them on a first visit.
// Run after `npm run build` (reads public/build's manifest). Exits 1 when a page is over the ceiling.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

// The product guide's budget: a page on a slow phone connection stays usable within a few seconds.
// The shared React + Remix runtime alone is ~84.6 KiB, so this leaves little room: libraries that
// cannot be tree-shaken (classic zod) must stay on the server (docs/decisions/023).
const BUDGET_KIB = 100;
// Every page is within it since the read-only parts of the heavy pages (charts, the desk's records,
// offers' terms and history, the listing's facts, the header) are drawn on the server and only their
// markup reaches the browser (decision 032): a page that grows past it fails `npm test`.
const CEILING_KIB = BUDGET_KIB;

const dir = "public/build";
const manifestFile = fs.existsSync(dir) && fs.readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) {
  console.error("No client build in public/build: run `npm run build` first.");
  process.exit(1);
}
const text = fs.readFileSync(path.join(dir, manifestFile), "utf8");
const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));

const sizes = new Map();
// the manifest names each file by its URL ("%24id" for "$id")
const gzipSize = (file) => {
  if (!sizes.has(file)) sizes.set(file, zlib.gzipSync(fs.readFileSync(path.join("public", decodeURIComponent(file)))).length);
  return sizes.get(file);
};
const withParents = (id) => {
  const chain = [];
  for (let route = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : null) chain.push(route);
  return chain;
};

const rows = Object.keys(manifest.routes).map((id) => {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of withParents(id)) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  let bytes = 0;
  for (const file of files) bytes += gzipSize(file);
  return { id, kib: bytes / 1024 };
});
rows.sort((a, b) => b.kib - a.kib || a.id.localeCompare(b.id));

const over = rows.filter((row) => row.kib > BUDGET_KIB);
const beyond = rows.filter((row) => row.kib > CEILING_KIB);
console.log(`${"KiB gzip".padStart(9)}  route`);
for (const row of rows) console.log(`${row.kib.toFixed(1).padStart(9)}  ${row.id}${row.kib > BUDGET_KIB ? "  OVER BUDGET" : ""}`);
console.log(`\n${rows.length} routes, heaviest ${rows[0].kib.toFixed(1)} KiB, budget ${BUDGET_KIB} KiB (${over.length} over), ceiling ${CEILING_KIB} KiB.`);
if (beyond.length) {
  console.error(`${beyond.length} route(s) over the ${CEILING_KIB} KiB ceiling: ${beyond.map((r) => r.id).join(", ")}`);
  process.exit(1);
}
