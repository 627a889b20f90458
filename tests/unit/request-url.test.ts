import { describe, expect, it } from "vitest";
import { requestUrl } from "../../server/request-url.mjs";

describe("the URL the Node server hands the app", () => {
  it("is the Host header's origin and the target's path and query", () => {
    expect(requestUrl("http", "localhost:3000", "/home?tab=1", "localhost:9")).toBe("http://localhost:3000/home?tab=1");
    expect(requestUrl("https", "market.example", "/", "localhost:9")).toBe("https://market.example/");
    expect(requestUrl("http", "[::1]:3000", "/home", "localhost:9")).toBe("http://[::1]:3000/home");
    // an HTTP/1.0 request names no host
    expect(requestUrl("http", undefined, "/home", "localhost:9")).toBe("http://localhost:9/home");
  });

  it("keeps a path that looks like another host on this origin", () => {
    expect(requestUrl("http", "localhost:3000", "//evil.example/x", "localhost:9")).toBe("http://localhost:3000//evil.example/x");
    expect(requestUrl("http", "localhost:3000", "//", "localhost:9")).toBe("http://localhost:3000//");
  });

  it("takes only the path and query of a target in absolute form: the host it names is not this server's", () => {
    expect(requestUrl("http", "localhost:3000", "http://evil.example/signout", "localhost:9")).toBe("http://localhost:3000/signout");
    expect(requestUrl("http", "localhost:3000", "https://evil.example:8443/a/b?c=d#e", "localhost:9")).toBe("http://localhost:3000/a/b?c=d");
    expect(requestUrl("http", "localhost:3000", "*", "localhost:9")).toBe("http://localhost:3000/*");
    expect(requestUrl("http", "localhost:3000", "evil.example:443", "localhost:9")).toBe("http://localhost:3000/443");
  });

  it("is none for an empty Host header or one that is not a host", () => {
    for (const host of ["", "a b", "a/b", "user@evil.example", "a?b", "a#b", "evil.example:80x", "[zz]", "a\\b"]) {
      expect(requestUrl("http", host, "/home", "localhost:9"), JSON.stringify(host)).toBeNull();
    }
    expect(requestUrl("http", "localhost:3000", "http://", "localhost:9")).toBeNull();
  });
});
