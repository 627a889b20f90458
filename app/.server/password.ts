import { fromBase64Url, timingSafeEqual, toBase64Url } from "./crypto";

/**
 * Passwords are stored as `pbkdf2-sha256$<iterations>$<salt>$<hash>` so that the
 * iteration count can be raised later: `needsRehash` tells when a stored hash is
 * weaker than today's parameters, and sign-in upgrades it.
 */
export const PASSWORD_ITERATIONS = 600_000;
const ALGORITHM = "pbkdf2-sha256";
const KEY_BITS = 256;

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(password.normalize("NFKC")),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    key,
    KEY_BITS,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PASSWORD_ITERATIONS) {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, iterations);
  return [ALGORITHM, iterations, toBase64Url(salt), toBase64Url(hash)].join("$");
}

function parse(stored: string) {
  const [algorithm, iterations, salt, hash] = stored.split("$");
  const count = Number(iterations);
  if (algorithm !== ALGORITHM || !Number.isInteger(count) || count < 1 || !salt || !hash) {
    return null;
  }
  try {
    return { iterations: count, salt: fromBase64Url(salt), hash: fromBase64Url(hash) };
  } catch {
    return null;
  }
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.iterations);
  return timingSafeEqual(candidate, parsed.hash);
}

export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.iterations < PASSWORD_ITERATIONS;
}
