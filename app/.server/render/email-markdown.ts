import type { Marked, Tokens } from "marked";

/**
 * A campaign's body is typed as Markdown (the spec's editor: headings up to six, quote, code, bold,
 * italic, strike, rule, lists, image and link syntax) and sent twice over: as typed (the text part)
 * and drawn as HTML here. Nothing typed becomes markup of its own: raw HTML is shown as text, and a
 * link goes only to http, https, mailto or tel (an image only to http or https), else its text stays.
 */
const LINK_SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);
const IMAGE_SCHEMES = new Set(["http:", "https:"]);

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The address when its scheme is one of those allowed; null for any other, and for a relative one (no page to be relative to in a mailbox). */
function allowedHref(href: string, schemes: Set<string>) {
  try {
    const url = new URL(href.trim());
    return schemes.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

// Inline styles only: most mail clients drop a <style> element
const STYLE = {
  body: "margin:0;padding:24px;background:#ffffff;color:#0f172a;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.55",
  quote: "margin:0 0 1em;padding-left:12px;border-left:3px solid #cbd5e1;color:#475569",
  code: "font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;background:#f1f5f9;border-radius:3px;padding:1px 4px",
  pre: "font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;background:#f1f5f9;border-radius:4px;padding:12px;overflow-x:auto;white-space:pre-wrap",
  rule: "border:0;border-top:1px solid #e2e8f0;margin:1.5em 0",
  foot: "margin-top:2em;font-size:12px;color:#64748b",
};

// marked builds its many regular expressions as it loads, some 13 ms of a new Worker's start in local workerd
// that only a campaign's e-mail needs: it is loaded with the first one drawn
let loaded: Promise<Marked> | undefined;
const markdown = () =>
  (loaded ??= import("marked").then(
    ({ Marked }) =>
      new Marked({
        gfm: true,
        // a line break typed is a line break sent, as in the text part (letters are typed that way)
        breaks: true,
        async: false,
        renderer: {
          html({ text }: Tokens.HTML | Tokens.Tag) {
            return escapeHtml(text);
          },
          link({ href, title, tokens }: Tokens.Link) {
            const inner = this.parser.parseInline(tokens);
            const to = allowedHref(href, LINK_SCHEMES);
            if (!to) return inner;
            return `<a href="${escapeHtml(to)}"${title ? ` title="${escapeHtml(title)}"` : ""} style="color:#1d4ed8">${inner}</a>`;
          },
          image({ href, title, text }: Tokens.Image) {
            const src = allowedHref(href, IMAGE_SCHEMES);
            if (!src) return escapeHtml(text);
            return `<img src="${escapeHtml(src)}" alt="${escapeHtml(text)}"${title ? ` title="${escapeHtml(title)}"` : ""} style="max-width:100%;height:auto">`;
          },
          blockquote({ tokens }: Tokens.Blockquote) {
            return `<blockquote style="${STYLE.quote}">${this.parser.parse(tokens)}</blockquote>\n`;
          },
          codespan({ text }: Tokens.Codespan) {
            return `<code style="${STYLE.code}">${escapeHtml(text)}</code>`;
          },
          code({ text }: Tokens.Code) {
            return `<pre style="${STYLE.pre}"><code>${escapeHtml(text)}</code></pre>\n`;
          },
          hr() {
            return `<hr style="${STYLE.rule}">\n`;
          },
        },
      }),
  ));

/** The body's Markdown as HTML; an empty body is an empty string. */
export async function markdownToHtml(text: string) {
  if (!text.trim()) return "";
  return (await markdown()).parse(text) as string;
}

/**
 * Backslash before every ASCII punctuation mark (CommonMark escapes each of them), for a value put
 * into a body before it is drawn: a company called "*Prime* Credit" stays as it is named.
 */
export const escapeMarkdown = (text: string) => text.replace(/[!-/:-@[-`{-~]/g, "\\$&");

/**
 * The e-mail's HTML part: the body drawn, and the unsubscribe link at its foot (the text part says
 * the same in words).
 */
export async function campaignEmailHtml(markdown: string, { unsubscribe }: { unsubscribe: string }) {
  const link = allowedHref(unsubscribe, LINK_SCHEMES);
  const content =
    (await markdownToHtml(markdown)) +
    `<p style="${STYLE.foot}">To stop receiving these e-mails, ${link ? `<a href="${escapeHtml(link)}" style="color:#64748b">unsubscribe</a>` : "unsubscribe"}.</p>`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head><body style="${STYLE.body}"><div style="max-width:640px;margin:0 auto">${content}</div></body></html>`;
}
