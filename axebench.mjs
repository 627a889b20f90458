import { chromium } from "@playwright/test";
import axeCore from "axe-core";
const pages = ["/", "/signin", "/buyers/search", "/projects/more-details/79", "/about", "/buyers/search?view=map"];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: ["--no-sandbox", "--disable-gpu"] });
const ctx = await browser.newContext();
await ctx.addInitScript({ content: axeCore.source });
const page = await ctx.newPage();
const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const variants = {
  base: { runOnly: { type: "tag", values: tags } },
  violationsOnly: { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] },
  noContrast: { runOnly: { type: "tag", values: tags }, rules: { "color-contrast": { enabled: false } } },
};
const totals = {};
for (let round = 0; round < 3; round++)
for (const p of pages) {
  await page.goto("http://localhost:3300" + p); await page.waitForLoadState("networkidle");
  for (const [name, opts] of Object.entries(variants)) {
    const t = Date.now();
    const r = await page.evaluate(async (o) => { const r = await window.axe.run(document, o); return { v: r.violations.length, p: r.passes.length }; }, opts);
    const dt = Date.now() - t;
    if (round > 0) { totals[name] = (totals[name] ?? 0) + dt; }
    if (round === 2) console.log(p, name, dt, JSON.stringify(r));
  }
}
console.log(totals);
// rule timing
await page.goto("http://localhost:3300/buyers/search"); 
const perf = await page.evaluate(async (tags) => { const r = await window.axe.run(document, { runOnly: { type: "tag", values: tags }, performanceTimer: false }); 
  const out = []; for (const id of window.axe.getRules(tags).map(r=>r.ruleId)) { const t = performance.now(); await window.axe.run(document, { runOnly: { type: "rule", values: [id] } }); out.push([id, Math.round(performance.now()-t)]); } return out.sort((a,b)=>b[1]-a[1]).slice(0,12); }, tags);
console.log(perf);
await browser.close();
