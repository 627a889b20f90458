import type { Database } from "~/.server/db";

/**
 * The database as a save sees it when another save lands between its read and its write: the first
 * update built through it runs `meanwhile` (the other save, on the real database) just before it is sent.
 */
export function savedMeanwhile(db: Database, meanwhile: () => Promise<unknown>): Database {
  let landed = false;
  const held = (target: object): object =>
    new Proxy(target, {
      get(object, prop) {
        const value = Reflect.get(object, prop, object);
        if (typeof value !== "function") return value;
        if (prop === "then") {
          return (ok: (v: unknown) => unknown, fail: (e: unknown) => unknown) =>
            (landed ? Promise.resolve() : ((landed = true), meanwhile())).then(() => value.call(object, ok, fail));
        }
        return (...args: unknown[]) => {
          const result = value.apply(object, args);
          return result && typeof result === "object" ? held(result) : result;
        };
      },
    });
  return new Proxy(db, {
    get(object, prop) {
      const value = Reflect.get(object, prop, object);
      return prop === "update" ? (table: never) => held(value.call(object, table)) : value;
    },
  });
}
