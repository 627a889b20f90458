/** WebCrypto helpers that behave the same in workerd and on Node 20. */

const encoder = new TextEncoder();

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** An unguessable identifier: 32 random bytes, base64url. */
export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(text));
  return toBase64Url(new Uint8Array(digest));
}

/** Hex rather than base64url: the form stored beside documents and in the audit chain, and shown on signed NDAs. */
export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  // A copy is ArrayBuffer-backed, which WebCrypto's BufferSource requires of typed arrays.
  const bytes = typeof data === "string" ? encoder.encode(data) : new Uint8Array(data);
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** Imported HMAC keys by secret: importing costs as much as signing, and a process has few secrets. */
const hmacKeys = new Map<string, Promise<CryptoKey>>();
const MAX_HMAC_KEYS = 16;

function hmacKeyOf(secret: string) {
  let key = hmacKeys.get(secret);
  if (!key) {
    if (hmacKeys.size >= MAX_HMAC_KEYS) hmacKeys.clear();
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    hmacKeys.set(secret, key);
    key.catch(() => hmacKeys.delete(secret));
  }
  return key;
}

export async function hmacSha256(secret: string, message: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKeyOf(secret), encoder.encode(message)));
}

const decoder = new TextDecoder();

/** `{claim}.{HMAC}`, base64url: a link's token that needs nothing stored, the MAC being the proof. */
export async function signClaim(key: string, claim: string) {
  return `${toBase64Url(encoder.encode(claim))}.${toBase64Url(await hmacSha256(key, claim))}`;
}

/** The claim a token signed under `key` carries; null when it is malformed, too long or tampered with. */
export async function readSignedClaim(key: string, token: string, maxLength = 320) {
  const [claimPart, macPart, extra] = token.split(".");
  if (!claimPart || !macPart || extra !== undefined) return null;
  let claim: string;
  let mac: Uint8Array;
  try {
    claim = decoder.decode(fromBase64Url(claimPart));
    mac = fromBase64Url(macPart);
  } catch {
    return null;
  }
  if (!claim || claim.length > maxLength) return null;
  return timingSafeEqual(mac, await hmacSha256(key, claim)) ? claim : null;
}
