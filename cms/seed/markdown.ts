/**
 * A small Markdown-to-Portable-Text converter for writing the seed pages by hand:
 * "#".."######" headings, "> " quotes, "- " and "1. " lists, "---" rules, "```" code
 * blocks, and inline **bold**, *italic*, ~~strike~~, `code` and [links](href).
 */
type Span = { _type: "span"; _key: string; text: string; marks: string[] };
type MarkDef = { _type: "link"; _key: string; href: string };
export type Block =
  | { _type: "block"; _key: string; style: string; children: Span[]; markDefs: MarkDef[]; listItem?: string; level?: number }
  | { _type: "codeBlock"; _key: string; language: string; code: string }
  | { _type: "rule"; _key: string; style: "line" };

let keyCounter = 0;
const key = (prefix: string) => `${prefix}${(keyCounter++).toString(36).padStart(4, "0")}`;

const INLINE = /(\*\*(.+?)\*\*|~~(.+?)~~|\*(.+?)\*|`(.+?)`|\[(.+?)\]\((\S+?)\))/;

function spans(text: string, prefix: string) {
  const children: Span[] = [];
  const markDefs: MarkDef[] = [];
  let rest = text;
  while (rest) {
    const match = INLINE.exec(rest);
    if (!match) {
      children.push({ _type: "span", _key: key(prefix), text: rest, marks: [] });
      break;
    }
    if (match.index > 0) children.push({ _type: "span", _key: key(prefix), text: rest.slice(0, match.index), marks: [] });
    const [, , bold, strike, italic, code, linkText, href] = match;
    if (bold) children.push({ _type: "span", _key: key(prefix), text: bold, marks: ["strong"] });
    else if (strike) children.push({ _type: "span", _key: key(prefix), text: strike, marks: ["strike-through"] });
    else if (italic) children.push({ _type: "span", _key: key(prefix), text: italic, marks: ["em"] });
    else if (code) children.push({ _type: "span", _key: key(prefix), text: code, marks: ["code"] });
    else if (linkText && href) {
      const def: MarkDef = { _type: "link", _key: key(prefix), href };
      markDefs.push(def);
      children.push({ _type: "span", _key: key(prefix), text: linkText, marks: [def._key] });
    }
    rest = rest.slice(match.index + match[0].length);
  }
  return { children, markDefs };
}

export function markdown(source: string, prefix = "b"): Block[] {
  const blocks: Block[] = [];
  const lines = source.trim().split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    if (line.startsWith("```")) {
      const language = line.slice(3).trim() || "text";
      const code: string[] = [];
      while (++i < lines.length && !lines[i]!.trim().startsWith("```")) code.push(lines[i]!);
      blocks.push({ _type: "codeBlock", _key: key(prefix), language, code: code.join("\n") });
      continue;
    }
    if (line === "---") {
      blocks.push({ _type: "rule", _key: key(prefix), style: "line" });
      continue;
    }
    let style = "normal";
    let text = line;
    let listItem: string | undefined;
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      style = `h${heading[1]!.length}`;
      text = heading[2]!;
    } else if (line.startsWith("> ")) {
      style = "blockquote";
      text = line.slice(2);
    } else if (line.startsWith("- ")) {
      listItem = "bullet";
      text = line.slice(2);
    } else if (/^\d+\.\s/.test(line)) {
      listItem = "number";
      text = line.replace(/^\d+\.\s/, "");
    }
    blocks.push({
      _type: "block",
      _key: key(prefix),
      style,
      ...spans(text, prefix),
      ...(listItem ? { listItem, level: 1 } : {}),
    });
  }
  return blocks;
}
