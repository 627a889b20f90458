// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { classifyPage, pageSessionSchema } from "./page-session.server";
import { PageSession, resendFailed, type TrackerHost } from "./tracker";

let sent: Array<{ url: string; body: string }>;
let beaconAccepts: boolean;
let fetchFails: boolean;
let fetchStatus: number;
let hidden: boolean;

function host(): TrackerHost {
  return {
    now: () => Date.now(),
    window,
    document,
    navigator: {
      userAgent: "test-agent",
      language: "en-US",
      sendBeacon: (url: string, body: string) => {
        if (!beaconAccepts) return false;
        sent.push({ url, body });
        return true;
      },
    } as unknown as Navigator,
    storage: window.localStorage,
    fetch: (async (url: string, init: RequestInit) => {
      if (fetchFails) throw new TypeError("network down");
      sent.push({ url, body: String(init.body) });
      return new Response(null, { status: fetchStatus });
    }) as unknown as typeof fetch,
  };
}

const setHidden = (value: boolean) => {
  hidden = value;
  document.dispatchEvent(new Event("visibilitychange"));
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-22T10:00:00Z"));
  sent = [];
  beaconAccepts = true;
  fetchFails = false;
  fetchStatus = 202;
  hidden = false;
  window.localStorage.clear();
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
});
afterEach(() => vi.useRealTimers());

const start = (pathname = "/projects/more-details/42", search = "") => new PageSession(host(), { pathname, search }, 5);

describe("page classification", () => {
  it("names each page type and the project it shows", () => {
    expect(classifyPage("/", "")).toEqual({ pageType: "homepage", companyId: null });
    expect(classifyPage("/home", "")).toMatchObject({ pageType: "homepage" });
    expect(classifyPage("/buyers/search", "?q=solar&industry=Energy&page=3")).toEqual({
      pageType: "search-results",
      companyId: null,
      searchQuery: "solar",
      searchFilters: { industry: "Energy", page: 3 },
    });
    expect(classifyPage("/projects/more-details/42", "")).toEqual({ pageType: "company-before-nda", companyId: 42 });
    expect(classifyPage("/buyers/myprojects/42", "")).toEqual({ pageType: "company-after-nda", companyId: 42 });
    expect(classifyPage("/sellers/myprojects/7", "")).toEqual({ pageType: "company-after-nda", companyId: 7 });
    expect(classifyPage("/buyers/myprojects/index_new", "")).toEqual({ pageType: "other", companyId: null });
    expect(classifyPage("/projects/more-details/abc", "")).toEqual({ pageType: "other", companyId: null });
  });
});

describe("a page session", () => {
  it("counts active time, stops after 60 s without activity and resumes on activity", async () => {
    const session = start();
    vi.advanceTimersByTime(10_000);
    document.dispatchEvent(new MouseEvent("click", { clientX: 10, clientY: 20 }));
    vi.advanceTimersByTime(120_000); // idle: active until 60 s after the click
    document.dispatchEvent(new KeyboardEvent("keydown"));
    vi.advanceTimersByTime(5_000);
    const record = session.end()!;
    expect(record.totalDuration).toBe(135_000);
    expect(record.activeTime).toBe(10_000 + 60_000 + 5_000);
    expect(record.userInteractions).toMatchObject({ clicks: 1, keystrokes: 1 });
    expect(record.interactionTimepoints[0]).toMatchObject({ type: "click", position: { x: 10, y: 20 } });
    expect(pageSessionSchema().safeParse(record).success).toBe(true);
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body).sessionId).toBe(record.sessionId);
  });

  it("stops the clock while the tab is hidden and starts it when it is visible again", () => {
    const session = start();
    vi.advanceTimersByTime(3_000);
    setHidden(true);
    vi.advanceTimersByTime(30_000);
    setHidden(false);
    vi.advanceTimersByTime(2_000);
    const record = session.end()!;
    expect(record.activeTime).toBe(5_000);
    expect(record.totalDuration).toBe(35_000);
    expect(record.isPageActive).toBe(true);
  });

  it("records each scroll milestone once", () => {
    Object.defineProperty(document.documentElement, "scrollHeight", { configurable: true, value: 2000 });
    Object.defineProperty(window, "innerHeight", { configurable: true, value: 1000 });
    const session = start();
    for (const y of [100, 300, 260, 600, 950, 1000, 1000]) {
      Object.defineProperty(window, "scrollY", { configurable: true, value: y });
      window.dispatchEvent(new Event("scroll"));
    }
    vi.advanceTimersByTime(1_000);
    const record = session.end()!;
    expect(record.scrollDepthMax).toBe(100);
    expect(record.interactionTimepoints.filter((p) => p.type === "scroll").map((p) => p.depth)).toEqual([25, 50, 75, 90, 100]);
    expect(record.userInteractions.scrollEvents).toBe(7);
  });

  it("does not send a session shorter than 500 ms, nor one session twice", async () => {
    const short = start();
    vi.advanceTimersByTime(499);
    expect(short.end()).toBeNull();
    const session = start();
    vi.advanceTimersByTime(800);
    expect(session.end()).not.toBeNull();
    expect(session.end()).toBeNull();
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(1);
  });

  it("falls back to fetch, keeps a failed send and sends it once when tracking starts again", async () => {
    beaconAccepts = false;
    fetchFails = true;
    const session = start("/buyers/search", "?q=energy");
    vi.advanceTimersByTime(2_000);
    const record = session.end()!;
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(0);
    const failed = JSON.parse(window.localStorage.getItem("failedSessions")!);
    expect(failed.map((r: { sessionId: string }) => r.sessionId)).toEqual([record.sessionId]);
    expect(failed[0].searchQuery).toBe("energy");

    fetchFails = false;
    resendFailed(host());
    resendFailed(host());
    await vi.runAllTimersAsync();
    expect(sent.map((s) => JSON.parse(s.body).sessionId)).toEqual([record.sessionId]);
    expect(JSON.parse(window.localStorage.getItem("failedSessions")!)).toEqual([]);
  });

  it("drops a record the server refuses (400: another member's) and keeps one it cannot take yet (429)", async () => {
    beaconAccepts = false;
    fetchFails = true;
    const session = start("/buyers/search");
    vi.advanceTimersByTime(2_000);
    const record = session.end()!;
    await vi.runAllTimersAsync();
    const queued = () => (JSON.parse(window.localStorage.getItem("failedSessions")!) as Array<{ sessionId: string }>).map((r) => r.sessionId);
    expect(queued()).toEqual([record.sessionId]);

    fetchFails = false;
    fetchStatus = 429;
    resendFailed(host());
    await vi.runAllTimersAsync();
    expect(queued()).toEqual([record.sessionId]);

    fetchStatus = 400;
    resendFailed(host());
    await vi.runAllTimersAsync();
    expect(queued()).toEqual([]);
    sent = [];
    resendFailed(host());
    await vi.runAllTimersAsync();
    expect(sent).toEqual([]);
  });

  it("keeps the payload under 60 KB", () => {
    const session = start();
    for (let i = 0; i < 1000; i++) document.dispatchEvent(new MouseEvent("click", { clientX: i, clientY: i }));
    vi.advanceTimersByTime(1_000);
    const record = session.end()!;
    expect(JSON.stringify(record).length).toBeLessThan(60_000);
  });

  it("does no work while the user is idle: one timer, then none", () => {
    vi.clearAllTimers();
    const session = start();
    expect(vi.getTimerCount()).toBe(1);
    for (let i = 0; i < 50; i++) document.dispatchEvent(new MouseEvent("mousemove"));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(121_000);
    expect(vi.getTimerCount()).toBe(0);
    session.end();
  });
});
