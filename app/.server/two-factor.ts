import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";
import { fromBase64Url, sha256, toBase64Url } from "./crypto";

/**
 * TOTP (RFC 6238) as every authenticator app reads it: SHA-1, 6 digits, 30 seconds.
 * The secret is stored AES-GCM encrypted under a key derived from SESSION_SECRET,
 * so a copy of the database alone does not give the codes.
 */
export const TOTP_ISSUER = "Secondary Marketplace";
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret() {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, label = "") {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The time step a code belongs to (one before or after now is accepted for clock drift), or null. */
export function matchingTotpStep(secretBase32: string, code: string, now = Date.now()) {
  const delta = totp(secretBase32).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code an authenticator app shows now (the demo's and the tests' helper). */
export function totpCode(secretBase32: string, now = Date.now()) {
  return totp(secretBase32).generate({ timestamp: now });
}

/** The otpauth:// URI and the QR code of it, as an SVG rendered here so the page needs no script. */
export function enrolmentQr(secretBase32: string, email: string) {
  const uri = totp(secretBase32, email).toString();
  return { uri, svg: renderSVG(uri, { ecc: "M", border: 2 }) };
}

async function secretKey(sessionSecret: string) {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(sessionSecret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: new TextEncoder().encode("totp-secret-v1") },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

export async function encryptTotpSecret(sessionSecret: string, secretBase32: string) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    await secretKey(sessionSecret),
    new TextEncoder().encode(secretBase32),
  );
  return `v1.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** Null when the stored value cannot be opened (a changed SESSION_SECRET): the member enrols again. */
export async function decryptTotpSecret(sessionSecret: string, stored: string) {
  const [version, iv, sealed] = stored.split(".");
  if (version !== "v1" || !iv || !sealed) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64Url(iv) },
      await secretKey(sessionSecret),
      fromBase64Url(sealed),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

// 32 letters and digits without i, l, o and 1, which are misread; 256 is a multiple of 32, so no bias
const RECOVERY_ALPHABET = "0abcdefghjkmnpqrstuvwxyz23456789";

/** Ten codes of 80 random bits each, grouped for reading: xxxx-xxxx-xxxx-xxxx. */
export function newRecoveryCodes() {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => RECOVERY_ALPHABET[b % 32]).join("");
    return raw.match(/.{4}/g)!.join("-");
  });
}

export function normalizeRecoveryCode(code: string) {
  return code.toLowerCase().replace(/[^a-z0-9]/g, "");
}

export async function hashRecoveryCode(code: string) {
  return sha256(`recovery:${normalizeRecoveryCode(code)}`);
}

/** A six-digit code from the app, or else a recovery code. */
export function isTotpCode(code: string) {
  return /^\d{6}$/.test(code.replace(/\s/g, ""));
}
