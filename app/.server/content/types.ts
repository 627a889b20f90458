import * as z from "zod";
import { once } from "~/lib/once";

/** What the site needs of each document; anything else a document holds is ignored. */
export const constantItemSchema = once(() => z.object({
  value: z.string().min(1),
  label: z.string().min(1),
  icon: z.string().nullish().transform((v) => v ?? undefined),
}));
export const constantListSchema = once(() => z.object({
  key: z.string().min(1),
  title: z.string(),
  items: z.array(constantItemSchema()),
}));

/** Portable Text is passed through as it is; its renderer drops what it does not know. */
export const portableTextSchema = once(() => z.array(z.object({ _type: z.string(), _key: z.string().optional() }).passthrough()));

export const pageSchema = once(() => z.object({
  _id: z.string(),
  title: z.string().min(1),
  slug: z.string().min(1),
  seoDescription: z.string().nullish(),
  body: portableTextSchema().nullish().transform((v) => v ?? []),
}));

export const jobSummarySchema = once(() => z.object({
  _id: z.string(),
  title: z.string().min(1),
  slug: z.string().min(1),
  department: z.string(),
  location: z.string(),
  employmentType: z.string(),
  publishedAt: z.string(),
  status: z.enum(["open", "closed"]),
}));
export const jobSchema = once(() => jobSummarySchema().extend({
  howToApply: z.string(),
  seoDescription: z.string().nullish(),
  description: portableTextSchema().nullish().transform((v) => v ?? []),
}));

export const siteSettingsSchema = once(() => z.object({
  hero: z.object({ title: z.string(), text: z.string() }),
  homeSections: z.array(z.object({ heading: z.string(), text: z.string() })).nullish().transform((v) => v ?? []),
  contactEmail: z.string(),
  footerLinks: z.array(z.object({ label: z.string(), href: z.string() })).nullish().transform((v) => v ?? []),
}));

const sitemapEntrySchema = once(() => z.object({ slug: z.string().min(1), updatedAt: z.string().nullish() }));
export const sitemapSchema = once(() => z.object({
  pages: z.array(sitemapEntrySchema()).nullish().transform((v) => v ?? []),
  jobs: z.array(sitemapEntrySchema()).nullish().transform((v) => v ?? []),
}));

export type ConstantItem = z.infer<ReturnType<typeof constantItemSchema>>;
export type ConstantList = z.infer<ReturnType<typeof constantListSchema>>;
export type Page = z.infer<ReturnType<typeof pageSchema>>;
export type JobSummary = z.infer<ReturnType<typeof jobSummarySchema>>;
export type Job = z.infer<ReturnType<typeof jobSchema>>;
export type SiteSettings = z.infer<ReturnType<typeof siteSettingsSchema>>;
export type SitemapContent = z.infer<ReturnType<typeof sitemapSchema>>;
export type PortableTextBlocks = z.infer<ReturnType<typeof portableTextSchema>>;
