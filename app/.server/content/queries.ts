/**
 * Every content read is one of these GROQ queries. The same text goes to Sanity's
 * API when a project is configured and to groq-js over the seed dataset otherwise.
 * `types` names the document types a query reads, so a webhook can purge it.
 */
export type ContentQuery = { name: string; groq: string; types: readonly string[] };

const portableText = `{..., _type == "image" => {..., "url": asset->url, "dimensions": asset->metadata.dimensions}}`;

export const QUERIES = {
  siteSettings: {
    name: "siteSettings",
    groq: `*[_type == "siteSettings" && _id == "siteSettings"][0]{hero, homeSections, contactEmail, footerLinks}`,
    types: ["siteSettings"],
  },
  pageBySlug: {
    name: "pageBySlug",
    groq: `*[_type == "page" && slug.current == $slug][0]{_id, title, "slug": slug.current, seoDescription, body[]${portableText}}`,
    types: ["page"],
  },
  openJobs: {
    name: "openJobs",
    groq: `*[_type == "jobPosting" && status == "open"] | order(publishedAt desc){_id, title, "slug": slug.current, department, location, employmentType, publishedAt, status}`,
    types: ["jobPosting"],
  },
  jobBySlug: {
    name: "jobBySlug",
    groq: `*[_type == "jobPosting" && slug.current == $slug][0]{_id, title, "slug": slug.current, department, location, employmentType, publishedAt, status, howToApply, seoDescription, description[]${portableText}}`,
    types: ["jobPosting"],
  },
  sitemap: {
    name: "sitemap",
    groq: `{"pages": *[_type == "page"]{"slug": slug.current, "updatedAt": _updatedAt}, "jobs": *[_type == "jobPosting" && status == "open"]{"slug": slug.current, "updatedAt": coalesce(_updatedAt, publishedAt)}}`,
    types: ["page", "jobPosting"],
  },
  constantLists: {
    name: "constantLists",
    groq: `*[_type == "constantList"]{key, title, items[]{value, label, icon}}`,
    types: ["constantList"],
  },
} as const satisfies Record<string, ContentQuery>;
