import { describe, expect, it } from "vitest";
import { projectGridBody } from "./project-cells.server";
import { resolvePreferences, TABLES } from "~/lib/table-preferences";
import type { ProjectRow } from "~/lib/projects";

const name = "Variable universal life premium finance loans #167";
const row = { id: 167, projectName: name, industry: "Insurance", updatedAt: new Date("2026-11-02T00:00:00Z") } as unknown as ProjectRow;

describe("a project table's name cell", () => {
  it("on a phone keeps the name column wide enough, two lines at most, with the whole name in its title", () => {
    const view = resolvePreferences(TABLES.projectSearch, null);
    const { html } = projectGridBody("projectSearch", view, [row], { href: (r) => `/projects/more-details/${r.id}`, empty: "None." });
    const link = html.match(/<a [^>]*href="\/projects\/more-details\/167"[^>]*>([^<]*)<\/a>/);
    expect(link?.[1]).toBe(name);
    // squeezed to its longest word, the column kept in view wrapped a name to four or five lines at 390 px
    expect(link?.[0]).toMatch(/class="[^"]*\bkept-name\b/);
    expect(link?.[0]).toContain(`title="${name}"`);
  });
});
