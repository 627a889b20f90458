import { expect, it } from "vitest";
import { oneRunAtATime } from "./one-run-at-a-time";

it("a run the timer starts while the last is still going is skipped, and the next after it ends runs", async () => {
  let runs = 0;
  let finish: () => void = () => {};
  const run = oneRunAtATime(() => {
    runs++;
    return new Promise<void>((resolve) => (finish = resolve));
  });
  const first = run();
  await run();
  expect(runs).toBe(1);
  finish();
  await first;
  const third = run();
  expect(runs).toBe(2);
  finish();
  await third;
});

it("a run that failed does not keep the next from starting", async () => {
  let runs = 0;
  const run = oneRunAtATime(async () => {
    runs++;
    throw new Error("disk full");
  });
  await expect(run()).rejects.toThrow("disk full");
  await expect(run()).rejects.toThrow("disk full");
  expect(runs).toBe(2);
});
