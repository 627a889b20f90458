import type { SerializeFrom, TypedResponse } from "@remix-run/server-runtime";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
// types only: erased, so no app module is loaded before the environment is set
import type { Project, User } from "~/.server/db/schema";

/**
 * The app as the Node server runs it, for route tests that call a loader or action
 * directly: the services boot from process.env on a fresh libsql file in a temporary
 * directory, migrated and seeded with the demo accounts and market (DEMO_DATA=true),
 * exactly as `npm start` does: a copy of the one the global setup seeded
 * (tests/support/seeded-template.ts). Call it once per test file, before any app module is
 * imported (import route modules with `await import(...)` after it), and share what it
 * returns between the file's tests.
 */
export async function bootApp(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `marketplace-${name}-`));
  fs.cpSync(inject("seededDataDir"), dir, { recursive: true });
  process.env.DATA_DIR = dir;
  process.env.DATABASE_URL = `file:${path.join(dir, "app.db")}`;
  process.env.DEMO_DATA = "true";

  const { getServices } = await import("~/services.server");
  const { findUserByEmail } = await import("~/models/users.server");
  const { startSession } = await import("~/models/sessions.server");
  const { dealServices } = await import("~/models/notifications.server");
  const { decideNda, findContract, requestNda, signNda } = await import("~/models/contracts.server");

  /** The Node platform takes no load context: routes get `{}`, as under remix-serve. */
  const context = {};
  const services = await getServices(context);

  /** The `Cookie` header of a fresh signed-in session of `user`. */
  async function cookieFor(user: { id: number }) {
    const session = await services.sessionStorage.getSession();
    session.set("sessionId", await startSession(services.db, user.id));
    return (await services.sessionStorage.commitSession(session)).split(";")[0]!;
  }

  /** A demo account (README "Demo accounts") and its session cookie. */
  async function member(email: string) {
    const user = await findUserByEmail(services.db, email);
    if (!user) throw new Error(`no demo account ${email}`);
    return { user, cookie: await cookieFor(user) };
  }

  const deal = dealServices(services);

  /** Published demo listings of one seller, oldest first: tests take distinct ones. */
  async function publishedProjects(sellerId: number) {
    return services.db.query.projects.findMany({
      where: (p, { and, eq }) => and(eq(p.sellerId, sellerId), eq(p.status, "published")),
      orderBy: (p, { asc }) => [asc(p.id)],
    });
  }

  /** The NDA as a buyer goes through it: requested, signed, approved by the project's seller. */
  async function approvedNda(project: Project, buyer: User) {
    const requested = await requestNda(deal, project, buyer);
    const signed = await signNda(deal, requested, project, buyer, { signerName: buyer.name, ipAddress: "203.0.113.7", userAgent: "route test" });
    await decideNda(deal, project, signed.id, project.sellerId, { approve: true });
    return (await findContract(services.db, { projectId: project.id, buyerId: buyer.id }))!;
  }

  return {
    context,
    services,
    /** The services the deal models (NDA, offers, messages) take. */
    deal,
    publishedProjects,
    approvedNda,
    cookieFor,
    member,
    /** Removes the app's files, after the page sessions' write thread (if one started) has let go of them. */
    async cleanup() {
      await (services.offThreadInserts as { $client?: { close?: () => Promise<void> } } | undefined)?.$client?.close?.();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Same origin as the server's development APP_URL. */
export const ORIGIN = "http://localhost:3000";

/** A browser's GET of `url` (a path), signed in when a cookie is given. */
export function getRequest(url: string, cookie?: string) {
  return new Request(`${ORIGIN}${url}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** A form POST from one of the site's own pages (the guards refuse any other origin). */
export function postRequest(url: string, cookie: string | undefined, fields: Record<string, string> | URLSearchParams) {
  return new Request(`${ORIGIN}${url}`, {
    method: "POST",
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      Origin: ORIGIN,
      "Sec-Fetch-Site": "same-origin",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/**
 * What the client receives from a loader or action: the Response it returned or the
 * one it threw (a redirect, a 404). Anything else thrown is a real failure.
 */
export async function responseOf(run: Promise<unknown>): Promise<Response> {
  try {
    return await sent(run);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** A loader's answer as the client receives it: an object returned is sent as JSON, as Remix sends it. */
export async function sent<T>(run: Promise<T>): Promise<T extends Response ? T : TypedResponse<SerializeFrom<T>>> {
  const result = await run;
  return (result instanceof Response ? result : Response.json(result)) as T extends Response ? T : TypedResponse<SerializeFrom<T>>;
}
