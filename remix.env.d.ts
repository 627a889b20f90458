/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />
import "@remix-run/server-runtime";

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** Present on Workers only; Node's remix-serve passes no context. */
    cloudflare?: { env: Record<string, unknown>; ctx: ExecutionContext };
  }
}
