import { describe, expect, it } from "vitest";
import { campaignEmailHtml, escapeMarkdown, markdownToHtml } from "./email-markdown";

describe("a campaign's Markdown drawn as the e-mail's HTML part", () => {
  it("draws the spec's editor syntax: headings to six, quote, code, bold, italic, strike, rule, lists, image and link", async () => {
    const html = await markdownToHtml(
      "# Deal\n###### Small print\n> Quoted\n\n```\nline <1>\n```\n**bold** _italic_ ~~gone~~ `code`\n\n---\n- one\n- two\n1. first\n\n![Pool map](https://cdn.example/map.png) [the teaser](https://market.test/p/7)",
    );
    expect(html).toContain("<h1>Deal</h1>");
    expect(html).toContain("<h6>Small print</h6>");
    expect(html).toMatch(/<blockquote[^>]*><p>Quoted<\/p>/);
    expect(html).toMatch(/<pre[^>]*><code>line &lt;1&gt;<\/code><\/pre>/);
    expect(html).toContain("<strong>bold</strong> <em>italic</em> <del>gone</del>");
    expect(html).toMatch(/<code[^>]*>code<\/code>/);
    expect(html).toMatch(/<hr[^>]*>/);
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>\s*<ol>\s*<li>first<\/li>/);
    expect(html).toMatch(/<img src="https:\/\/cdn\.example\/map\.png" alt="Pool map"/);
    expect(html).toMatch(/<a href="https:\/\/market\.test\/p\/7"[^>]*>the teaser<\/a>/);
  });

  it("keeps a typed line break, and an empty body is empty", async () => {
    expect(await markdownToHtml("Dear Ann,\nthe pool is out.")).toBe("<p>Dear Ann,<br>the pool is out.</p>\n");
    expect(await markdownToHtml("  \n ")).toBe("");
  });

  it("links only to http, https, mailto and tel, and shows an image only from http or https; anything else keeps its text", async () => {
    const html = await markdownToHtml(
      "[a](mailto:desk@market.test) [b](tel:+12125550100) [c](javascript:alert(1)) [d](JaVaScRiPt:alert(1)) [e](/relative) [f](data:text/html,x) ![g](data:image/png;base64,AA) ![h](ftp://x.test/i.png)",
    );
    expect(html).toMatch(/<a href="mailto:desk@market\.test"[^>]*>a<\/a>/);
    expect(html).toMatch(/<a href="tel:\+12125550100"[^>]*>b<\/a>/);
    expect(html).not.toMatch(/javascript|data:|ftp:|href="\/relative"/i);
    expect(html).toContain(" c d e f g h</p>");
  });

  it("shows typed HTML as text, never as markup", async () => {
    const html = await markdownToHtml('<script>alert(1)</script>\n\nHi <img src=x onerror="alert(1)"> <b>there</b>');
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("escapes a value so that it is drawn as it is named", async () => {
    expect(await markdownToHtml(`Dear ${escapeMarkdown("*Prime* [Credit](javascript:x) <b>")}`)).toBe("<p>Dear *Prime* [Credit](javascript:x) &lt;b&gt;</p>\n");
  });

  it("is a whole page with the unsubscribe link at its foot", async () => {
    const page = await campaignEmailHtml("**Hello**", { unsubscribe: "https://market.test/unsubscribe/abc.def" });
    expect(page).toMatch(/^<!doctype html><html>/);
    expect(page).toContain("<strong>Hello</strong>");
    expect(page).toMatch(/To stop receiving these e-mails, <a href="https:\/\/market\.test\/unsubscribe\/abc\.def"[^>]*>unsubscribe<\/a>\./);
  });
});
