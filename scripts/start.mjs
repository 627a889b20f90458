// `npm start`: the embedded default. Builds when needed, then serves with server/index.mjs
// (remix-serve's behaviour plus the checks that must run before Remix);
// the app applies migrations and seeds the demo data on boot (see app/.server/platform/node.ts).
import { demoDataWanted, isStale, remixBuild, serve, waitForHealthy } from "./lib.mjs";

const port = process.env.PORT || "3000";
if (!process.argv.includes("--no-build") && isStale("build/index.js")) {
  console.log("Building the app for Node…");
  remixBuild("node");
}
const demo = demoDataWanted() ? { DEMO_DATA: "true" } : {};
serve(process.execPath, ["server/index.mjs", "build/index.js"], { PORT: port, NODE_ENV: "production", ...demo });
if (await waitForHealthy(`http://localhost:${port}/healthz`)) {
  console.log(`✓ Secondary Marketplace is ready at http://localhost:${port}`);
} else {
  console.error("✖ The server did not become healthy within a minute");
}
