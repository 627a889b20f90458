import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headersFor, parseHeadersFile, staticFiles } from "../../server/public-files.mjs";

const publicDir = path.resolve(__dirname, "../../public");

/**
 * The Node server's static files as Workers Static Assets serves public/: public/_headers is
 * configuration (wrangler dev answers /_headers with the app's 404), and its headers go on the files.
 */
describe("the Node server's static files", () => {
  let server: http.Server;
  let base = "";
  let buildDir = "";

  beforeAll(async () => {
    buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "public-files-"));
    fs.writeFileSync(path.join(buildDir, "entry-ABC.js"), "export {};\n");
    const app = express();
    app.use(staticFiles(express, { publicDir, publicPath: "/build/", assetsBuildDirectory: buildDir }));
    // what server/index.mjs hands on to Remix: here, a page of its own
    app.use((_req, res) => void res.status(404).type("text/html").send("<h1>Page not found</h1>"));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(buildDir, { recursive: true, force: true });
  });

  it("does not serve public/_headers: the app answers the path", async () => {
    const response = await fetch(`${base}/_headers`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page not found");
  });

  it("gives public/'s files the headers public/_headers gives them", async () => {
    const response = await fetch(`${base}/favicon.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("gives the build's assets theirs, each header once", async () => {
    const response = await fetch(`${base}/build/entry-ABC.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("leaves a build path with no file to the app, without the assets' year of caching", async () => {
    const response = await fetch(`${base}/build/missing.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBeNull();
  });
});

describe("public/_headers read as rules", () => {
  it("gives no path a header twice (Workers sends both: X-Content-Type-Options: nosniff came twice on every build asset)", () => {
    const rules = parseHeadersFile(fs.readFileSync(path.join(publicDir, "_headers"), "utf8"));
    for (const pathname of ["/build/entry.client-ABC.js", "/favicon.svg", "/templates/real-estates.xlsx"]) {
      const names = rules.filter((rule) => headersFor([rule], pathname).length).flatMap((rule) => rule.headers.map(([name]) => name.toLowerCase()));
      expect(names, pathname).toEqual([...new Set(names)]);
    }
  });

  it("takes each path's indented headers, and joins a header two rules give", () => {
    const rules = parseHeadersFile("# comment\n/build/*\n  Cache-Control: immutable\n  X-A: 1\n/*\n  X-A: 1\n  X-B: two: parts\n/exact\n  X-A: 2\n");
    expect(headersFor(rules, "/build/x.js")).toEqual([
      ["Cache-Control", "immutable"],
      ["X-A", "1"],
      ["X-B", "two: parts"],
    ]);
    expect(headersFor(rules, "/exact")).toEqual([
      ["X-A", "1, 2"],
      ["X-B", "two: parts"],
    ]);
    expect(headersFor(rules, "/exactly")).toEqual([
      ["X-A", "1"],
      ["X-B", "two: parts"],
    ]);
  });
});
