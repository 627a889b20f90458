import fs from "node:fs";
import { workerFrameNamer } from "./worker-profile.mjs";
const prof = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const nameOf = workerFrameNamer();
const byId = new Map(prof.nodes.map((x) => [x.id, x]));
const self = new Map(); prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + prof.timeDeltas[i]));
const sub = (id) => (self.get(id) ?? 0) + (byId.get(id).children ?? []).reduce((a, c) => a + sub(c), 0);
const idle = [...self].filter(([id]) => byId.get(id).callFrame.functionName === "(idle)").reduce((a, [, t]) => a + t, 0);
const total = sub(prof.nodes[0].id) - idle;
const target = process.argv[3]; const depth = Number(process.argv[4] ?? 4);
const agg = new Map();
const walk = (id, d, path) => { for (const c of byId.get(id).children ?? []) { const n = nameOf(byId.get(c).callFrame).key; const p = path + " > " + n; agg.set(p, (agg.get(p) ?? 0) + sub(c)); if (d < depth) walk(c, d + 1, p); } };
for (const x of prof.nodes) if (nameOf(x.callFrame).key.startsWith(target)) { const k = target; agg.set(k, (agg.get(k) ?? 0) + sub(x.id)); walk(x.id, 1, k); }
console.log([...agg].filter(([, t]) => t / total > 0.002).sort((a, b) => a[0].localeCompare(b[0])).map(([k, t]) => `${((100 * t) / total).toFixed(2).padStart(6)}% ${k}`).join("\n"));
