import { execFileSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import url from "node:url";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withExpressPrototypes } from "../../server/express-prototypes.mjs";

const modulePath = path.resolve(__dirname, "../../server/express-prototypes.mjs");

/** An Express app with a handler that reads what Express adds to a request and a response. */
function appLikeTheServer() {
  const app = express();
  app.disable("x-powered-by");
  app.get("/hello", (req, res) => {
    res.status(201).set("X-Path", req.path).json({ ip: req.ip, query: req.query });
  });
  return app;
}

describe("the Node server's request and response classes", () => {
  let server: http.Server;
  let base = "";
  const prototypesOnArrival: object[] = [];
  let app: express.Express;

  beforeAll(async () => {
    app = appLikeTheServer();
    server = http.createServer(withExpressPrototypes(app), app);
    // before Express's own listener: what each request is built as, before Express touches it
    server.prependListener("request", (req, res) => prototypesOnArrival.push(Object.getPrototypeOf(req), Object.getPrototypeOf(res)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answer as Express does: status, headers, body, path, query and client address", async () => {
    const response = await fetch(`${base}/hello?a=1`);
    expect(response.status).toBe(201);
    expect(response.headers.get("X-Path")).toBe("/hello");
    expect(await response.json()).toEqual({ ip: "127.0.0.1", query: { a: "1" } });
    expect((await fetch(`${base}/missing`)).status).toBe(404);
  });

  it("arrive built on Express's prototypes, so its setPrototypeOf on each request changes nothing", async () => {
    await fetch(`${base}/hello`);
    expect(prototypesOnArrival.length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < prototypesOnArrival.length; i += 2) {
      expect(prototypesOnArrival[i]).toBe(app.request);
      expect(prototypesOnArrival[i + 1]).toBe(app.response);
    }
  });

  it("share one hidden class from one request to the next (V8, seen with --allow-natives-syntax)", () => {
    // run apart: the check needs V8's natives syntax, which the test runner's own process lacks
    const script = `
      import http from "node:http";
      import compression from "compression";
      import express from "express";
      import morgan from "morgan";
      import { withExpressPrototypes } from ${JSON.stringify(url.pathToFileURL(modulePath).href)};
      const shaped = process.argv.at(-1) === "shaped";
      const app = express();
      app.use(compression());
      app.use(morgan("tiny", { skip: () => true }));
      const seen = [];
      app.get("/", (req, res) => { seen.push([req, res]); res.send("ok"); });
      const server = shaped ? http.createServer(withExpressPrototypes(app), app) : http.createServer(app);
      await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
      for (let i = 0; i < 5; i++) await (await fetch("http://127.0.0.1:" + server.address().port + "/")).text();
      server.close();
      const [[req1, res1], [req5, res5]] = [seen[0], seen[4]];
      console.log(JSON.stringify({ requests: %HaveSameMap(req1, req5), responses: %HaveSameMap(res1, res5) }));
    `;
    const run = (mode: string) =>
      JSON.parse(
        execFileSync(process.execPath, ["--allow-natives-syntax", "--input-type=module", "-e", script, mode], {
          cwd: path.resolve(__dirname, "../.."),
          encoding: "utf8",
        }).trim(),
      ) as { requests: boolean; responses: boolean };
    expect(run("shaped")).toEqual({ requests: true, responses: true });
  });
});
