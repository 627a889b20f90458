import type { Platform } from "../services";

/**
 * Reads a page needs only once the member may see the record: on D1 they start at once, beside the
 * access check (one call instead of two round trips); on Node only when first asked for, after the
 * check, so that a refused request (a 404) does not pay for them. Not asked for, they are dropped:
 * a failure of reads started early is reported only to the one who asks.
 */
export function grantedReads<T>(platform: Pick<Platform, "readsOverlap">, read: () => Promise<T>): () => Promise<T> {
  if (!platform.readsOverlap) {
    let started: Promise<T> | undefined;
    return () => (started ??= read());
  }
  const started = read();
  started.catch(() => {});
  return () => started;
}
