import { describe, expect, it } from "vitest";
import { dealRowsBody, type DealRow } from "./rows.server";

const name = "Variable universal life premium finance loans #167";
const row: DealRow = { projectId: 167, projectName: name, ndaStatus: "Signed", offerStatus: null, closed: null, since: 0, lastActivity: 0, href: "/projects/more-details/167" };

describe("a deal's row", () => {
  // squeezed beside four other columns, the project column kept in view on a phone wrapped a name to five lines
  it("names its project in the column kept in view, wide enough on a phone and whole in its title", () => {
    const { html } = dealRowsBody([row]);
    expect(html).toMatch(new RegExp(`<a href="/projects/more-details/167" class="link kept-name" title="${name}">${name}</a>`));
  });

  it("does so too for a listing the buyer can no longer open", () => {
    const { html } = dealRowsBody([{ ...row, projectId: 168, href: null }]);
    expect(html).toContain(`<span class="kept-name" title="${name}">${name}</span>`);
  });
});
