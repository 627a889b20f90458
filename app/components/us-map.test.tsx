import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UsMap } from "./us-map";

describe("the US map's dots", () => {
  it("each have a larger target under every dot, to the same project, out of the tab order and hidden from screen readers", () => {
    // 3 px dots on a 360 px phone, too small to tap
    const dots = [
      { id: 1, x: 600, y: 250, label: "Pool A", href: "/projects/more-details/1" },
      { id: 2, x: 607, y: 250, label: "Pool B", href: "/projects/more-details/2" },
    ];
    const html = renderToStaticMarkup(<UsMap title="Map" description="Dots" width={975} height={610} states={[]} dots={dots} counts={[]} noun="projects" />);
    const targets = html.match(/<g fill="transparent" class="([^"]+)" aria-hidden="true">(.*?)<\/g>/)!;
    expect(targets[2]).toBe('<a href="/projects/more-details/1" tabindex="-1"><circle cx="600" cy="250"></circle></a><a href="/projects/more-details/2" tabindex="-1"><circle cx="607" cy="250"></circle></a>');
    // their radius set by the map's drawn width (the browser's check is phone.spec.ts)
    expect(targets[1]).toContain("[&amp;_circle]:[r:49px]");
    // the dots come after their targets, so each is drawn over them, and are the links a keyboard and a screen reader reach
    expect(html.indexOf('aria-label="Pool A"')).toBeGreaterThan(html.indexOf(targets[0]!) + targets[0]!.length - 1);
    expect(html).toContain('<div class="@container"><svg');
  });
});
