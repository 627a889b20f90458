import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * What the Worker's bundle carries and runs before its first request (README "Startup"; `npm run build:edge`
 * prints both). Wrangler bundles every package the app reaches into one file.
 */
const root = path.resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the Worker's bundle", () => {
  // a package imported by value is evaluated when the Worker starts; one reached only through import()
  // is evaluated when first asked for. pdf-lib (its PNG reader's tables, its fonts' encodings) and marked
  // (its regular expressions) were some 45 ms of a new isolate's CPU, for the deal documents and a
  // campaign's e-mail only
  it.each(["pdf-lib", "marked"])("loads %s when it is first used, not when the Worker starts", (name) => {
    const valueImport = new RegExp(`^\\s*(?:import|export)\\s+(?!type\\s)[^;]*?from\\s+["']${name}["']`, "m");
    const sideEffectImport = new RegExp(`^\\s*import\\s+["']${name}["']`, "m");
    const importers = [...sourceFiles(path.join(root, "app")), ...sourceFiles(path.join(root, "worker"))]
      .filter((file) => {
        const text = fs.readFileSync(file, "utf8");
        return valueImport.test(text) || sideEffectImport.test(text);
      })
      .map((file) => path.relative(root, file));
    expect(importers).toEqual([]);
  });

  // a Worker evaluates every module it carries when an isolate starts: the forms' schemas built at module level
  // (zod's objects, each field's checks) were the largest part of that, some 25 ms, for the one or two a request
  // uses. They are built when first asked for (`once` in app/lib/once.ts), and kept.
  it("builds no zod schema while a module loads", () => {
    const builtOnLoad = sourceFiles(path.join(root, "app")).flatMap((file) => {
      const text = fs.readFileSync(file, "utf8");
      if (!/from "zod(\/[\w/]+)?"/.test(text)) return [];
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      // z.… or the shared fields (field.…), run at the module's top level: not in a function, not in a type
      const buildsNow = (node: ts.Node): boolean =>
        !ts.isFunctionLike(node) &&
        !ts.isTypeNode(node) &&
        ((ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && ["z", "field"].includes(node.expression.text)) || ts.forEachChild(node, buildsNow) === true);
      return source.statements.flatMap((statement) =>
        ts.isVariableStatement(statement)
          ? statement.declarationList.declarations.filter((d) => d.initializer && buildsNow(d.initializer)).map((d) => `${path.relative(root, file)}: ${d.name.getText(source)}`)
          : ts.isExpressionStatement(statement) && buildsNow(statement.expression) ? [`${path.relative(root, file)}: line ${source.getLineAndCharacterOfPosition(statement.getStart(source)).line + 1}`] : [],
      );
    });
    expect(builtOnLoad).toEqual([]);
  });

  it("carries one copy of pako, the one pdf-lib and its fonts and PNG reader each install", () => {
    const toml = fs.readFileSync(path.join(root, "wrangler.toml"), "utf8");
    const alias = toml.match(/^\[alias\]\n(?:[^[].*\n)*?"pako" = "([^"]+)"/m)?.[1];
    expect(alias).toBeDefined();
    const require = createRequire(path.join(root, "package.json"));
    const versionOf = (dir: string) => (JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version;
    const aliased = versionOf(path.join(root, alias!));
    for (const importer of ["pdf-lib", "@pdf-lib/standard-fonts", "@pdf-lib/upng"]) {
      const own = createRequire(require.resolve(`${importer}/package.json`)).resolve("pako/package.json");
      expect({ importer, version: versionOf(path.dirname(own)) }).toEqual({ importer, version: aliased });
    }
  });
  // the metrics of all 14 standard fonts are 130 KB of base64 that does not compress: the Worker keeps
  // those the documents draw with, and a document drawn with another would fail there only
  it("keeps the metrics of the standard fonts the documents draw with, and leaves the others out", () => {
    const used = new Set(
      sourceFiles(path.join(root, "app")).flatMap((file) => [...fs.readFileSync(file, "utf8").matchAll(/StandardFonts\.(\w+)/g)].map((m) => m[1]!)),
    );
    expect([...used].sort()).toEqual(["Helvetica", "HelveticaBold"]);
    const require = createRequire(path.join(root, "package.json"));
    const fonts = path.join(path.dirname(require.resolve("@pdf-lib/standard-fonts/package.json")), "es");
    const tables = fs.readdirSync(fonts).filter((name) => name.endsWith(".compressed.json") && name !== "all-encodings.compressed.json");
    const toml = fs.readFileSync(path.join(root, "wrangler.toml"), "utf8");
    const leftOut = tables.filter((name) => toml.includes(`"./${name}" = "./worker/standard-font-left-out.json"`));
    expect(tables.filter((name) => !leftOut.includes(name)).sort()).toEqual(["Helvetica-Bold.compressed.json", "Helvetica.compressed.json"]);
  });
});
