import { describe, expect, it } from "vitest";
import { sha256Hex } from "./crypto";

const encoder = new TextEncoder();

describe("sha256Hex", () => {
  it("matches the FIPS 180-2 test vector", async () => {
    expect(await sha256Hex(encoder.encode("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("hashes a string as its UTF-8 bytes", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await sha256Hex("Zoë")).toBe(await sha256Hex(encoder.encode("Zoë")));
  });
});
