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
