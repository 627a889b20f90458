import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What the Worker's bundle carries and runs before its first request (README "Startup"; `npm run build:edge`
 * prints both). Wrangler bundles every package the app reaches into one file.
 */
const root = path.resolve(__dirname, "../..");

describe("the Worker's bundle", () => {
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
});
