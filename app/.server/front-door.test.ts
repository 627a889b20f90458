import { describe, expect, it, vi } from "vitest";
import { peerAddress, redactUrl, unknownDataRoute, watchedBody } from "./front-door";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "./http";

describe("request log lines", () => {
  it("hide the tokens of reset, unlock, invitation and feedback links and secret parameters", () => {
    expect(redactUrl("/uobs/reset/AbC123-token")).toBe("/uobs/reset/[hidden]");
    // an invitation's link sets the account's first password: as much a key as a reset link
    expect(redactUrl("/uobs/invite/Inv1t3-token?_data=routes%2Fx")).toBe("/uobs/invite/[hidden]?_data=routes%2Fx");
    expect(redactUrl("/uobs/unlock/xyz?_data=routes%2Fx")).toBe("/uobs/unlock/[hidden]?_data=routes%2Fx");
    expect(redactUrl("/nda-feedback/t0k3n")).toBe("/nda-feedback/[hidden]");
    expect(redactUrl("/unsubscribe/alerts/c2VhcmNoOjE.mac/one-click")).toBe("/unsubscribe/alerts/[hidden]/one-click");
    expect(redactUrl("/api/cms/preview?secret=s3cr3t&redirect=%2F")).toBe("/api/cms/preview?secret=%5Bhidden%5D&redirect=%2F");
    expect(redactUrl("/buyers/search?q=loan")).toBe("/buyers/search?q=loan");
    expect(redactUrl("/uobs/reset")).toBe("/uobs/reset");
  });
});

describe("the client's address", () => {
  const request = (headers: Record<string, string>) => new Request("http://localhost/", { headers });
  it("is what the server in front set, or Cloudflare's header when the Worker dropped a client's own", () => {
    expect(clientAddress(request({ [CLIENT_ADDRESS_HEADER]: "198.51.100.7", "CF-Connecting-IP": "192.0.2.1" }))).toBe("198.51.100.7");
    expect(clientAddress(request({ "CF-Connecting-IP": "192.0.2.1" }))).toBe("192.0.2.1");
    expect(clientAddress(request({}))).toBe("unknown");
  });
  it("is an IPv4 client's own address on Node's dual-stack socket, not its IPv6-mapped form", () => {
    expect(peerAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(peerAddress("::FFFF:198.51.100.7")).toBe("198.51.100.7");
    expect(peerAddress("2001:db8::1")).toBe("2001:db8::1");
    expect(peerAddress("::1")).toBe("::1");
  });
});

describe("the front door's 413 (a declared body past the path's limit, before the app runs)", () => {
  it("is not cached, like every API answer, in JSON for an API client and as a page for a browser", async () => {
    const { tooLargeResponse } = await import("./front-door");
    for (const accept of [null, "application/json", "text/html,application/xhtml+xml"]) {
      const response = tooLargeResponse(accept);
      expect(response.status).toBe(413);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
    expect(tooLargeResponse(null).headers.get("Content-Type")).toBe("application/json; charset=utf-8");
  });

  it("answers a form sent by the page's JavaScript as a route's thrown 413, which its error boundary shows with the message", async () => {
    const { tooLargeResponse } = await import("./front-door");
    const { describeError } = await import("~/components/error-boundary");
    const { isRouteErrorResponse } = await import("@remix-run/router");
    const response = tooLargeResponse("*/*", "http://localhost/sellers/myprojects/43?_data=routes%2F_app.sellers.myprojects.%24id");
    expect(response.status).toBe(413);
    // Remix's client takes an answer without these for a crash, and showed "500 Something went wrong"
    expect(response.headers.get("X-Remix-Catch")).toBe("yes");
    expect(response.headers.get("X-Remix-Response")).toBe("yes");
    // as Remix's client hands it to the boundary (a caught response: its status and its JSON)
    const thrown = { status: 413, statusText: "", internal: false, data: await response.json() };
    expect(isRouteErrorResponse(thrown)).toBe(true);
    expect(describeError(thrown)).toEqual({ status: 413, message: expect.stringMatching(/^The request is too large\. A form's files may be 10 MB together at most/) });
    // a page's own post without JavaScript is still the short page
    expect(tooLargeResponse("text/html", "http://localhost/sellers/myprojects/43").headers.get("X-Remix-Catch")).toBeNull();
  });
});

describe("a method no route takes", () => {
  it("is refused with 405 before the app runs, naming the methods pages take", async () => {
    const { refusedMethodResponse } = await import("./front-door");
    for (const method of ["TRACE", "TRACK", "CONNECT", "trace"]) {
      const response = refusedMethodResponse(method)!;
      expect(response.status, method).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, HEAD, POST");
      expect(await response.text()).toBe("Method not allowed.");
    }
    for (const method of ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"]) expect(refusedMethodResponse(method), method).toBeNull();
  });

  it("is JSON under /api/, as every API answer is", async () => {
    const { refusedMethodResponse } = await import("./front-door");
    const response = refusedMethodResponse("TRACE", "/api/1.0/me")!;
    expect(response.status).toBe(405);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: "Method not allowed" });
    expect(await refusedMethodResponse("TRACE", "/home")!.text()).toBe("Method not allowed.");
  });

  it("is told plainly when Remix refuses it for a resource route without an action, not as an unexpected error", async () => {
    const { plainMethodRefusal } = await import("./front-door");
    const remix405 = () =>
      new Response(JSON.stringify({ message: "Unexpected Server Error" }), { status: 405, headers: { "Content-Type": "application/json; charset=utf-8", "X-Remix-Error": "yes" } });
    const response = plainMethodRefusal(new Request("http://localhost/healthz", { method: "POST" }), remix405());
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
    expect(response.headers.get("X-Remix-Error")).toBeNull();
    expect(await response.text()).toBe("Method not allowed.");
    // the page's router reads a data request's answer as Remix gave it
    const data = remix405();
    expect(plainMethodRefusal(new Request("http://localhost/terms?_data=routes%2F_public.terms", { method: "POST" }), data)).toBe(data);
    // an endpoint's own 405 (the JSON API's) and other answers pass as they are
    const own = new Response(JSON.stringify({ error: "Method not allowed" }), { status: 405, headers: { Allow: "GET" } });
    expect(plainMethodRefusal(new Request("http://localhost/api/1.0/me", { method: "POST" }), own)).toBe(own);
    const ok = new Response("ok");
    expect(plainMethodRefusal(new Request("http://localhost/healthz"), ok)).toBe(ok);
  });
});

describe("an upload whose client goes away half-way (the Worker's front door)", () => {
  const MB = new Uint8Array(1024 * 1024).fill(97);
  const upload = (body: ReadableStream<Uint8Array>, length: number) =>
    new Request("http://localhost/admin/uploads/individual-listings", { method: "POST", body, headers: { "Content-Length": String(length) }, duplex: "half" } as RequestInit);

  it("is noted as lost, so that no page is streamed to the lost connection; the app's read fails as it did", async () => {
    let sent = 0;
    const cut = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 3) controller.enqueue(MB);
        else controller.error(new Error("Network connection lost."));
      },
    });
    const { request, watch } = watchedBody(upload(cut, 10 * MB.byteLength));
    expect(watch.lost).toBe(false);
    await expect(request.arrayBuffer()).rejects.toThrow();
    expect(watch.lost).toBe(true);
  });

  it("read to its end is the same bytes, and not lost; a small form is the request as it came", async () => {
    let sent = 0;
    const whole = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 3) controller.enqueue(MB);
        else controller.close();
      },
    });
    const { request, watch } = watchedBody(upload(whole, 3 * MB.byteLength));
    expect((await request.arrayBuffer()).byteLength).toBe(3 * MB.byteLength);
    expect(watch.lost).toBe(false);
    const small = new Request("http://localhost/signin", { method: "POST", body: "email=a%40b.example" });
    expect(watchedBody(small).request).toBe(small);
  });
});

describe("a data request for a route the URL does not have (both front doors)", () => {
  // Remix's own handler over a build of two routes, as the servers call it
  const handle = async (url: string) => {
    const { createRequestHandler } = await import("@remix-run/server-runtime");
    const page = { loader: () => ({ ok: true }), default: () => null };
    const build = {
      mode: "production",
      entry: { module: { default: () => new Response("document") } },
      routes: {
        root: { id: "root", path: "", module: page },
        "routes/signin": { id: "routes/signin", parentId: "root", path: "signin", module: page },
      },
      assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "" },
      publicPath: "/build/",
      assetsBuildDirectory: "",
      future: {},
      isSpaMode: false,
    };
    const request = new Request(url);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const handler = createRequestHandler(build as unknown as Parameters<typeof createRequestHandler>[0], "production");
      return unknownDataRoute(request, await handler(request));
    } finally {
      error.mockRestore();
    }
  };

  it("is the 404 a route throws, which the page shows as 'This page could not be found', not a crash", async () => {
    for (const url of ["http://localhost/signin?_data=routes%2Fnope", "http://localhost/nope?_data=root"]) {
      const response = await handle(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get("X-Remix-Catch")).toBe("yes");
      expect(response.headers.get("X-Remix-Error")).toBeNull();
      expect(await response.text()).toBe("This page could not be found");
    }
    // a route the URL has answers as it did
    const ok = await handle("http://localhost/signin?_data=routes%2Fsignin");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true });
  });
});
