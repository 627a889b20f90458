import type { Env } from "./env";
import { isProduction } from "./env";

/** Per-request nonce for the inline scripts Remix writes into the document. */
// every document needs a nonce: asking the system for randomness once per 256 of them, not once each
const NONCE_BYTES = 16;
let randomPool = new Uint8Array(0);
let poolOffset = 0;

export function createNonce() {
  if (poolOffset + NONCE_BYTES > randomPool.length) {
    randomPool = crypto.getRandomValues(new Uint8Array(NONCE_BYTES * 256));
    poolOffset = 0;
  }
  const bytes = randomPool.subarray(poolOffset, (poolOffset += NONCE_BYTES));
  return btoa(String.fromCharCode(...bytes));
}

const TURNSTILE = "https://challenges.cloudflare.com";

export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' ${TURNSTILE}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: https://cdn.sanity.io",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${TURNSTILE}`,
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** Headers every response carries; documents add the CSP. */
export function applySecurityHeaders(
  headers: Headers,
  env: Pick<Env, "APP_ENV"> | null,
  nonce?: string,
) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (nonce) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  else if (!headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  }
  if (env && isProduction(env)) {
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
  return headers;
}
