import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trustProxySetting } from "../../server/trust-proxy.mjs";

/** The address Express reports for a request with these headers, under a TRUST_PROXY value. */
function serverWith(trustProxy: string | undefined) {
  const app = express();
  app.set("trust proxy", trustProxySetting(trustProxy));
  app.get("/", (req, res) => {
    res.send(req.ip);
  });
  return app.listen(0, "127.0.0.1");
}

describe("TRUST_PROXY", () => {
  const servers: Record<string, ReturnType<typeof serverWith>> = {};
  beforeAll(async () => {
    for (const [name, value] of Object.entries({ none: undefined, one: "1", loopback: "loopback", other: "10.0.0.0/8" })) {
      servers[name] = serverWith(value);
      await new Promise((r) => servers[name]!.once("listening", r));
    }
  });
  afterAll(() => Object.values(servers).forEach((s) => s.close()));

  const ipVia = async (name: string, headers: Record<string, string>) => {
    const { port } = servers[name]!.address() as AddressInfo;
    return (await fetch(`http://127.0.0.1:${port}/`, { headers })).text();
  };
  const forged = { "X-Forwarded-For": "203.0.113.7", "CF-Connecting-IP": "198.51.100.9" };

  it("uses the socket's address when no proxy is trusted, whatever the client says", async () => {
    expect(await ipVia("none", forged)).toBe("127.0.0.1");
  });
  it("reads X-Forwarded-For only through the hops or addresses named", async () => {
    expect(await ipVia("one", { "X-Forwarded-For": "198.51.100.1, 203.0.113.7" })).toBe("203.0.113.7");
    expect(await ipVia("loopback", forged)).toBe("203.0.113.7");
    // the request does not come from a proxy in 10.0.0.0/8: its header is ignored
    expect(await ipVia("other", forged)).toBe("127.0.0.1");
  });
  it("reads the setting as Express expects it", () => {
    expect(trustProxySetting(undefined)).toBe(false);
    expect(trustProxySetting("")).toBe(false);
    expect(trustProxySetting("2")).toBe(2);
    expect(trustProxySetting("loopback, 10.0.0.0/8")).toEqual(["loopback", "10.0.0.0/8"]);
  });
});
