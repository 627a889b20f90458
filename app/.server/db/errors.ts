/** The driver's message of a refused write: libsql's, or D1's ("D1_ERROR: …"), as Drizzle wraps either (the driver's error is its cause). */
export const refusal = (error: unknown) => String((error as { cause?: unknown })?.cause ?? error);

/** Whether a write was refused by a unique index; `on` ("customers.website_domain") names the column. */
export const isUniqueViolation = (error: unknown, on?: string) => refusal(error).includes(`UNIQUE constraint failed${on ? `: ${on}` : ""}`);

/** What a write refused by a unique index answers through `unlessDuplicate`. */
export const DUPLICATE = Symbol("duplicate");

/**
 * The write's result, or DUPLICATE when a unique index refused it: a look for a clash before a
 * write cannot see a request that writes the same key at the same moment; the index can.
 */
export async function unlessDuplicate<T>(write: PromiseLike<T>): Promise<T | typeof DUPLICATE> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) return DUPLICATE;
    throw error;
  }
}
