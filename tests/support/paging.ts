import { expect } from "vitest";

type Listing = { total: number; pageSize: number; page: number; rows: unknown[] };

/**
 * A list opened past its last page (a stale link after a filter narrowed it, a made-up ?page=) shows
 * its last page, not an empty table over a count of rows: `open` answers the list for a query string.
 */
export async function expectPastLastShowsLast(open: (query: string) => Promise<Listing>, filters: string) {
  const first = await open(filters);
  expect(first.total, filters).toBeGreaterThan(first.pageSize);
  const last = Math.ceil(first.total / first.pageSize);
  const lastPage = await open(`${filters}&page=${last}`);
  for (const page of [last + 1, 10_000]) {
    const past = await open(`${filters}&page=${page}`);
    expect(past.page, `${filters}&page=${page}`).toBe(last);
    expect(past.rows).toEqual(lastPage.rows);
    expect(past.rows.length).toBeGreaterThan(0);
  }
}
