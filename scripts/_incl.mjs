import fs from "node:fs";
import { workerFrameNamer } from "./worker-profile.mjs";
const prof = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const nameOf = workerFrameNamer();
const byId = new Map(prof.nodes.map((x) => [x.id, x]));
const parent = new Map(); for (const x of prof.nodes) for (const c of x.children ?? []) parent.set(c, x.id);
const self = new Map(); let total = 0;
prof.samples.forEach((id, i) => { self.set(id, (self.get(id) ?? 0) + prof.timeDeltas[i]); });
const names = new Map(); for (const x of prof.nodes) names.set(x.id, nameOf(x.callFrame).key);
const incl = new Map();
for (const [id, t] of self) { if (names.get(id).startsWith("(idle)")) continue; total += t; const seen = new Set(); let p = id; while (p !== undefined) { const k = names.get(p); if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + t); } p = parent.get(p); } }
const pat = process.argv[3];
console.log([...incl].filter(([k]) => !pat || k.includes(pat)).sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[4] ?? 60)).map(([k, t]) => `${((100 * t) / total).toFixed(1).padStart(5)}% ${k}`).join("\n"));
