import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StaticPager } from "./pager";

const draw = (props: { page: number; total: number; more?: boolean; showNone?: boolean }) =>
  renderToStaticMarkup(<StaticPager {...props} pageSize={25} noun="customers" at={{ pathname: "/admin/customers", search: "?q=le" }} />).replace(/<span>&#8211;<\/span>/g, "-");

describe("the pager", () => {
  it("says how many there are, and offers the pages before and after", () => {
    const html = draw({ page: 2, total: 60 });
    expect(html).toContain("26-50 of 60 customers");
    expect(html).toContain("Page 2 of 3");
    expect(html).toContain('href="/admin/customers?q=le"');
    expect(html).toContain('href="/admin/customers?q=le&amp;page=3"');
  });

  it("for a count that stopped at a cap, says there are more than it counted and still offers the next page (decision 104)", () => {
    const first = draw({ page: 1, total: 1_000, more: true });
    expect(first).toContain("1-25 of more than 1,000 customers");
    expect(first).not.toMatch(/Page 1 of/);
    expect(first).toContain('href="/admin/customers?q=le&amp;page=2"');
    // at the cap's last page the count reaches the page's end, and the next page is still offered
    const deep = draw({ page: 41, total: 1_025, more: true });
    expect(deep).toContain("1,001-1,025 of more than 1,025 customers");
    expect(deep).toContain('href="/admin/customers?q=le&amp;page=42"');
    expect(deep).toContain('href="/admin/customers?q=le&amp;page=40"');
  });

  it("with none, leaves saying so to the table's empty row, and tells only screen readers (\"No campaigns yet.\" was followed by \"No campaigns\")", () => {
    expect(draw({ page: 1, total: 0 })).toContain('<p aria-live="polite" class="sr-only">No customers</p>');
    // a list that says nothing when empty has the pager say it
    expect(draw({ page: 1, total: 0, showNone: true })).toContain('<p aria-live="polite">No customers</p>');
    expect(draw({ page: 1, total: 3 })).toContain('<p aria-live="polite">1');
  });
});
