/**
 * A turn of the event loop: the I/O and timers of other requests run before the caller goes on.
 * Long work on Node's one thread (scoring every company, a 100,000-row export) awaits it now and
 * then, because a libsql read answers within the turn it was asked in and so never lets others in.
 * `setImmediate` where there is one (Node), not `setTimeout(0)`: Node holds a timer at least 1 ms,
 * which at a hundred turns a listing would be a tenth of a second spent waiting on nothing.
 */
export const nextTurn = () => new Promise<void>((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));
