/**
 * What `work` gave back and how many turns of the event loop it left to others meanwhile: another
 * request's callbacks, each taken up in a turn. Work that never gives a turn holds a Node server's one
 * thread, every other request waiting, however long it takes.
 */
export async function turnsDuring<T>(work: () => Promise<T>) {
  let turns = 0;
  let ticking = true;
  const tick = () => {
    turns++;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    const result = await work();
    return { result, turns };
  } finally {
    ticking = false;
  }
}
