import {
  BEACON_PATH,
  classifyPage,
  INACTIVITY_MS,
  MAX_PAYLOAD_BYTES,
  MIN_SESSION_MS,
  SCROLL_MILESTONES,
} from "./page-types";
import type { PageSessionRecord } from "./page-session.server";

/** What the tracker needs from the browser; tests pass their own. */
export type TrackerHost = {
  now(): number;
  window: Window;
  document: Document;
  navigator: Navigator;
  storage: Storage | null;
  fetch: typeof fetch;
};

const FAILED_KEY = "failedSessions";
const SENT_KEY = "sentSessions";
const MAX_TIMEPOINTS = 200;

function newSessionId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function readList(storage: Storage | null, key: string): unknown[] {
  try {
    const value = JSON.parse(storage?.getItem(key) ?? "[]");
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

function writeList(storage: Storage | null, key: string, list: unknown[]) {
  try {
    storage?.setItem(key, JSON.stringify(list));
  } catch {
    // storage full or denied: the record is lost, the page must not break
  }
}

/**
 * One page session (spec §3): started on a route change, ended when the page is
 * left. Activity only updates counters and a timestamp; a single timer, set again
 * only when it fires, notices inactivity, so an idle page does no work.
 */
export class PageSession {
  private record: PageSessionRecord;
  private activeSince: number | null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private milestones = new Set<number>();
  private ended = false;
  private readonly detach: () => void;

  constructor(
    private host: TrackerHost,
    route: { pathname: string; search: string; params?: Record<string, string> },
    userId: number | null,
  ) {
    const now = host.now();
    const query = Object.fromEntries(new URLSearchParams(route.search));
    const page = classifyPage(route.pathname, route.search);
    this.record = {
      sessionId: newSessionId(),
      userId,
      route: route.pathname,
      params: route.params ?? {},
      query,
      sessionStart: now,
      sessionEnd: now,
      totalDuration: 0,
      activeTime: 0,
      lastActiveTime: now,
      isPageActive: host.document.visibilityState !== "hidden",
      userInteractions: { clicks: 0, keystrokes: 0, scrollEvents: 0, mouseMovements: 0, mouseLeaves: 0 },
      scrollDepthMax: 0,
      interactionTimepoints: [],
      ...page,
      userAgent: host.navigator.userAgent.slice(0, 512),
      screenWidth: host.window.screen?.width ?? 0,
      screenHeight: host.window.screen?.height ?? 0,
      language: (host.navigator.language ?? "").slice(0, 35),
    };
    this.activeSince = this.record.isPageActive ? now : null;
    if (this.activeSince !== null) this.armIdleTimer(INACTIVITY_MS);
    this.detach = this.listen();
  }

  get id() {
    return this.record.sessionId;
  }

  private listen() {
    const { window: w, document: d } = this.host;
    const opts = { passive: true, capture: true } as const;
    const on = (target: EventTarget, type: string, fn: (e: Event) => void) => {
      target.addEventListener(type, fn, opts);
      return () => target.removeEventListener(type, fn, opts);
    };
    const offs = [
      on(d, "click", (e) => this.interact("clicks", "click", e as MouseEvent)),
      on(d, "keydown", () => this.interact("keystrokes")),
      on(w, "scroll", () => this.scrolled()),
      on(d, "mousemove", () => this.interact("mouseMovements")),
      on(d.documentElement, "mouseleave", () => this.interact("mouseLeaves", "mouseleave")),
      on(d, "visibilitychange", () => (d.visibilityState === "hidden" ? this.pause() : this.resume())),
    ];
    return () => offs.forEach((off) => off());
  }

  private mark(type: string, extra: { position?: { x: number; y: number }; depth?: number } = {}) {
    if (this.record.interactionTimepoints.length < MAX_TIMEPOINTS) {
      this.record.interactionTimepoints.push({ type, time: this.host.now(), ...extra });
    }
  }

  private interact(kind: keyof PageSessionRecord["userInteractions"], point?: string, event?: MouseEvent) {
    if (this.ended) return;
    this.record.userInteractions[kind]++;
    if (point) this.mark(point, event ? { position: { x: Math.round(event.clientX), y: Math.round(event.clientY) } } : {});
    this.activity();
  }

  private scrolled() {
    if (this.ended) return;
    this.record.userInteractions.scrollEvents++;
    const d = this.host.document.documentElement;
    const scrollable = d.scrollHeight - this.host.window.innerHeight;
    const depth = scrollable <= 0 ? 100 : Math.min(100, Math.round((this.host.window.scrollY / scrollable) * 100));
    this.record.scrollDepthMax = Math.max(this.record.scrollDepthMax, depth);
    for (const milestone of SCROLL_MILESTONES) {
      if (depth >= milestone && !this.milestones.has(milestone)) {
        this.milestones.add(milestone);
        this.mark("scroll", { depth: milestone });
      }
    }
    this.activity();
  }

  /** Cheap by design: runs on every event. */
  private activity() {
    const now = this.host.now();
    this.record.lastActiveTime = now;
    if (this.activeSince === null && this.host.document.visibilityState !== "hidden") {
      this.activeSince = now;
      this.record.isPageActive = true;
      this.armIdleTimer(INACTIVITY_MS);
    }
  }

  private armIdleTimer(delay: number) {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      const quiet = this.host.now() - this.record.lastActiveTime;
      if (quiet >= INACTIVITY_MS) this.pause(this.record.lastActiveTime + INACTIVITY_MS);
      else this.armIdleTimer(INACTIVITY_MS - quiet);
    }, delay);
  }

  /** Stops the active clock (tab hidden, or a minute without activity counted from the last one). */
  private pause(at = this.host.now()) {
    if (this.activeSince !== null) this.record.activeTime += Math.max(0, at - this.activeSince);
    this.activeSince = null;
    this.record.isPageActive = false;
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private resume() {
    if (this.ended || this.activeSince !== null) return;
    const now = this.host.now();
    this.activeSince = now;
    this.record.lastActiveTime = now;
    this.record.isPageActive = true;
    this.armIdleTimer(INACTIVITY_MS);
  }

  /** Ends the session and sends it; a session under 500 ms is dropped. Returns the record sent, if any. */
  end(): PageSessionRecord | null {
    if (this.ended) return null;
    const now = this.host.now();
    const wasActive = this.activeSince !== null;
    this.pause(now);
    this.ended = true;
    this.detach();
    this.record.isPageActive = wasActive;
    this.record.sessionEnd = now;
    this.record.totalDuration = now - this.record.sessionStart;
    if (this.record.totalDuration < MIN_SESSION_MS) return null;
    sendSession(this.host, this.record);
    return this.record;
  }
}

/** Keeps a payload under the beacon limit by dropping the oldest timepoints. */
export function fitPayload(record: PageSessionRecord) {
  let body = JSON.stringify(record);
  while (body.length > MAX_PAYLOAD_BYTES && record.interactionTimepoints.length) {
    record.interactionTimepoints = record.interactionTimepoints.slice(Math.ceil(record.interactionTimepoints.length / 2));
    body = JSON.stringify(record);
  }
  return body;
}

function alreadySent(host: TrackerHost, id: string) {
  return readList(host.storage, SENT_KEY).includes(id);
}

function rememberSent(host: TrackerHost, id: string) {
  writeList(host.storage, SENT_KEY, [...readList(host.storage, SENT_KEY), id].slice(-100));
}

function rememberFailed(host: TrackerHost, record: PageSessionRecord) {
  const failed = readList(host.storage, FAILED_KEY) as PageSessionRecord[];
  if (failed.some((f) => f.sessionId === record.sessionId)) return;
  writeList(host.storage, FAILED_KEY, [...failed, record].slice(-20));
}

/** sendBeacon when the browser queues it; otherwise fetch with keepalive; a failure is kept for later. */
export function sendSession(host: TrackerHost, record: PageSessionRecord) {
  if (alreadySent(host, record.sessionId)) return;
  const body = fitPayload(record);
  const queued =
    typeof host.navigator.sendBeacon === "function" &&
    // a plain string goes as text/plain, which needs no preflight; the endpoint reads JSON either way
    host.navigator.sendBeacon(BEACON_PATH, body);
  if (queued) {
    rememberSent(host, record.sessionId);
    return;
  }
  host
    .fetch(BEACON_PATH, { method: "POST", body, keepalive: true, credentials: "same-origin", headers: { "Content-Type": "application/json" } })
    .then((response) => {
      if (response.ok) rememberSent(host, record.sessionId);
      // a refused record (400: another member's, or a project not on show) would be refused
      // again, so it leaves the queue; a busy server (429, 5xx) gets it later
      else if (response.status === 429 || response.status >= 500) rememberFailed(host, record);
    })
    .catch(() => rememberFailed(host, record));
}

/** At the start of tracking: records that could not be sent before go again, once each. */
export function resendFailed(host: TrackerHost) {
  const failed = readList(host.storage, FAILED_KEY) as PageSessionRecord[];
  if (!failed.length) return;
  writeList(host.storage, FAILED_KEY, []);
  for (const record of failed) sendSession(host, record);
}
