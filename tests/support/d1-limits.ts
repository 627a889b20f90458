import type { Client, InStatement } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { schema, type Database } from "~/.server/db";

/** D1's limits on one statement (developers.cloudflare.com/d1/platform/limits). */
export const D1_MAX_PARAMETERS = 100;
export const D1_MAX_SQL_BYTES = 100_000;

type Refused = { sql: string; parameters: number; bytes: number };

/**
 * The test's SQLite file as D1 takes statements: one with more than 100 bound parameters, or more
 * than 100 KB of SQL, is refused (as D1 answers "too many SQL variables" where libsql takes 32,766),
 * and every call (a statement, or a batch of them) is counted, as a Worker's invocation counts its
 * D1 queries. The rows are the test database's own.
 */
export function withD1Limits(client: Client) {
  const seen = { calls: 0, statements: 0, maxParameters: 0, refused: [] as Refused[] };
  const check = (statement: InStatement) => {
    const sql = typeof statement === "string" ? statement : statement.sql;
    const args = typeof statement === "string" ? [] : statement.args;
    const parameters = Array.isArray(args) ? args.length : Object.keys(args ?? {}).length;
    const bytes = new TextEncoder().encode(sql).length;
    seen.statements++;
    seen.maxParameters = Math.max(seen.maxParameters, parameters);
    if (parameters > D1_MAX_PARAMETERS || bytes > D1_MAX_SQL_BYTES) {
      seen.refused.push({ sql: sql.slice(0, 200), parameters, bytes });
      throw new Error(`D1_ERROR: too many SQL variables (${parameters} parameters, ${bytes} bytes of SQL): SQLITE_ERROR`);
    }
  };
  const limited = new Proxy(client, {
    get(target, key) {
      if (key === "execute") {
        return (statement: InStatement, ...rest: unknown[]) => {
          seen.calls++;
          check(statement);
          return (target.execute as (...a: unknown[]) => unknown)(statement, ...rest);
        };
      }
      if (key === "batch") {
        return (statements: InStatement[], ...rest: unknown[]) => {
          seen.calls++;
          statements.forEach(check);
          return (target.batch as (...a: unknown[]) => unknown)(statements, ...rest);
        };
      }
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: drizzle(limited, { schema }) as unknown as Database, seen };
}
