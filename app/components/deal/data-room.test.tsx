import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DocumentList } from "./data-room";

describe("the data room's list", () => {
  it("links each file as a plain link, the server's attachment header saving it, so a refusal's page is shown (a download link hid it: the save just failed)", () => {
    const html = renderToStaticMarkup(<DocumentList projectId={13} documents={[{ id: 7, name: "Memo.pdf", typeLabel: "PDF", size: 1_024, createdAt: "2026-12-01T00:00:00.000Z" }]} />);
    expect(html).toContain('href="/projects/more-details/13/documents/7"');
    expect(html).not.toMatch(/<a[^>]*\sdownload/);
  });
});
