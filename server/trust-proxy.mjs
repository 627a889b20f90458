/**
 * TRUST_PROXY: unset, the socket's address is the client; a number, that many proxy
 * hops in X-Forwarded-For are trusted; otherwise the addresses or subnets of the
 * proxies ("loopback, 10.0.0.0/8"), as Express's "trust proxy" setting reads them.
 */
export function trustProxySetting(value) {
  const text = (value ?? "").trim();
  if (!text || text === "false") return false;
  if (/^\d+$/.test(text)) return Number(text);
  return text.split(",").map((part) => part.trim()).filter(Boolean);
}
