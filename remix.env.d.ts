/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />
import "@remix-run/server-runtime";

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** Present on Workers only; Node's remix-serve passes no context. */
    /** The Worker's bindings, its request context and the request's D1 session (app/.server/platform/workers.ts). */
    cloudflare?: { env: Record<string, unknown>; ctx: ExecutionContext; d1?: D1DatabaseSession };
  }
}
