import { afterAll, beforeAll, describe, it } from "vitest";
import { createTestDatabase } from "../../tests/support/db";
import { expectPastLastShowsLast } from "../../tests/support/paging";
import { projects } from "~/.server/db/schema";
import { makeUser } from "~/seed/factories";
import { listSellerDraftPage, listSellerProjectPage } from "./projects.server";

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => void (t = await createTestDatabase()));
afterAll(() => t.cleanup());

/** The query string's page, as the seller's list pages read it. */
const pageIn = (query: string) => Number(new URLSearchParams(query).get("page") ?? 1);

describe("a seller's lists opened past their last page", () => {
  it("show the last page of their projects and of their drafts, not an empty list over a count", async () => {
    const seller = await makeUser(t.db, { roles: ["ROLE_SELLER"] });
    const made = (status: "published" | "draft", n: number) =>
      Array.from({ length: n }, (_, i) => ({ sellerId: seller.id, kind: "insurance_loan" as const, status, projectName: `${status} ${i}`, publishedAt: status === "published" ? new Date(Date.UTC(2026, 0, i + 1)) : null }));
    // a page is 25 at least (pageSizeOf): thirty of each is two pages
    await t.db.insert(projects).values([...made("published", 30), ...made("draft", 30)]);
    await expectPastLastShowsLast((query) => listSellerProjectPage(t.db, seller.id, { page: pageIn(query) }), "x=1");
    await expectPastLastShowsLast((query) => listSellerDraftPage(t.db, seller.id, { page: pageIn(query) }), "x=1");
  });
});
