// `npm run geo:assets`: writes the two geographic files the server reads from public/geo/ (through
// the ASSETS binding on Workers, from disk on Node) instead of carrying them in the Worker bundle
// (decisions 029 and 033). Run it after upgrading `zipcodes` or `us-atlas` (dev dependencies).
//   zip-centroids.txt: the US ZIP codes' centroids, cities and states, packed (format below)
//   us-states.json:    every state's outline as an SVG path, its name and centre, in the atlas's units
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { geoPath } from "d3-geo";
import { feature } from "topojson-client";

const require = createRequire(import.meta.url);
const out = new URL("../public/geo/", import.meta.url);
mkdirSync(out, { recursive: true });

const { codes } = require("zipcodes/lib/codes.js");
const rows = Object.values(codes)
  .filter((r) => /^\d{5}$/.test(r.zip) && r.country === "US")
  .sort((a, b) => a.zip.localeCompare(b.zip));

// one line per ZIP: zip delta (empty for +1) | lat delta | lng delta (hundredths of a degree, base 36)
// | city (empty when as on the line before) [| state, when it changes]
let zip = 0, lat = 0, lng = 0, city = "", state = "";
const lines = rows.map((r) => {
  const z = Number(r.zip), la = Math.round(r.latitude * 100), lo = Math.round(r.longitude * 100);
  const line = `${z - zip === 1 ? "" : z - zip}|${(la - lat).toString(36)}|${(lo - lng).toString(36)}|${r.city === city ? "" : r.city}${r.state === state ? "" : `|${r.state}`}`;
  zip = z; lat = la; lng = lo; city = r.city; state = r.state;
  return line;
});
writeFileSync(new URL("zip-centroids.txt", out), lines.join("\n"));

/** The states' postal codes by FIPS code, the atlas's ids. */
const POSTAL_BY_FIPS = {
  "01": "AL", "02": "AK", "04": "AZ", "05": "AR", "06": "CA", "08": "CO", "09": "CT", "10": "DE", "11": "DC", "12": "FL",
  "13": "GA", "15": "HI", "16": "ID", "17": "IL", "18": "IN", "19": "IA", "20": "KS", "21": "KY", "22": "LA", "23": "ME",
  "24": "MD", "25": "MA", "26": "MI", "27": "MN", "28": "MS", "29": "MO", "30": "MT", "31": "NE", "32": "NV", "33": "NH",
  "34": "NJ", "35": "NM", "36": "NY", "37": "NC", "38": "ND", "39": "OH", "40": "OK", "41": "OR", "42": "PA", "44": "RI",
  "45": "SC", "46": "SD", "47": "TN", "48": "TX", "49": "UT", "50": "VT", "51": "VA", "53": "WA", "54": "WV", "55": "WI",
  "56": "WY", "60": "AS", "66": "GU", "69": "MP", "72": "PR", "78": "VI",
};
// already projected (Albers USA, 975×610): drawn as it is, with no projection; whole units are
// enough for a map drawn at most ~1000 px wide
const atlas = JSON.parse(readFileSync(require.resolve("us-atlas/states-albers-10m.json"), "utf8"));
const path = geoPath().digits(0);
const states = feature(atlas, atlas.objects.states).features.flatMap((s) => {
  const code = POSTAL_BY_FIPS[String(s.id)];
  const d = path(s);
  if (!code || !d) return [];
  const [x, y] = path.centroid(s);
  return [{ code, name: s.properties?.name ?? code, d, centroid: [Math.round(x), Math.round(y)] }];
});
writeFileSync(new URL("us-states.json", out), JSON.stringify(states));
console.log(`${rows.length} ZIP codes, ${states.length} states`);
