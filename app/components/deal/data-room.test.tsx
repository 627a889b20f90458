import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { serverPage } from "../../../tests/support/server-page";
import { DocumentList } from "./data-room";

describe("the data room's list", () => {
  it("links each file as a plain link, the server's attachment header saving it, so a refusal's page is shown (a download link hid it: the save just failed)", () => {
    const html = renderToStaticMarkup(<DocumentList projectId={13} documents={[{ id: 7, name: "Memo.pdf", typeLabel: "PDF", size: 1_024, createdAt: "2026-12-01T00:00:00.000Z" }]} />);
    expect(html).toContain('href="/projects/more-details/13/documents/7"');
    expect(html).not.toMatch(/<a[^>]*\sdownload/);
  });
});

describe("a data-room file's removal", () => {
  const doc = { id: 7, name: "Memo.pdf", typeLabel: "PDF", size: 1_024, createdAt: "2026-12-01T00:00:00.000Z" };
  it("is behind a second, worded click that works without JavaScript: a closed <details> holds the form and its button", async () => {
    const html = await serverPage(() => <DocumentList projectId={13} documents={[doc]} manage />, "/sellers/myprojects/13", { loaderData: {} });
    expect(html).not.toMatch(/<details[^>]*\bopen/);
    const hidden = /<details[^>]*>(.*)<\/details>/s.exec(html)?.[1] ?? "";
    expect(hidden).toMatch(/<summary[^>]*>Remove&#8230;<\/summary>/);
    expect(hidden).toMatch(/<form[^>]*method="post"/);
    expect(hidden).toMatch(/<button[^>]*name="intent"[^>]*value="delete-document"[^>]*>Yes, remove Memo\.pdf<\/button>/);
    // the one button that removes is the one inside
    expect(html.replace(hidden, "")).not.toMatch(/delete-document/);
  });
  it("is not offered to a reader", () => {
    expect(renderToStaticMarkup(<DocumentList projectId={13} documents={[doc]} />)).not.toMatch(/delete-document|<details/);
  });
});
