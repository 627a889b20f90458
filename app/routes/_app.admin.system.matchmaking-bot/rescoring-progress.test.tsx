import { describe, expect, it } from "vitest";
import { serverPage } from "../../../tests/support/server-page";
import { RescoringProgress } from "./rescoring-progress";

describe("the matchmaking page's count of listings left to score again", () => {
  const page = (left: number) => serverPage(() => <RescoringProgress listingsLeft={left} />, "/admin/system/matchmaking-bot", { loaderData: {} });

  it("offers a browser without JavaScript a link to read it again (with scripts it is read again in place)", async () => {
    expect(await page(3)).toMatch(/<noscript> <a href="\/admin\/system\/matchmaking-bot" class="link">Reload<\/a> (<!-- -->)?to see how many are left\.<\/noscript>/);
    expect(await page(0)).not.toContain("Reload");
  });
});
