import { describe, expect, it } from "vitest";
import { fileResponse, isSameOriginRequest } from "./http";

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

describe("a stored file's response", () => {
  const disposition = (name: string, download = true) => fileResponse(new Uint8Array([1]), "text/csv", name, { download }).headers.get("Content-Disposition");

  it("names a plain file as it is", () => {
    expect(disposition("memo (v2).pdf")).toBe('attachment; filename="memo (v2).pdf"');
    expect(disposition("NDA-3-signed.pdf", false)).toBe('inline; filename="NDA-3-signed.pdf"');
  });

  it("gives a name beyond ASCII in UTF-8 too, so the browser saves it as the seller named it", () => {
    expect(disposition("отчёт.csv")).toBe(`attachment; filename="_____.csv"; filename*=UTF-8''%D0%BE%D1%82%D1%87%D1%91%D1%82.csv`);
    expect(disposition("Übersicht Q3 – 2026.pdf")).toBe(`attachment; filename="_bersicht Q3 _ 2026.pdf"; filename*=UTF-8''%C3%9Cbersicht%20Q3%20%E2%80%93%202026.pdf`);
    // ; , ' and * are not left bare in either form
    expect(disposition("a;b's*.csv")).toBe(`attachment; filename="a_b_s_.csv"; filename*=UTF-8''a%3Bb%27s%2A.csv`);
    expect(disposition("bad\uD800.csv")).toBe('attachment; filename="bad_.csv"');
  });

  it("tells a client it is sent whole (Accept-Ranges: none), so a download manager does not ask for it in parts, each part's request a whole copy logged as a download", () => {
    expect(fileResponse(new Uint8Array([1]), "application/pdf", "memo.pdf").headers.get("Accept-Ranges")).toBe("none");
  });
});
