import { describe, expect, it } from "vitest";
import { importUploaded } from "./csv-upload";

describe("a system-data import's file", () => {
  it("is read as Windows-1252 when it is not UTF-8 (the SIC titles, the property assumptions' names), as UTF-8 when it is", async () => {
    const csv = "code,title,division\n9999,Caf\u00e9s et h\u00f4tels,I\n";
    const read: string[] = [];
    const run = async ({ text }: { text: string }) => (read.push(text), { imported: 1, errors: [] });
    await importUploaded(null as never, new File([new Uint8Array([...csv].map((c) => c.charCodeAt(0)))], "sic.csv"), 10_000, run);
    await importUploaded(null as never, new File([csv], "sic.csv"), 10_000, run);
    expect(read).toEqual([csv, csv]);
  });
});
