import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { afterAll, describe, expect, it, vi } from "vitest";
import { bootApp, getRequest, responseOf, sent } from "../../../tests/support/app";

/** "My deals" as its loader answers and as the page shows it, on the demo market. */
const app = await bootApp("route-deals");
const { default: DealsPage, loader } = await import("./route");
const { makeUser } = await import("~/seed/factories");
const { requestNda } = await import("~/models/contracts.server");
const { offerParties, submitOffer } = await import("~/models/offers.server");
const { recordView } = await import("~/models/project-looks.server");
const { context, services, deal } = app;

const seller = await app.member("seller@demo.test");
const broker = await app.member("broker@demo.test");
const listings = await app.publishedProjects(seller.user.id);
// one buyer with a deal at each stage on four listings (made below)
const buyer = await makeUser(services.db, { roles: ["ROLE_BUYER"], name: "Dee Deals", company: "Stage Capital" });
const buyerCookie = await app.cookieFor(buyer);
// and one who has done nothing yet
const freshCookie = await app.cookieFor(await makeUser(services.db, { roles: ["ROLE_BUYER"] }));
const [viewed, requested, approved, offered, brokered] = listings;
afterAll(() => app.cleanup());

const terms = { price: 9_000_000, structure: "All cash", conditions: "", dueDiligenceDays: 30, expiresOn: "2099-01-01" };
await recordView(services.db, { userId: buyer.id, projectId: viewed!.id });
await requestNda(deal, requested!, buyer);
await app.approvedNda(approved!, buyer);
await app.approvedNda(offered!, buyer);
if (typeof (await submitOffer(deal, await offerParties(services.db, offered!, buyer), terms)) === "string") throw new Error("offer refused");
// another buyer's deal on one of the same listings is not this buyer's
await requestNda(deal, viewed!, (await app.member("multi@demo.test")).user);

const deals = (url: string, cookie: string) => sent(loader({ request: getRequest(url, cookie), context, params: {} }));

describe("deals loader", () => {
  it("has nothing for a buyer who has done nothing yet", async () => {
    expect(await (await deals("/buyers/myprojects/index_new", freshCookie)).json()).toEqual({ chart: null, stages: [], pageSize: 25 });
  });

  it("lists the buyer's own deals at their stage, linking to the workspace only after an approved NDA", async () => {
    const { byProject, answer } = await dealRowsOf("/buyers/myprojects/index_new", buyerCookie);
    expect([...byProject.keys()].sort((a, b) => a - b)).toEqual([viewed!.id, requested!.id, approved!.id, offered!.id].sort((a, b) => a - b));
    expect(byProject.get(viewed!.id)).toEqual({ stage: "viewed", cells: [viewed!.projectName, "—", "—"], href: `/projects/more-details/${viewed!.id}` });
    expect(byProject.get(requested!.id)).toEqual({ stage: "nda_requested", cells: [requested!.projectName, "Requested", "—"], href: `/projects/more-details/${requested!.id}` });
    expect(byProject.get(approved!.id)).toEqual({ stage: "nda_approved", cells: [approved!.projectName, "NDA Approved", "—"], href: `/buyers/myprojects/${approved!.id}` });
    expect(byProject.get(offered!.id)).toEqual({ stage: "offered", cells: [offered!.projectName, "NDA Approved", "Awaiting the seller"], href: `/buyers/myprojects/${offered!.id}` });
    // the answer carries what the rows show, drawn once: not the buyer's own name or company
    for (const own of [buyer.name, buyer.company!]) expect(answer).not.toContain(own);
  });

  it("is the brokers' page at /brokers/myprojects/index_new, their workspaces under /brokers", async () => {
    await app.approvedNda(brokered!, broker.user);
    const { byProject } = await dealRowsOf("/brokers/myprojects/index_new", broker.cookie);
    expect(byProject.get(brokered!.id)).toMatchObject({ stage: "nda_approved", href: `/brokers/myprojects/${brokered!.id}` });
    expect((await responseOf(deals("/brokers/myprojects/index_new", buyerCookie))).status).toBe(404);
    expect((await responseOf(deals("/buyers/myprojects/index_new", broker.cookie))).status).toBe(404);
  });
});

/** What a member sees: the real page component, rendered by Remix's test stub with what the loader answered. */
async function renderDeals(url: string, cookie: string) {
  const answer = await (await deals(url, cookie)).text();
  const data = JSON.parse(answer);
  const RemixStub = createRemixStub([{ id: "deals", path: url.split("?")[0], Component: DealsPage }]);
  // the router's useLayoutEffect warns when rendered to a string; anything else still shows
  const quiet = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) process.stderr.write(`${args.join(" ")}\n`);
  });
  let html: string;
  try {
    html = renderToString(<RemixStub initialEntries={[url]} hydrationData={{ loaderData: { deals: data } }} />);
  } finally {
    quiet.mockRestore();
  }
  // server-drawn rows write a dash as a character reference (a one-byte page: static-html.server.ts)
  const text = (s: string) => s.replace(/<[^>]+>/g, "").replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code))).replace(/&amp;/g, "&").replace(/&#x27;/g, "'").replace(/&quot;/g, '"').trim();
  return {
    answer,
    html,
    text,
    headings: [...html.matchAll(/<h2[^>]*>([\s\S]*?)<\/h2>/g)].map((m) => text(m[1]!)),
    links: [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => [text(m[2]!), m[1]]),
    /** The deal tables' rows as their cells read: project, NDA, offer (dates left out); the chart's hidden table has one cell a row. */
    rows: [...html.matchAll(/<tr(?: [^>]*)?>([\s\S]*?)<\/tr>/g)]
      .map((m) => [...m[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => text(c[1]!)).slice(0, 3))
      .filter((cells) => cells.length > 1),
  };
}

/** Each deal's row as the page shows it, by project: its stage's section, its cells (project, NDA, offer) and where its name links. */
async function dealRowsOf(url: string, cookie: string) {
  const page = await renderDeals(url, cookie);
  const byProject = new Map<number, { stage: string; cells: string[]; href: string | null }>();
  for (const section of page.html.split('data-testid="stage-').slice(1)) {
    const stage = section.slice(0, section.indexOf('"'));
    for (const row of section.matchAll(/<tr data-project-id="(\d+)">([\s\S]*?)<\/tr>/g)) {
      const cells = [...row[2]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]!);
      byProject.set(Number(row[1]), { stage, cells: cells.slice(0, 3).map(page.text), href: cells[0]!.match(/href="([^"]*)"/)?.[1] ?? null });
    }
  }
  return { ...page, byProject };
}

describe("deals page", () => {
  it("shows one section per stage reached, furthest first, each project linking where the member may go", async () => {
    const page = await renderDeals("/buyers/myprojects/index_new", buyerCookie);
    expect(page.headings).toEqual(["Offered (1)", "NDA approved (1)", "NDA requested (1)", "Viewed (1)"]);
    expect(page.links).toEqual(
      expect.arrayContaining([
        [offered!.projectName, `/buyers/myprojects/${offered!.id}`],
        [approved!.projectName, `/buyers/myprojects/${approved!.id}`],
        [requested!.projectName, `/projects/more-details/${requested!.id}`],
        [viewed!.projectName, `/projects/more-details/${viewed!.id}`],
      ]),
    );
    expect(page.rows).toEqual([
      [offered!.projectName, "NDA Approved", "Awaiting the seller"],
      [approved!.projectName, "NDA Approved", "—"],
      [requested!.projectName, "Requested", "—"],
      [viewed!.projectName, "—", "—"],
    ]);
    expect(page.html).not.toContain("No deals yet");
  });

  it("charts how far each deal got, newest activity first, with the same in a table for screen readers", async () => {
    const page = await renderDeals("/buyers/myprojects/index_new", buyerCookie);
    expect(page.html).toContain('<title id="chart-deal-stages-title">Deal stages</title>');
    const columns = [...page.html.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]);
    expect(columns).toEqual(expect.arrayContaining(["Viewed", "NDA signed", "Approved", "Offer", "Accepted"]));
    const furthest = [...page.html.matchAll(/<tr><th scope="row">([^<]+)<\/th><td>([^<]+)<\/td><\/tr>/g)].map((m) => [page.text(m[1]!), m[2]] as const);
    expect(new Map(furthest)).toEqual(
      new Map([[offered!.projectName, "Offer"], [approved!.projectName, "Approved"], [requested!.projectName, "Viewed"], [viewed!.projectName, "Viewed"]]),
    );
  });

  it("pages a stage of many deals 25 at a time, the stage's name in the query, the other stages as they were", async () => {
    const looker = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    for (const project of listings.slice(0, 27)) await recordView(services.db, { userId: looker.id, projectId: project.id });
    await requestNda(deal, listings[27]!, looker);
    const cookie = await app.cookieFor(looker);
    const first = await renderDeals("/buyers/myprojects/index_new", cookie);
    expect(first.headings).toEqual(["NDA requested (1)", "Viewed (27)"]);
    expect(first.rows).toHaveLength(1 + 25);
    expect(first.text(first.html)).toContain("25 of 27 deals");
    expect(first.links).toContainEqual(["Next", "/buyers/myprojects/index_new?viewed=2"]);
    const second = await renderDeals("/buyers/myprojects/index_new?viewed=2", cookie);
    expect(second.rows.map((r) => r[0])).toEqual([listings[27]!.projectName, ...second.rows.slice(1).map((r) => r[0])]);
    expect(second.rows).toHaveLength(1 + 2);
    // every viewed project on one page or the other, none twice
    const viewedNames = [...first.rows.slice(1), ...second.rows.slice(1)].map((r) => r[0]).sort();
    expect(viewedNames).toEqual(listings.slice(0, 27).map((p) => p.projectName).sort());
    // past the end: the last page
    expect((await renderDeals("/buyers/myprojects/index_new?viewed=9", cookie)).rows).toHaveLength(1 + 2);
  });

  it("tells a member without deals how to start one", async () => {
    const page = await renderDeals("/buyers/myprojects/index_new", freshCookie);
    expect(page.headings).toEqual([]);
    expect(page.html).toContain("No deals yet: open a project from the search and sign its NDA to start one.");
  });
});

describe("deals the marketplace closed", () => {
  it("shows an NDA request closed by a withdrawal and an offer closed by another's acceptance as closed, with why, and a seller's rejection as rejected", async () => {
    const { projects } = await import("~/.server/db/schema");
    const { withdrawProject } = await import("~/models/project-withdrawal.server");
    const { actOnOffer } = await import("~/models/offers.server");
    const listing = async (projectName: string) =>
      (await services.db.insert(projects).values({ sellerId: seller.user.id, kind: "insurance_loan", status: "published", projectName, publishedAt: new Date() }).returning())[0]!;
    const offerOn = async (project: Awaited<ReturnType<typeof listing>>, who: typeof buyer) => {
      const offer = await submitOffer(deal, await offerParties(services.db, project, who), terms);
      if (typeof offer === "string") throw new Error(offer);
      return offer;
    };
    const [withdrawn, soldElsewhere, turnedDown] = [await listing("Closed by withdrawal"), await listing("Closed by another offer"), await listing("Turned down")];
    const closer = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const rival = await makeUser(services.db, { roles: ["ROLE_BUYER"], name: "Rita Rival", company: "Rival Capital" });
    await requestNda(deal, withdrawn, closer);
    expect(await withdrawProject(deal, { projectId: withdrawn.id, actorId: seller.user.id, sellerId: seller.user.id })).toBe(true);
    await app.approvedNda(soldElsewhere, closer);
    await app.approvedNda(soldElsewhere, rival);
    await offerOn(soldElsewhere, closer);
    const winning = await offerOn(soldElsewhere, rival);
    expect(typeof (await actOnOffer(deal, await offerParties(services.db, soldElsewhere, rival), winning, seller.user, "seller", "accepted"))).not.toBe("string");
    await app.approvedNda(turnedDown, closer);
    const refused = await offerOn(turnedDown, closer);
    expect(typeof (await actOnOffer(deal, await offerParties(services.db, turnedDown, closer), refused, seller.user, "seller", "rejected", { note: "Too low for us." }))).not.toBe("string");

    const cookie = await app.cookieFor(closer);
    const { byProject, answer } = await dealRowsOf("/buyers/myprojects/index_new", cookie);
    expect(byProject.get(withdrawn.id)).toEqual({ stage: "nda_requested", cells: [withdrawn.projectName, "Closed: the listing was withdrawn", "—"], href: null });
    expect(byProject.get(soldElsewhere.id)).toMatchObject({ stage: "offered", cells: [soldElsewhere.projectName, "NDA Approved", "Closed: the seller accepted another offer"] });
    expect(byProject.get(turnedDown.id)).toMatchObject({ stage: "offered", cells: [turnedDown.projectName, "NDA Approved", "Rejected"] });
    // nothing of the seller's or the rival's: no one's name, no seller's note
    for (const secret of ["Rita Rival", "Rival Capital", "Too low for us.", seller.user.name, seller.user.company!]) expect(answer).not.toContain(secret);

    const page = await renderDeals("/buyers/myprojects/index_new", cookie);
    expect(page.rows).toEqual(
      expect.arrayContaining([
        [withdrawn.projectName, "Closed: the listing was withdrawn", "—"],
        [soldElsewhere.projectName, "NDA Approved", "Closed: the seller accepted another offer"],
        [turnedDown.projectName, "NDA Approved", "Rejected"],
      ]),
    );
  });

  it("shows an accepted offer whose deal fell through, and an NDA request on a listing sold meanwhile, as closed with why", async () => {
    const { projects } = await import("~/.server/db/schema");
    const { markProjectSold, reopenProject } = await import("~/models/project-sale.server");
    const { actOnOffer } = await import("~/models/offers.server");
    const listing = async (projectName: string) =>
      (await services.db.insert(projects).values({ sellerId: seller.user.id, kind: "insurance_loan", status: "published", projectName, publishedAt: new Date() }).returning())[0]!;
    const [fellThrough, sold] = [await listing("Fell through"), await listing("Sold meanwhile")];
    const closer = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const winner = await makeUser(services.db, { roles: ["ROLE_BUYER"] });
    const accepted = async (project: typeof fellThrough, who: typeof closer) => {
      await app.approvedNda(project, who);
      const offer = await submitOffer(deal, await offerParties(services.db, project, who), terms);
      if (typeof offer === "string") throw new Error(offer);
      expect(typeof (await actOnOffer(deal, await offerParties(services.db, project, who), offer, seller.user, "seller", "accepted"))).not.toBe("string");
    };
    await accepted(fellThrough, closer);
    expect(await reopenProject(deal, { projectId: fellThrough.id, actorId: seller.user.id, sellerId: seller.user.id })).toBe(true);
    await requestNda(deal, sold, closer);
    await accepted(sold, winner);
    expect(await markProjectSold(deal, { projectId: sold.id, actorId: seller.user.id, sellerId: seller.user.id })).toBe(true);

    const { byProject } = await dealRowsOf("/buyers/myprojects/index_new", await app.cookieFor(closer));
    expect(byProject.get(fellThrough.id)!.cells).toEqual([fellThrough.projectName, "NDA Approved", "Closed: the deal fell through"]);
    expect(byProject.get(sold.id)!.cells).toEqual([sold.projectName, "Closed: the listing was sold", "—"]);
    // a listing back on the market opens; one sold to another is named without a link to its 404, and its buyer's row leads to their workspace
    expect(byProject.get(fellThrough.id)!.href).toBe(`/buyers/myprojects/${fellThrough.id}`);
    expect(byProject.get(sold.id)!.href).toBeNull();
    const theirs = (await dealRowsOf("/buyers/myprojects/index_new", await app.cookieFor(winner))).byProject;
    expect(theirs.get(sold.id)!.href).toBe(`/buyers/myprojects/${sold.id}`);
  });
});
