/** The driver's message of a refused write: libsql's, or D1's ("D1_ERROR: …"), as Drizzle wraps either (the driver's error is its cause). */
export const refusal = (error: unknown) => String((error as { cause?: unknown })?.cause ?? error);

/** Whether a write was refused by a unique index; `on` ("customers.website_domain") names the column. */
export const isUniqueViolation = (error: unknown, on?: string) => refusal(error).includes(`UNIQUE constraint failed${on ? `: ${on}` : ""}`);
