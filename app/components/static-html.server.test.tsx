import { describe, expect, it } from "vitest";
import { staticMarkup, staticMarkupOf } from "./static-html.server";

describe("staticMarkup", () => {
  it("draws a component once for the same props, and again when they change", () => {
    let draws = 0;
    function Count({ label, n }: { label: string; n: number }) {
      draws++;
      return (
        <p>
          {label}: {n}
        </p>
      );
    }
    expect(staticMarkup(<Count label="Views" n={3} />).html).toBe("<p>Views: 3</p>");
    expect(staticMarkup(<Count label="Views" n={3} />).html).toBe("<p>Views: 3</p>");
    expect(draws).toBe(1);
    expect(staticMarkup(<Count label="Views" n={4} />).html).toBe("<p>Views: 4</p>");
    expect(draws).toBe(2);
  });

  it("keeps two components with the same props apart", () => {
    const A = ({ n }: { n: number }) => <i>{n}</i>;
    const B = ({ n }: { n: number }) => <b>{n}</b>;
    expect(staticMarkup(<A n={1} />).html).toBe("<i>1</i>");
    expect(staticMarkup(<B n={1} />).html).toBe("<b>1</b>");
  });
});

describe("staticMarkupOf", () => {
  it("builds a chart's props and markup once for the same inputs", () => {
    let built = 0;
    const Bars = ({ heights }: { heights: number[] }) => <svg>{heights.map((h, i) => <rect key={i} height={h} />)}</svg>;
    const draw = (counts: number[]) =>
      staticMarkupOf(["bars", counts], () => {
        built++;
        return <Bars heights={counts.map((c) => c * 10)} />;
      });
    expect(draw([1, 2]).html).toBe('<svg><rect height="10"></rect><rect height="20"></rect></svg>');
    expect(draw([1, 2]).html).toBe('<svg><rect height="10"></rect><rect height="20"></rect></svg>');
    expect(built).toBe(1);
    expect(draw([3]).html).toBe('<svg><rect height="30"></rect></svg>');
    expect(built).toBe(2);
  });
});

describe("markup drawn once", () => {
  it("writes characters past U+00FF as character references, which read as the same text", () => {
    const Cell = ({ value }: { value: string | null }) => <td title={value ?? "none"}>{value ?? "—"} ☰ 😀 café</td>;
    const { html } = staticMarkup(<Cell value={null} />);
    expect(html).toBe("<td title=\"none\">&#8212; &#9776; &#128512; café</td>");
    expect([...html].every((c) => c.charCodeAt(0) <= 0xff)).toBe(true);
    const text = html.replace(/<[^>]+>/g, "").replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)));
    expect(text).toBe("— ☰ 😀 café");
  });
});
