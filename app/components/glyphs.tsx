/**
 * Characters past U+00FF, written as character references. A page whose markup has none is a
 * one-byte string on the server, which copies and encodes in half the time or less; one dash drawn
 * as text made the whole page two bytes a character (static-html.server.ts does the same for the
 * markup drawn once). Each is its own <span>, which reads as the character itself.
 */
function Char({ code, hidden = false }: { code: number; hidden?: boolean }) {
  return <span aria-hidden={hidden || undefined} dangerouslySetInnerHTML={{ __html: `&#${code};` }} />;
}

/** "—": a value not given. */
export const NoValue = () => <Char code={0x2014} />;

/** "–": between the two ends of a range. */
export const EnDash = () => <Char code={0x2013} />;

/** An arrow beside a label that says the same ("Next", a sorted column): hidden from screen readers. */
export const Arrow = ({ to }: { to: "up" | "down" | "left" | "right" }) => <Char code={ARROWS[to]} hidden />;
const ARROWS = { left: 0x2190, up: 0x2191, right: 0x2192, down: 0x2193 };
