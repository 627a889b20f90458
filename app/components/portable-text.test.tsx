import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { markdown } from "../../cms/seed/markdown";
import { PortableText } from "./portable-text";

const render = (value: unknown[], images = null as { projectId: string; dataset: string } | null) =>
  renderToStaticMarkup(<PortableText value={value} images={images} />);

describe("Portable Text on the page", () => {
  it("renders headings H1–H6 (an H1 of the text as a section under the page's one h1), quotes, code, marks, lists and rules", () => {
    const html = render(
      markdown(`
# One
###### Six
> Quoted
Some **bold**, *italic*, ~~struck~~ and \`code\`.
- first
1. numbered
---
\`\`\`sql
select 1
\`\`\`
`),
    );
    // the page's title is its h1: a second one made the page's outline two pages (in h1's size still)
    expect(html).toContain('<h2 class="mt-8 text-3xl font-bold">One</h2>');
    expect(html).not.toContain("<h1");
    expect(html).toMatch(/<h6[^>]*>Six<\/h6>/);
    expect(html).toMatch(/<blockquote[^>]*>Quoted<\/blockquote>/);
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>italic</em>");
    expect(html).toContain("<s>struck</s>");
    expect(html).toMatch(/<code[^>]*>code<\/code>/);
    expect(html).toMatch(/<ul[^>]*><li>first<\/li><\/ul>/);
    expect(html).toMatch(/<ol[^>]*><li>numbered<\/li><\/ol>/);
    expect(html).toMatch(/<hr/);
    expect(html).toMatch(/<pre[^>]*data-language="sql"[^>]*><code>select 1<\/code><\/pre>/);
  });

  it("keeps only http, https, mailto and tel links (and site paths); anything else is text", () => {
    const html = render(
      markdown(
        "[web](https://bank.example) [mail](mailto:a@b.example) [phone](tel:+12125550100) [page](/terms) [evil](javascript:alert(1)) [data](data:text/html,x)",
      ),
    );
    expect(html).toContain('href="https://bank.example"');
    expect(html).toContain('href="mailto:a@b.example"');
    expect(html).toContain('href="tel:+12125550100"');
    expect(html).toContain('href="/terms"');
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("data:text");
    expect(html).toContain("evil");
  });

  it("renders images from Sanity's CDN with a width and alt text", () => {
    const html = render(
      [{ _type: "image", _key: "i1", alt: "A warehouse", asset: { _ref: "image-abc123-1200x800-jpg" } }],
      { projectId: "proj1", dataset: "production" },
    );
    expect(html).toContain('src="https://cdn.sanity.io/images/proj1/production/abc123-1200x800.jpg?w=960&amp;auto=format"');
    expect(html).toContain('alt="A warehouse"');
    expect(html).toContain('width="960"');
  });

  it("gives an image its height as well, from the dimensions the query reads, so the text below it does not jump as it loads", () => {
    const html = render(
      [{ _type: "image", _key: "i1", alt: "A warehouse", asset: { _ref: "image-abc123-1200x800-jpg" }, dimensions: { width: 1200, height: 800, aspectRatio: 1.5 } }],
      { projectId: "proj1", dataset: "production" },
    );
    expect(html).toContain('width="960"');
    expect(html).toContain('height="640"');
    // without dimensions, no height is made up
    expect(render([{ _type: "image", _key: "i2", alt: "A map", url: "https://cdn.example/map.png" }])).not.toContain("height=");
  });

  it("never lets raw HTML or unknown types through", () => {
    const html = render([
      { _type: "html", _key: "x", html: "<script>alert(1)</script>" },
      { _type: "block", _key: "b", style: "normal", markDefs: [], children: [{ _type: "span", _key: "s", text: "<b>not bold</b>", marks: [] }] },
    ]);
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;b&gt;not bold&lt;/b&gt;");
  });
});
