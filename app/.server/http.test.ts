import { describe, expect, it } from "vitest";
import { isSameOriginRequest } from "./http";

const post = (url: string, headers: Record<string, string> = {}) => new Request(url, { method: "POST", headers });

describe("a state-changing request", () => {
  it("is accepted from this site's own pages, whatever the scheme in front", () => {
    expect(isSameOriginRequest(post("http://localhost:3000/signin", { Origin: "http://localhost:3000" }))).toBe(true);
    expect(isSameOriginRequest(post("http://market.example/api/analytics/session?x=1", { Origin: "https://market.example" }))).toBe(true);
    expect(isSameOriginRequest(post("http://[::1]:3000/signin", { Origin: "http://[::1]:3000" }))).toBe(true);
  });

  it("is refused from another site, another port, or an Origin no browser would send", () => {
    expect(isSameOriginRequest(post("http://localhost:3000/signin", { Origin: "http://evil.example" }))).toBe(false);
    expect(isSameOriginRequest(post("http://localhost:3000/signin", { Origin: "http://localhost:4000" }))).toBe(false);
    expect(isSameOriginRequest(post("http://localhost:3000/signin", { Origin: "http://localhost:3000.evil.example" }))).toBe(false);
    expect(isSameOriginRequest(post("http://localhost:3000/signin", { Origin: "http://localhost:3000/path" }))).toBe(false);
    expect(isSameOriginRequest(post("http://localhost:3000/signin", { Origin: "not a url" }))).toBe(false);
  });

  it("without an Origin, is accepted only when the browser says it is same-origin", () => {
    expect(isSameOriginRequest(post("http://localhost:3000/signin"))).toBe(false);
    expect(isSameOriginRequest(post("http://localhost:3000/signin", { Origin: "null" }))).toBe(false);
    expect(isSameOriginRequest(post("http://localhost:3000/signin", { "Sec-Fetch-Site": "same-origin" }))).toBe(true);
    expect(isSameOriginRequest(post("http://localhost:3000/signin", { "Sec-Fetch-Site": "cross-site" }))).toBe(false);
  });

  it("may be a one-click unsubscribe from anywhere, or any read", () => {
    expect(isSameOriginRequest(post("http://localhost:3000/unsubscribe/abc.def/one-click", { Origin: "https://mail.example" }))).toBe(true);
    expect(isSameOriginRequest(post("http://localhost:3000/unsubscribe/alerts/abc/one-click?x=1", { Origin: "https://mail.example" }))).toBe(true);
    expect(isSameOriginRequest(post("http://localhost:3000/unsubscribe/abc/other/thing", { Origin: "https://mail.example" }))).toBe(false);
    expect(isSameOriginRequest(new Request("http://localhost:3000/home", { headers: { Origin: "http://evil.example" } }))).toBe(true);
  });
});
