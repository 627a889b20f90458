import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { putBuildInPlace } from "../../scripts/lib.mjs";

let dir: string;
beforeEach(() => void (dir = fs.mkdtempSync(path.join(os.tmpdir(), "checkout-"))));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};

describe("a rebuild under a running wrangler dev (npm run build:edge, npm run build)", () => {
  it("is moved into place whole from the fresh directory remix wrote it to, naming the places it is moved to", () => {
    // the build a running wrangler dev serves
    write(path.join(dir, "public/build/_shared/chunk-OLD.js"), "old chunk");
    write(path.join(dir, "public/build/manifest-OLD.js"), "old manifest");
    write(path.join(dir, "build/edge/index.js"), "old server");
    // the new one, whole, in the fresh directory
    const staging = path.join(dir, "build/.staging/edge");
    write(path.join(staging, "public/build/_shared/chunk-NEW.js"), "new chunk");
    write(path.join(staging, "public/build/manifest-NEW.js"), "new manifest");
    write(path.join(staging, "build/edge/index.js"), `var assetsBuildDirectory = "${staging}/public/build", publicPath = "/build/";`);
    write(path.join(staging, "build/edge/metafile.js.json"), JSON.stringify({ outputs: { "build/.staging/edge/public/build/manifest-NEW.js": {} } }));

    putBuildInPlace(dir, staging, "edge");

    const files = (sub: string) => fs.readdirSync(path.join(dir, sub), { recursive: true }).map(String).sort();
    expect(files("public/build")).toEqual(["_shared", "_shared/chunk-NEW.js", "manifest-NEW.js"]);
    // server/index.mjs serves the client files from the build's assetsBuildDirectory: not the fresh directory, gone now
    expect(fs.readFileSync(path.join(dir, "build/edge/index.js"), "utf8")).toBe('var assetsBuildDirectory = "public/build", publicPath = "/build/";');
    expect(JSON.parse(fs.readFileSync(path.join(dir, "build/edge/metafile.js.json"), "utf8"))).toEqual({ outputs: { "public/build/manifest-NEW.js": {} } });
    expect(fs.existsSync(staging)).toBe(false);
  });
});
