import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  HOUR_MS,
  NO_REQUESTS,
  RESPONSIVENESS_WINDOW_MS,
  formatReplyTime,
  scoreResponsiveness,
  speedOf,
  type Ask,
  type AskKind,
} from "./responsiveness";

const now = Date.UTC(2026, 5, 1);
const ask = (kind: AskKind, agoMs: number, replyMs: number | null): Ask => ({
  kind,
  askedAt: now - agoMs,
  answeredAt: replyMs === null ? null : now - agoMs + replyMs,
});

describe("speedOf", () => {
  it("gives full marks up to an hour, none from a week, falling with the logarithm between", () => {
    expect(speedOf(0)).toBe(1);
    expect(speedOf(HOUR_MS)).toBe(1);
    expect(speedOf(7 * DAY_MS)).toBe(0);
    expect(speedOf(30 * DAY_MS)).toBe(0);
    expect(speedOf(5 * HOUR_MS)).toBeCloseTo(0.686, 3);
    expect(speedOf(DAY_MS)).toBeCloseTo(0.38, 2);
    expect(speedOf(2 * HOUR_MS)).toBeGreaterThan(speedOf(3 * HOUR_MS));
  });
});

describe("scoreResponsiveness", () => {
  it("has no score without asks in the window", () => {
    expect(scoreResponsiveness([], now)).toMatchObject({ score: null, reason: NO_REQUESTS, asked: 0, answered: 0 });
    expect(scoreResponsiveness([ask("message", RESPONSIVENESS_WINDOW_MS + 1, HOUR_MS)], now).score).toBeNull();
  });

  it("counts an ask on the window's first instant and none after now", () => {
    expect(scoreResponsiveness([ask("message", RESPONSIVENESS_WINDOW_MS, HOUR_MS)], now).asked).toBe(1);
    expect(scoreResponsiveness([ask("message", -1, null)], now).asked).toBe(0);
  });

  it("splits 75 points for the share answered and 25 for speed", () => {
    // all answered within the hour
    expect(scoreResponsiveness([ask("message", DAY_MS, HOUR_MS)], now).score).toBe(100);
    // half answered, fast: 37.5 + 25
    expect(scoreResponsiveness([ask("message", DAY_MS, HOUR_MS), ask("message", 3 * DAY_MS, null)], now).score).toBe(63);
    // all answered, after a week: 75 + 0
    expect(scoreResponsiveness([ask("offer", 20 * DAY_MS, 8 * DAY_MS)], now).score).toBe(75);
    // none answered
    expect(scoreResponsiveness([ask("nda_request", 3 * DAY_MS, null)], now)).toMatchObject({ score: 0, medianReplyMs: null });
  });

  it("does not count an answer given after now", () => {
    const r = scoreResponsiveness([ask("message", 3 * DAY_MS, 3 * DAY_MS + HOUR_MS)], now);
    expect(r).toMatchObject({ asked: 1, answered: 0, score: 0 });
  });

  it("does not count against a company an ask still within its two days to answer", () => {
    // 75 of 100 answered; a buyer signs an NDA a minute ago: still 75 of 100
    const answered = Array.from({ length: 75 }, () => ask("nda_request", 10 * DAY_MS, HOUR_MS));
    const missed = Array.from({ length: 25 }, () => ask("nda_request", 10 * DAY_MS, null));
    const before = scoreResponsiveness([...answered, ...missed], now);
    const justSigned = scoreResponsiveness([...answered, ...missed, ask("nda_request", 60_000, null)], now);
    expect(justSigned).toMatchObject({ asked: 100, answered: 75, score: before.score, reason: "Answered 75 of 100 NDA requests; median reply 1 h." });
    // an ask waiting for nothing else yet is no request at all
    expect(scoreResponsiveness([ask("message", 2 * DAY_MS - 1, null)], now)).toMatchObject({ score: null, reason: NO_REQUESTS, asked: 0 });
    // answered within the two days, it counts; once they are over unanswered, it counts against
    expect(scoreResponsiveness([ask("message", DAY_MS, HOUR_MS)], now)).toMatchObject({ asked: 1, answered: 1 });
    expect(scoreResponsiveness([ask("message", 2 * DAY_MS, null)], now)).toMatchObject({ asked: 1, answered: 0, score: 0 });
  });

  it("says what was answered and the median reply in words", () => {
    const asks = [
      ...Array.from({ length: 6 }, () => ask("invitation", 10 * DAY_MS, 5 * HOUR_MS)),
      ask("invitation", 10 * DAY_MS, null),
      ask("invitation", 10 * DAY_MS, null),
    ];
    const r = scoreResponsiveness(asks, now);
    expect(r.reason).toBe("Answered 6 of 8 invitations; median reply 5 h.");
    expect(r.score).toBe(Math.round(75 * 0.75 + 25 * speedOf(5 * HOUR_MS)));
  });

  it("names every kind asked, buyer's and seller's", () => {
    const buyer = scoreResponsiveness(
      [ask("invitation", DAY_MS, HOUR_MS), ask("nda_approval", DAY_MS, HOUR_MS), ask("message", 3 * DAY_MS, null), ask("counter_offer", DAY_MS, 3 * HOUR_MS)],
      now,
    );
    expect(buyer.reason).toBe("Answered 3 of 4 invitations, approved NDAs, messages and counter-offers; median reply 1 h.");
    expect(buyer.byKind).toEqual({
      invitation: { asked: 1, answered: 1 },
      nda_approval: { asked: 1, answered: 1 },
      message: { asked: 1, answered: 0 },
      counter_offer: { asked: 1, answered: 1 },
    });
    const seller = scoreResponsiveness([ask("nda_request", DAY_MS, 3 * HOUR_MS), ask("offer", DAY_MS, 40 * 60_000)], now);
    expect(seller.reason).toBe("Answered 2 of 2 NDA requests and offers; median reply 2 h.");
    expect(scoreResponsiveness([ask("message", 3 * DAY_MS, null)], now).reason).toBe("Answered 0 of 1 message.");
  });

  it("words reply times in minutes, hours or days", () => {
    expect(formatReplyTime(10 * 60_000)).toBe("10 min");
    expect(formatReplyTime(5 * HOUR_MS)).toBe("5 h");
    expect(formatReplyTime(3 * DAY_MS)).toBe("3 days");
  });
});
