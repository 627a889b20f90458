import { describe, expect, it } from "vitest";
import { SEED_DOCUMENTS } from "../../cms/seed/documents";
import { ContentService } from "~/.server/content";
import { localContentSource } from "~/.server/content/sources";
import { meta as homeMeta } from "~/routes/_public._index";
import { meta as contactMeta } from "~/routes/_public.contact-us/route";
import { meta as jobMeta } from "~/routes/_public.jobs.$slug/route";
import { meta as jobsMeta } from "~/routes/_public.jobs._index/route";
import { meta as termsMeta } from "~/routes/_public.terms";
import { jobPostingLd, ldJson, publicMeta, robotsTxt, shortDescription, sitemapUrls, sitemapXml } from "./seo";

const ORIGIN = "https://market.example.com";
const seeded = () => new ContentService(localContentSource(() => SEED_DOCUMENTS));
type Doc = { _id: string; _type: string; slug?: { current: string }; status?: string };
const published = (SEED_DOCUMENTS as Doc[]).filter((d) => !d._id.startsWith("drafts."));

describe("the sitemap", () => {
  it("lists the public pages, the CMS's public pages and every open job of the dataset, and nothing else", async () => {
    const xml = sitemapXml(ORIGIN, sitemapUrls(await seeded().sitemap()));
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const openJobs = published.filter((d) => d._type === "jobPosting" && d.status === "open").map((d) => `${ORIGIN}/jobs/${d.slug!.current}`);
    expect(openJobs.length).toBeGreaterThan(0);
    expect(locs.sort()).toEqual(
      [
        ...["/", "/jobs", "/contact-us", "/join", "/signin", "/terms", "/privacy", "/broker-affiliate"].map((p) => ORIGIN + p),
        ...openJobs,
      ].sort(),
    );
    // a closed job or a draft keeps its page for old links but is not offered to crawlers
    const closed = published.filter((d) => d._type === "jobPosting" && d.status !== "open");
    for (const job of closed) expect(xml).not.toContain(`/jobs/${job.slug!.current}<`);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  });

  it("escapes what XML would read as markup", () => {
    expect(sitemapXml(ORIGIN, [{ path: "/a&b", updatedAt: "2026-03-04T10:00:00Z" }])).toContain("<loc>https://market.example.com/a&amp;b</loc><lastmod>2026-03-04</lastmod>");
  });
});

it("robots.txt keeps crawlers out of members' pages and names the sitemap", () => {
  const txt = robotsTxt(ORIGIN);
  expect(txt).toContain("Disallow: /admin\n");
  expect(txt).toContain("Disallow: /buyers\n");
  expect(txt).not.toContain("Disallow: /jobs");
  expect(txt).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
});

describe("JobPosting structured data", () => {
  it("has every field Google's job search requires, for each job of the dataset", async () => {
    const content = seeded();
    const jobs = await content.openJobs();
    for (const summary of jobs) {
      const job = (await content.job(summary.slug))!;
      const ld = jobPostingLd(job, ORIGIN) as Record<string, unknown>;
      expect(ld["@context"]).toBe("https://schema.org/");
      expect(ld["@type"]).toBe("JobPosting");
      expect(ld.title).toBe(job.title);
      expect(ld.description).toMatch(/^<(p|h3|ul|ol)>.+<\/(p|h3|ul|ol)>$/s);
      expect(Number.isNaN(Date.parse(String(ld.datePosted)))).toBe(false);
      expect(ld.hiringOrganization).toMatchObject({ "@type": "Organization", name: "Secondary Marketplace", sameAs: ORIGIN });
      // a place with a country, or a remote job with where its applicants may live
      if (ld.jobLocationType) {
        expect(ld).toMatchObject({ jobLocationType: "TELECOMMUTE", applicantLocationRequirements: { "@type": "Country" } });
      } else {
        expect(ld.jobLocation).toMatchObject({ "@type": "Place", address: { "@type": "PostalAddress", addressCountry: "US" } });
        expect((ld.jobLocation as { address: { addressLocality: string } }).address.addressLocality).toBeTruthy();
      }
      expect(["FULL_TIME", "PART_TIME", "CONTRACTOR", "INTERN"]).toContain(ld.employmentType);
    }
  });

  it("reads a city and state as a US address and a remote job as telecommuting", () => {
    const base = { title: "Analyst", slug: "analyst", employmentType: "Full-time", publishedAt: "2026-05-01", description: [] };
    expect(jobPostingLd({ ...base, location: "Chicago, IL" }, ORIGIN)).toMatchObject({
      jobLocation: { address: { addressLocality: "Chicago", addressRegion: "IL", addressCountry: "US" } },
    });
    expect(jobPostingLd({ ...base, location: "Remote (US)" }, ORIGIN)).toMatchObject({ jobLocationType: "TELECOMMUTE" });
  });

  it("keeps the text's headings and lists in its HTML description, each text escaped", () => {
    const block = (text: string, more: Record<string, string> = {}) => ({ _type: "block", children: [{ text }], ...more });
    const ld = jobPostingLd(
      {
        title: "Analyst", slug: "analyst", location: "Chicago, IL", employmentType: "Full-time", publishedAt: "2026-05-01",
        description: [block("About us"), block("What you will do", { style: "h2" }), block("Price <pools>", { listItem: "bullet" }), block("Write memos", { listItem: "bullet" }), block("Step one", { listItem: "number" }), block("Thanks.")],
      },
      ORIGIN,
    ) as { description: string };
    expect(ld.description).toBe("<p>About us</p><h3>What you will do</h3><ul><li>Price &lt;pools&gt;</li><li>Write memos</li></ul><ol><li>Step one</li></ol><p>Thanks.</p>");
  });

  it("cannot close its script element early", () => {
    expect(ldJson({ title: "</script><script>alert(1)</script>" })).not.toContain("</script>");
  });
});

describe("a public page's head", () => {
  const args = { location: { pathname: "/jobs" }, matches: [{ id: "root", data: { origin: ORIGIN } }] };

  it("has the canonical URL on the public origin and the Open Graph tags", () => {
    const meta = publicMeta(args, { path: "/jobs", title: "Jobs", description: "Open positions." });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/jobs` });
    expect(meta).toContainEqual({ property: "og:url", content: `${ORIGIN}/jobs` });
    expect(meta).toContainEqual({ name: "description", content: "Open positions." });
    expect(meta).toContainEqual({ title: "Jobs - Secondary Marketplace" });
  });

  it("falls back to the site's description and cuts a long one at a word", () => {
    expect(publicMeta(args, { path: "/jobs", title: "Jobs" })).toContainEqual({ name: "description", content: expect.stringContaining("secondary marketplace") });
    const long = shortDescription("word ".repeat(100));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/word…$/);
  });

  it("names the page's own address canonical, whatever form of it was asked for", async () => {
    const canonicalOf = (meta: unknown) =>
      (meta as Array<Record<string, string>>).find((tag) => tag.rel === "canonical")?.href;
    const at = (pathname: string, data: unknown) => ({ ...args, location: { pathname }, data, params: {} }) as never;
    const job = (await seeded().job("credit-analyst"))!;
    const page = { title: "Terms of use", description: "Terms.", html: "" };
    // a trailing slash, another case and an encoded letter reach the same route and the same content
    expect(canonicalOf(jobsMeta(at("/JOBS/", {})))).toBe(`${ORIGIN}/jobs`);
    expect(canonicalOf(jobMeta(at("/jobs/credit%2Danalyst/", { job })))).toBe(`${ORIGIN}/jobs/credit-analyst`);
    expect(canonicalOf(termsMeta(at("/Terms/", { page })))).toBe(`${ORIGIN}/terms`);
    expect(canonicalOf(homeMeta(at("/", { settings: null })))).toBe(`${ORIGIN}/`);
    expect(canonicalOf(contactMeta(at("/contact-us/", {})))).toBe(`${ORIGIN}/contact-us`);
  });

  it("keeps a closed position's page for old links, and out of search engines' indexes", async () => {
    const at = (data: unknown) => ({ ...args, location: { pathname: "/jobs/x" }, data, params: {} }) as never;
    const robots = (meta: unknown) => (meta as Array<Record<string, string>>).find((tag) => tag.name === "robots")?.content;
    const job = (await seeded().job("credit-analyst"))!;
    expect(robots(jobMeta(at({ job })))).toBeUndefined();
    expect(robots(jobMeta(at({ job: { ...job, status: "closed" } })))).toBe("noindex");
  });
});
