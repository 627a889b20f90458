import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { Miniflare } from "miniflare";

/**
 * A Worker from `source` (a module that may import the app's files relative to `dir`), bundled as
 * wrangler would and run in workerd with a real local D1 bound as DB.
 */
export async function workerWithD1(source: string, dir: string, name: string) {
  const bundled = await build({
    stdin: { contents: source, resolveDir: dir, loader: "ts", sourcefile: name },
    bundle: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    write: false,
    logLevel: "silent",
    absWorkingDir: path.resolve(__dirname, "../.."),
  });
  return new Miniflare({ modules: true, script: bundled.outputFiles[0]!.text, d1Databases: ["DB"], compatibilityDate: "2025-09-01" });
}

/** The CREATE TRIGGER statements of a migration (`migrations/<file>`), to run on a D1 of a test's own tables. */
export function migrationTriggers(file: string) {
  const migration = fs.readFileSync(path.resolve(__dirname, "../../migrations", file), "utf8");
  return migration
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter((statement) => /^CREATE TRIGGER/m.test(statement))
    .map((statement) => statement.slice(statement.indexOf("CREATE TRIGGER")));
}

/**
 * What a migration's triggers do on D1: a Worker makes the test's `tables`, then the migration's
 * triggers, runs `steps` (a Worker's statements: `q(sql)` prepares one, `env.DB.batch` runs several
 * as the app does, and what they record in `seen` is answered) and is disposed of.
 */
export async function seenWithTriggersOnD1(migration: string, tables: string[], steps: string) {
  const source = `
const STATEMENTS = ${JSON.stringify([...tables, ...migrationTriggers(migration)])};
export default {
  async fetch(request, env) {
    const q = (s) => env.DB.prepare(s);
    await env.DB.batch(STATEMENTS.map(q));
    const seen = {};
${steps}
    return Response.json(seen);
  },
};
`;
  const mf = await workerWithD1(source, __dirname, `${path.basename(migration, ".sql")}.ts`);
  try {
    return await (await mf.dispatchFetch("http://x/")).json();
  } finally {
    await mf.dispose();
  }
}
