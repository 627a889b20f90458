/**
 * A stop of the Node server (SIGTERM, SIGINT: a deploy, a container stop). Long work (an import's chunks, the outbox,
 * scoring matches) asks `stopRequested()` between its steps and hands over: it gives its lease back and returns, so
 * the next process takes it up at once instead of a lease later, and no step is cut off half way. The process ends
 * once what it was asked to wait for (requests under way, work after their answers) is done, or the grace is spent.
 * Never set on Workers, whose invocations end by themselves.
 */
let requested = false;
let stopping: Promise<void> | undefined;
const waits: Array<() => Promise<unknown>> = [];

/** Whether the process was asked to stop: long work returns at its next step, its lease given back. */
export const stopRequested = () => requested;

/**
 * Something the stop waits for, asked when the stop begins. `first`: before what was registered earlier (the answers
 * under way come before the work they leave to run after them).
 */
export function waitBeforeStop(wait: () => Promise<unknown>, { first = false } = {}) {
  if (first) waits.unshift(wait);
  else waits.push(wait);
}

/** How long a stop waits for the work under way: within the 10 s a container stop gives before it kills. */
export const STOP_GRACE_MS = 8_000;

/**
 * Asks long work to hand over, then waits for what was registered, in turn, for at most `graceMs`. Asked again (each
 * signal handler asks), the same stop. Failures are the work's own (logged where they happen): the stop goes on.
 */
export function stopGently(graceMs = STOP_GRACE_MS) {
  requested = true;
  return (stopping ??= settle(graceMs));
}

async function settle(graceMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, graceMs);
    timer.unref?.();
  });
  const all = (async () => {
    for (const wait of waits) await wait().catch(() => undefined);
  })();
  await Promise.race([all, grace]);
  clearTimeout(timer);
}

/** For tests: a process that has not been asked to stop. */
export function resetStopForTests() {
  requested = false;
  stopping = undefined;
  waits.length = 0;
}
