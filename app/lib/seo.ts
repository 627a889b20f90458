import { pageTitle, SITE_NAME } from "./meta";

/** What search results show when a page has no description of its own. */
export const DEFAULT_DESCRIPTION =
  "A secondary marketplace for private credit and illiquid assets: loan pools, real estate, insurance-backed loans and companies, from NDA to offer.";

/** Search engines show about 160 characters of a description. */
const DESCRIPTION_LENGTH = 160;

/** The CMS pages that are public pages of the site, by slug (the referral program is a member page). */
export const PUBLIC_CONTENT_PATHS: Readonly<Record<string, string>> = {
  terms: "/terms",
  privacy: "/privacy",
  "broker-affiliate": "/broker-affiliate",
};

/** Public pages that are not CMS documents. */
export const PUBLIC_PATHS = ["/", "/jobs", "/contact-us", "/join", "/signin"] as const;

/** Paths a crawler has no business in: members' pages, tokens in links, APIs. */
const DISALLOWED = ["/admin", "/sellers", "/buyers", "/brokers", "/projects", "/messages", "/preferences", "/profile", "/home", "/on-board", "/realestate", "/uobs", "/unsubscribe", "/nda-feedback", "/api"];

type Block = { _type: string; children?: Array<{ text?: string }> };

/** The text of Portable Text blocks, one string per paragraph (images and unknown blocks dropped). */
export function paragraphsOf(blocks: ReadonlyArray<{ _type: string }>): string[] {
  return (blocks as Block[])
    .filter((b) => b._type === "block")
    .map((b) => (b.children ?? []).map((c) => c.text ?? "").join("").trim())
    .filter(Boolean);
}

/** A description cut at a word to what search results show. */
export function shortDescription(text: string | null | undefined, fallback = DEFAULT_DESCRIPTION) {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  if (!flat) return fallback;
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), DESCRIPTION_LENGTH / 2))}…`;
}

export function robotsTxt(origin: string) {
  return ["User-agent: *", "Allow: /", ...DISALLOWED.map((path) => `Disallow: ${path}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

export type SitemapUrl = { path: string; updatedAt?: string | null };

/** The public pages, the CMS's public pages and its open jobs (sitemaps.org 0.9). */
export function sitemapUrls(content: { pages: ReadonlyArray<{ slug: string; updatedAt?: string | null }>; jobs: ReadonlyArray<{ slug: string; updatedAt?: string | null }> }): SitemapUrl[] {
  return [
    ...PUBLIC_PATHS.map((path) => ({ path })),
    ...content.pages.flatMap((p) => (PUBLIC_CONTENT_PATHS[p.slug] ? [{ path: PUBLIC_CONTENT_PATHS[p.slug]!, updatedAt: p.updatedAt }] : [])),
    ...content.jobs.map((j) => ({ path: `/jobs/${encodeURIComponent(j.slug)}`, updatedAt: j.updatedAt })),
  ];
}

export function sitemapXml(origin: string, urls: readonly SitemapUrl[]) {
  const entries = urls.map(({ path, updatedAt }) => {
    const day = updatedAt && !Number.isNaN(Date.parse(updatedAt)) ? new Date(updatedAt).toISOString().slice(0, 10) : null;
    return `  <url><loc>${escapeXml(origin + path)}</loc>${day ? `<lastmod>${day}</lastmod>` : ""}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
}

const EMPLOYMENT_TYPES: Readonly<Record<string, string>> = {
  "Full-time": "FULL_TIME",
  "Part-time": "PART_TIME",
  Contract: "CONTRACTOR",
  Internship: "INTERN",
};

const escapeHtml = (text: string) => text.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]!);

type JobForLd = {
  title: string;
  slug: string;
  location: string;
  employmentType: string;
  publishedAt: string;
  description: ReadonlyArray<{ _type: string }>;
};

/**
 * schema.org JobPosting for Google's job search: its required fields (title,
 * description as HTML, datePosted, hiringOrganization, and jobLocation, or for a
 * remote job jobLocationType with applicantLocationRequirements) and the
 * recommended employmentType. "City, ST" is a US address; "Remote (US)" is telecommuting.
 */
export function jobPostingLd(job: JobForLd, origin: string) {
  const remote = /remote/i.test(job.location);
  const [city, region] = job.location.split(",").map((part) => part.trim());
  return {
    "@context": "https://schema.org/",
    "@type": "JobPosting",
    title: job.title,
    description: descriptionHtml(job.description) || `<p>${escapeHtml(job.title)}</p>`,
    datePosted: job.publishedAt,
    url: `${origin}/jobs/${encodeURIComponent(job.slug)}`,
    hiringOrganization: { "@type": "Organization", name: SITE_NAME, sameAs: origin },
    ...(EMPLOYMENT_TYPES[job.employmentType] ? { employmentType: EMPLOYMENT_TYPES[job.employmentType] } : {}),
    ...(remote
      ? { jobLocationType: "TELECOMMUTE", applicantLocationRequirements: { "@type": "Country", name: "US" } }
      : {
          jobLocation: {
            "@type": "Place",
            address: { "@type": "PostalAddress", addressLocality: city, ...(region ? { addressRegion: region } : {}), addressCountry: "US" },
          },
        }),
  };
}

type TextBlock = Block & { style?: string; listItem?: string };

/**
 * A job's text as the HTML Google's job search reads: paragraphs, headings (as h3, under the page's own) and
 * lists kept; flattened to paragraphs, a list of requirements read as one run of sentences.
 */
function descriptionHtml(blocks: ReadonlyArray<{ _type: string }>) {
  let html = "";
  let list: string | null = null;
  for (const block of blocks as TextBlock[]) {
    if (block._type !== "block") continue;
    const text = escapeHtml((block.children ?? []).map((c) => c.text ?? "").join("").trim());
    if (!text) continue;
    const tag = block.listItem === "number" ? "ol" : block.listItem ? "ul" : null;
    if (list !== tag) {
      if (list) html += `</${list}>`;
      if (tag) html += `<${tag}>`;
      list = tag;
    }
    html += tag ? `<li>${text}</li>` : /^h[1-6]$/.test(block.style ?? "") ? `<h3>${text}</h3>` : `<p>${text}</p>`;
  }
  return list ? `${html}</${list}>` : html;
}

/** JSON for a <script type="application/ld+json">: a "</script>" inside a value must not end the element. */
export const ldJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

type MetaArgs = { matches: ReadonlyArray<{ id: string; data?: unknown }> };

/**
 * A public page's head: title, description, the canonical URL on APP_URL (never the
 * Host a request came with) and the Open Graph tags that link previews read.
 * The canonical path is the page's own, never the address it was asked at: routes match
 * "/jobs/", "/JOBS" and "/jobs/credit%2Danalyst" too, and each naming itself canonical
 * would make duplicates of one page for search engines.
 */
export function publicMeta(
  args: MetaArgs,
  { title, description, type = "website", path }: { title: string; description?: string | null; type?: "website" | "article"; path: string },
) {
  const origin = (args.matches.find((m) => m.id === "root")?.data as { origin?: string } | undefined)?.origin ?? "";
  const url = origin + path;
  const text = shortDescription(description);
  return [
    { title: pageTitle(title) },
    { name: "description", content: text },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: text },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
  ];
}
