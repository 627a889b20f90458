/**
 * A task the timer starts that does not start again while a run of it is still going: a housekeeping
 * run slower than its interval (a large backlog, a slow disk) would otherwise overlap the next, and two
 * runs reading the same stalled campaign both finished it (one send, but two audit entries).
 */
export function oneRunAtATime(task: () => Promise<unknown>): () => Promise<void> {
  let running = false;
  return async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } finally {
      running = false;
    }
  };
}
