import { fromBase64Url, toBase64Url } from "./crypto";

/**
 * Authenticated encryption (AES-256-GCM) of small values kept at rest, such as the
 * tokens of e-mails waiting in the outbox: a copy of the database alone does not
 * reveal them. The key is derived from SESSION_SECRET with a purpose label, so it is
 * never the session-signing key itself.
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function keyFor(secret: string, purpose: string) {
  const material = await crypto.subtle.digest("SHA-256", encoder.encode(`${purpose}:${secret}`));
  return crypto.subtle.importKey("raw", material, "AES-GCM", false, ["encrypt", "decrypt"]);
}

export async function seal(secret: string, purpose: string, text: string) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await keyFor(secret, purpose), encoder.encode(text));
  return `${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** The text, or null when it was sealed with another key or tampered with. */
export async function unseal(secret: string, purpose: string, sealed: string) {
  const [iv, data] = sealed.split(".");
  if (!iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64Url(iv) }, await keyFor(secret, purpose), fromBase64Url(data));
    return decoder.decode(plain);
  } catch {
    return null;
  }
}
