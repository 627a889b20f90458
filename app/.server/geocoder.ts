import { isZip, messages } from "~/lib/field-rules";
import type { AssetReader } from "./services";

/** Where an address is: its city, state and coordinates (degrees, WGS 84). */
export type Place = { zip: string; city: string; state: string; latitude: number; longitude: number };
export type Lookup = { ok: true; place: Place; source: "zip" | "provider" } | { ok: false; message: string };
export type Address = { street: string; zip: string };

/** Turns an address into a place; the app holds one, chosen by GEOCODER_URL. */
export interface Geocoder {
  lookup(address: Address): Promise<Lookup>;
}

export const UNKNOWN_ZIP = "We know no place with this zip code. Check it, or enter the city yourself.";

/** The ZIP table, a public asset written by scripts/geo-assets.mjs (its format is described there). */
export const ZIP_TABLE_ASSET = "/geo/zip-centroids.txt";

type ZipRow = { city: string; state: string; latitude: number; longitude: number };
export type ZipTable = ReadonlyMap<string, ZipRow>;

/** Unpacks the ZIP table's text: one line per ZIP code, each value a difference from the line before. */
export function parseZipTable(text: string): ZipTable {
  const byZip = new Map<string, ZipRow>();
  let zip = 0, lat = 0, lng = 0, city = "", state = "";
  for (const line of text.split("\n")) {
    const [dz, dla, dlo, c, s] = line.split("|") as [string, string, string, string, string?];
    zip += dz === "" ? 1 : Number(dz);
    lat += parseInt(dla, 36);
    lng += parseInt(dlo, 36);
    if (c) city = c;
    if (s) state = s;
    byZip.set(String(zip).padStart(5, "0"), { city, state, latitude: lat / 100, longitude: lng / 100 });
  }
  return byZip;
}

// the unpacked table, kept once read (per process, or per Worker isolate); a pending read is not
// shared, since a Worker may not await another request's I/O
let loaded: ZipTable | null = null;

/** The ZIP table, read from the app's assets on first use. */
export async function zipTable(assets: AssetReader): Promise<ZipTable> {
  return (loaded ??= parseZipTable(await assets.text(ZIP_TABLE_ASSET)));
}

/** The ZIP code's centroid, city and state from the ZIP table: no network. */
export function placeOfZip(table: ZipTable, zip: string): Lookup {
  const code = zip.trim();
  if (!isZip(code)) return { ok: false, message: messages.zip };
  const row = table.get(code.slice(0, 5));
  return row ? { ok: true, source: "zip", place: { zip: code.slice(0, 5), ...row } } : { ok: false, message: UNKNOWN_ZIP };
}

export const zipGeocoder = (assets: AssetReader): Geocoder => ({ lookup: async ({ zip }) => placeOfZip(await zipTable(assets), zip) });

type CensusMatch = { coordinates?: { x?: number; y?: number }; addressComponents?: { city?: string; state?: string; zip?: string } };

/**
 * A geocoder answering as the U.S. Census Bureau's does (`…/locations/onelineaddress?benchmark=…&format=json`,
 * the address appended). A provider that fails, times out or finds nothing falls back to the ZIP code,
 * so the seller always gets an answer.
 */
export function providerGeocoder(url: string, assets: AssetReader, fetcher: typeof fetch = fetch): Geocoder {
  return {
    async lookup(address) {
      const byZipCode = placeOfZip(await zipTable(assets), address.zip);
      if (!byZipCode.ok) return byZipCode;
      try {
        const target = new URL(url);
        target.searchParams.set("address", `${address.street}, ${address.zip}`);
        const response = await fetcher(target, { signal: AbortSignal.timeout(5000), headers: { accept: "application/json" } });
        if (!response.ok) return byZipCode;
        const body = (await response.json()) as { result?: { addressMatches?: CensusMatch[] } };
        const match = body.result?.addressMatches?.[0];
        const { x, y } = match?.coordinates ?? {};
        if (typeof x !== "number" || typeof y !== "number") return byZipCode;
        const parts = match?.addressComponents ?? {};
        return {
          ok: true,
          source: "provider",
          place: {
            zip: parts.zip || byZipCode.place.zip,
            city: titleCase(parts.city) || byZipCode.place.city,
            state: parts.state || byZipCode.place.state,
            latitude: Math.round(y * 1e5) / 1e5,
            longitude: Math.round(x * 1e5) / 1e5,
          },
        };
      } catch {
        return byZipCode;
      }
    },
  };
}

const titleCase = (s: string | undefined) => (s ?? "").toLowerCase().replace(/\b\p{L}/gu, (c) => c.toUpperCase());

/** The provider named by GEOCODER_URL, else the ZIP table. */
export const geocoderFor = (env: { GEOCODER_URL?: string }, assets: AssetReader): Geocoder =>
  env.GEOCODER_URL ? providerGeocoder(env.GEOCODER_URL, assets) : zipGeocoder(assets);
