// Prints what the page-session tracker adds to the page: its module bundled and minified, then gzipped.
import { build } from "esbuild";
import { gzipSync } from "node:zlib";

const result = await build({
  entryPoints: ["app/lib/analytics/tracker.ts"],
  bundle: true,
  minify: true,
  format: "esm",
  write: false,
  platform: "browser",
  // the schema's types only; zod must not reach the tracker
  external: ["zod"],
});
const code = result.outputFiles[0].contents;
const gzip = gzipSync(code, { level: 9 }).length;
console.log(`Tracker script: ${(code.length / 1024).toFixed(1)} KiB minified, ${(gzip / 1024).toFixed(2)} KiB gzip`);
if (result.outputFiles[0].text.includes("from\"zod\"") || result.outputFiles[0].text.includes('from "zod"')) {
  console.error("the tracker imports zod");
  process.exit(1);
}
if (gzip > 3 * 1024) {
  console.error("over the 3 KiB budget");
  process.exit(1);
}
