import { readFile } from "node:fs/promises";
import { describe, expect, it, vi } from "vitest";
import { placeOfZip, providerGeocoder, UNKNOWN_ZIP, zipTable, type ZipTable } from "./geocoder";
import { diskAssets, MissingAssetError } from "./platform/assets";

// the Node server's reader over the real public/geo file
const assets = diskAssets((file) => readFile(file, "utf8"));
const table: ZipTable = await zipTable(assets);
const placeOf = (zip: string) => placeOfZip(table, zip);

describe("placeOfZip (the ZIP table in public/geo)", () => {
  it("finds a known ZIP code's city, state and centroid", () => {
    const found = placeOf("60601");
    expect(found).toMatchObject({ ok: true, source: "zip", place: { zip: "60601", city: "Chicago", state: "IL" } });
    if (!found.ok) throw new Error("not found");
    expect(found.place.latitude).toBeCloseTo(41.89, 1);
    expect(found.place.longitude).toBeCloseTo(-87.62, 1);
  });

  it("keeps leading zeros and reads ZIP+4", () => {
    expect(placeOf("02108")).toMatchObject({ ok: true, place: { zip: "02108", city: "Boston", state: "MA" } });
    expect(placeOf(" 10001-1234 ")).toMatchObject({ ok: true, place: { zip: "10001", city: "New York", state: "NY" } });
  });

  it("answers an unknown ZIP code and a malformed one in words", () => {
    expect(placeOf("00000")).toEqual({ ok: false, message: UNKNOWN_ZIP });
    expect(placeOf("6060")).toEqual({ ok: false, message: "Invalid zip code." });
  });
});

describe("providerGeocoder", () => {
  const census = (body: unknown, status = 200) => vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

  it("reads the Census answer's coordinates and address", async () => {
    const fetcher = census({
      result: { addressMatches: [{ coordinates: { x: -87.6244, y: 41.8857 }, addressComponents: { city: "CHICAGO", state: "IL", zip: "60601" } }] },
    });
    const found = await providerGeocoder("https://geocoder.test/onelineaddress?format=json", assets, fetcher).lookup({ street: "100 E Wacker Dr", zip: "60601" });
    expect(found).toEqual({ ok: true, source: "provider", place: { zip: "60601", city: "Chicago", state: "IL", latitude: 41.8857, longitude: -87.6244 } });
    const url = new URL(String((fetcher as unknown as { mock: { calls: unknown[][] } }).mock.calls[0]![0]));
    expect(url.searchParams.get("address")).toBe("100 E Wacker Dr, 60601");
  });

  it("falls back to the ZIP code when the provider finds nothing or fails", async () => {
    const none = await providerGeocoder("https://geocoder.test/", assets, census({ result: { addressMatches: [] } })).lookup({ street: "1 Nowhere", zip: "60601" });
    expect(none).toMatchObject({ ok: true, source: "zip", place: { city: "Chicago" } });
    const down = await providerGeocoder("https://geocoder.test/", assets, census({}, 503)).lookup({ street: "1 Main St", zip: "02108" });
    expect(down).toMatchObject({ ok: true, source: "zip", place: { city: "Boston" } });
  });
});

describe("diskAssets", () => {
  it("names the asset it could not read", async () => {
    await expect(diskAssets((file) => readFile(file, "utf8")).text("/geo/absent.txt")).rejects.toThrow(MissingAssetError);
  });
});
