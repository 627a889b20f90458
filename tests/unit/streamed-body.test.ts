import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamedBody } from "../../server/streamed-body.mjs";
import { BODY_LIMITS } from "~/.server/body";

/** An upload streamed to the app as server/index.mjs hands it on, read to its end by the app. */
describe("a streamed upload whose client goes away half-way (the Node server)", () => {
  let server: http.Server;
  let port = 0;
  const outcomes: Array<{ read: string; lost: boolean }> = [];

  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const { body, watch } = streamedBody(req, BODY_LIMITS.upload, () => req.pause());
      const request = new Request("http://localhost/admin/uploads/individual-listings", { method: "POST", body, duplex: "half" } as RequestInit);
      const read = await request.arrayBuffer().then(
        (bytes) => `${bytes.byteLength} bytes`,
        () => "failed",
      );
      outcomes.push({ read, lost: watch.lost });
      res.end(read);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("fails the app's read and is noted as lost, instead of leaving the read waiting for good", async () => {
    const socket = net.connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/csv\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`);
    socket.write("a".repeat(3 * 1024 * 1024));
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await expect.poll(() => outcomes, { timeout: 3000 }).toEqual([{ read: "failed", lost: true }]);
  });

  it("reads a whole upload as it came, not lost", async () => {
    outcomes.length = 0;
    const answer = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: "a".repeat(3 * 1024 * 1024) }).then((r) => r.text());
    expect(answer).toBe(`${3 * 1024 * 1024} bytes`);
    expect(outcomes).toEqual([{ read: `${3 * 1024 * 1024} bytes`, lost: false }]);
  });
});
