import { afterEach, describe, expect, it } from "vitest";
import { watchStalls } from "../../server/stall-watch.mjs";

/** Holds the thread as a long synchronous statement would. */
function holdThread(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the Node server's stall watch", () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it("says in the log how long the thread was held, when every request waited past the threshold", async () => {
    const told: string[] = [];
    // thresholds far above a busy test machine's own timer delays
    stop = watchStalls({ thresholdMs: 700, everyMs: 20, warn: (line) => told.push(line) });
    await tick(60);
    holdThread(1500);
    await tick(60);
    const held = told.map((line) => Number(line.match(/held for at least (\d+) ms/)?.[1]));
    expect(held.filter((ms) => ms >= 1450 && ms < 3000)).toHaveLength(1);
  });

  it("stays quiet for pauses under the threshold", async () => {
    const told: string[] = [];
    stop = watchStalls({ thresholdMs: 700, everyMs: 20, warn: (line) => told.push(line) });
    for (let i = 0; i < 5; i++) {
      holdThread(40);
      await tick(25);
    }
    expect(told).toEqual([]);
  });
});
