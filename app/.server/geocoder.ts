import { isZip, messages } from "~/lib/field-rules";
import { ZIP_CENTROIDS } from "./geo/zip-centroids.data";

/** Where an address is: its city, state and coordinates (degrees, WGS 84). */
export type Place = { zip: string; city: string; state: string; latitude: number; longitude: number };
export type Lookup = { ok: true; place: Place; source: "zip" | "provider" } | { ok: false; message: string };
export type Address = { street: string; zip: string };

/** Turns an address into a place; the app holds one, chosen by GEOCODER_URL. */
export interface Geocoder {
  lookup(address: Address): Promise<Lookup>;
}

export const UNKNOWN_ZIP = "We know no place with this zip code. Check it, or enter the city yourself.";

type ZipRow = { city: string; state: string; latitude: number; longitude: number };
let byZip: Map<string, ZipRow> | null = null;

/** The bundled ZIP table, unpacked on first use (once per process or isolate; see scripts/zip-centroids.mjs for the format). */
function zipTable() {
  if (byZip) return byZip;
  byZip = new Map();
  let zip = 0, lat = 0, lng = 0, city = "", state = "";
  for (const line of ZIP_CENTROIDS.split("\n")) {
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

/** The ZIP code's centroid, city and state from the bundled table: no network. */
export function placeOfZip(zip: string): Lookup {
  const code = zip.trim();
  if (!isZip(code)) return { ok: false, message: messages.zip };
  const row = zipTable().get(code.slice(0, 5));
  return row ? { ok: true, source: "zip", place: { zip: code.slice(0, 5), ...row } } : { ok: false, message: UNKNOWN_ZIP };
}

export const zipGeocoder: Geocoder = { lookup: async ({ zip }) => placeOfZip(zip) };

type CensusMatch = { coordinates?: { x?: number; y?: number }; addressComponents?: { city?: string; state?: string; zip?: string } };

/**
 * A geocoder answering as the U.S. Census Bureau's does (`…/locations/onelineaddress?benchmark=…&format=json`,
 * the address appended). A provider that fails, times out or finds nothing falls back to the ZIP code,
 * so the seller always gets an answer.
 */
export function providerGeocoder(url: string, fetcher: typeof fetch = fetch): Geocoder {
  return {
    async lookup(address) {
      const byZipCode = placeOfZip(address.zip);
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

/** The provider named by GEOCODER_URL, else the bundled ZIP table. */
export const geocoderFor = (env: { GEOCODER_URL?: string }): Geocoder => (env.GEOCODER_URL ? providerGeocoder(env.GEOCODER_URL) : zipGeocoder);
