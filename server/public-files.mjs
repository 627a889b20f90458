// public/ as Workers Static Assets serves it, for the Node server. On Workers public/_headers is read
// as rules (never served) and its headers go on every file it matches; the Node server served the file
// itself at /_headers and gave its static files none of those headers (no nosniff, no Referrer-Policy).
import fs from "node:fs";
import path from "node:path";

/** Files of public/ that configure Workers Static Assets: read by Cloudflare, never served. */
const NOT_SERVED = new Set(["_headers", "_redirects", ".assetsignore"]);

/**
 * public/_headers as rules, in the file's order: a line at the start is a path (a `*` matches the rest
 * of it), the indented `Name: value` lines under it are its headers.
 * @param {string} text
 * @returns {Array<{ pattern: string; headers: Array<[string, string]> }>}
 */
export function parseHeadersFile(text) {
  /** @type {Array<{ pattern: string; headers: Array<[string, string]> }>} */
  const rules = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: trimmed, headers: [] });
      continue;
    }
    const colon = trimmed.indexOf(":");
    if (colon > 0 && rules.length) rules[rules.length - 1].headers.push([trimmed.slice(0, colon).trim(), trimmed.slice(colon + 1).trim()]);
  }
  return rules;
}

const matches = (pattern, pathname) => (pattern.endsWith("*") ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern);

/**
 * The headers the rules give a path, each name once: a name two matching rules give with the same
 * value is sent once, different values are joined with a comma, as Cloudflare joins them.
 * @param {ReturnType<typeof parseHeadersFile>} rules
 * @param {string} pathname
 */
export function headersFor(rules, pathname) {
  /** @type {Map<string, { name: string; values: string[] }>} */
  const found = new Map();
  for (const rule of rules) {
    if (!matches(rule.pattern, pathname)) continue;
    for (const [name, value] of rule.headers) {
      const kept = found.get(name.toLowerCase()) ?? { name, values: [] };
      if (!kept.values.includes(value)) kept.values.push(value);
      found.set(name.toLowerCase(), kept);
    }
  }
  return [...found.values()].map(({ name, values }) => /** @type {[string, string]} */ ([name, values.join(", ")]));
}

/**
 * The static folders' middleware: the build's hashed assets under `publicPath` (a year, immutable)
 * and public/'s own entries (an hour), both with public/_headers' headers; public/'s configuration
 * files are not served. Only paths under public/'s entries reach the disk: a stat per page request
 * cost 5 % of a page's CPU.
 * @param {typeof import("express")} express
 * @param {{ publicDir: string; publicPath: string; assetsBuildDirectory: string }} where
 */
export function staticFiles(express, { publicDir, publicPath, assetsBuildDirectory }) {
  const headersFile = path.join(publicDir, "_headers");
  const rules = fs.existsSync(headersFile) ? parseHeadersFile(fs.readFileSync(headersFile, "utf8")) : [];
  /** @param {import("express").Response} res */
  const setHeaders = (res) => {
    // the path as asked: under a mount, req.path has lost the mount's prefix (/build)
    const pathname = (res.req.originalUrl ?? res.req.url).split("?", 1)[0];
    for (const [name, value] of headersFor(rules, pathname)) res.setHeader(name, value);
  };
  const entries = new Set(
    fs
      .readdirSync(publicDir)
      .filter((name) => !NOT_SERVED.has(name))
      .map((name) => `/${name}`),
  );
  const serveBuild = express.static(assetsBuildDirectory, { immutable: true, maxAge: "1y", setHeaders });
  const servePublic = express.static(publicDir, { maxAge: "1h", setHeaders });
  const router = express.Router();
  router.use(publicPath, serveBuild);
  router.use((req, res, next) => (entries.has(`/${req.path.split("/", 2)[1]}`) ? servePublic(req, res, next) : next()));
  return router;
}
