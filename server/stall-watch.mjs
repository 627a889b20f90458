// Tells the log when the Node server's one thread was held long enough that every request waited:
// a synchronous statement of libsql or a long loop runs to its end before any other request is
// answered. Such a hold (housekeeping's match drain summed every page session each minute, 2.5-2.9 s
// at the survey's scale) shows in no request's own timing but the one it delayed.

/**
 * A timer every `everyMs` that should fire on time; when it fires more than `thresholdMs` late, the
 * thread was held at least that long (and at most `everyMs` longer: the hold may have begun just
 * after the timer's last turn). Returns a function that stops the watch.
 * @param {{ thresholdMs?: number; everyMs?: number; warn?: (line: string) => void }} [options]
 */
export function watchStalls({ thresholdMs = 1000, everyMs = 100, warn = (line) => console.warn(line) } = {}) {
  let expected = performance.now() + everyMs;
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - expected;
    expected = now + everyMs;
    if (late >= thresholdMs) warn(`[server] the thread was held for at least ${Math.round(late)} ms: every request waited (a long statement or loop on it)`);
  }, everyMs);
  // the watch alone must not keep the process alive
  timer.unref();
  return () => clearInterval(timer);
}
