import * as z from "zod";

/** What the site needs of each document; anything else a document holds is ignored. */
export const constantItemSchema = z.object({
  value: z.string().min(1),
  label: z.string().min(1),
  icon: z.string().nullish().transform((v) => v ?? undefined),
});
export const constantListSchema = z.object({
  key: z.string().min(1),
  title: z.string(),
  items: z.array(constantItemSchema),
});

/** Portable Text is passed through as it is; its renderer drops what it does not know. */
export const portableTextSchema = z.array(z.object({ _type: z.string(), _key: z.string().optional() }).passthrough());

export const pageSchema = z.object({
  _id: z.string(),
  title: z.string().min(1),
  slug: z.string().min(1),
  seoDescription: z.string().nullish(),
  body: portableTextSchema.nullish().transform((v) => v ?? []),
});

export const jobSummarySchema = z.object({
  _id: z.string(),
  title: z.string().min(1),
  slug: z.string().min(1),
  department: z.string(),
  location: z.string(),
  employmentType: z.string(),
  publishedAt: z.string(),
  status: z.enum(["open", "closed"]),
});
export const jobSchema = jobSummarySchema.extend({
  howToApply: z.string(),
  seoDescription: z.string().nullish(),
  description: portableTextSchema.nullish().transform((v) => v ?? []),
});

export const siteSettingsSchema = z.object({
  hero: z.object({ title: z.string(), text: z.string() }),
  homeSections: z.array(z.object({ heading: z.string(), text: z.string() })).nullish().transform((v) => v ?? []),
  contactEmail: z.string(),
  footerLinks: z.array(z.object({ label: z.string(), href: z.string() })).nullish().transform((v) => v ?? []),
});

const sitemapEntrySchema = z.object({ slug: z.string().min(1), updatedAt: z.string().nullish() });
export const sitemapSchema = z.object({
  pages: z.array(sitemapEntrySchema).nullish().transform((v) => v ?? []),
  jobs: z.array(sitemapEntrySchema).nullish().transform((v) => v ?? []),
});

export type ConstantItem = z.infer<typeof constantItemSchema>;
export type ConstantList = z.infer<typeof constantListSchema>;
export type Page = z.infer<typeof pageSchema>;
export type JobSummary = z.infer<typeof jobSummarySchema>;
export type Job = z.infer<typeof jobSchema>;
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SitemapContent = z.infer<typeof sitemapSchema>;
export type PortableTextBlocks = z.infer<typeof portableTextSchema>;
