/**
 * A value built the first time it is asked for, then kept. The forms' schemas are built this way: a
 * Worker evaluates every module it carries when an isolate starts, and building them all then was the
 * largest part of its startup, for the few forms a request posts.
 */
export function once<T>(build: () => T): () => T {
  let value: T | undefined;
  let built = false;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value as T;
  };
}
