import { defineConfig } from "sanity";
import { structureTool } from "sanity/structure";
import { visionTool } from "@sanity/vision";
import { schemaTypes } from "./schemaTypes";

/** Where "Open on site" sends an editor: the marketplace's preview switch, then the page. */
const SITE_URL = process.env.SANITY_STUDIO_SITE_URL || "http://localhost:3000";
const PREVIEW_SECRET = process.env.SANITY_STUDIO_PREVIEW_SECRET || "";

function pathFor(doc: { _type?: string; slug?: { current?: string } }) {
  const slug = doc.slug?.current;
  if (doc._type === "jobPosting" && slug) return `/jobs/${slug}`;
  if (doc._type === "page" && slug) return slug === "referral-program" ? "/buyers/terms/referral-program" : `/${slug}`;
  return "/";
}

export default defineConfig({
  name: "default",
  title: "Secondary Marketplace",
  projectId: process.env.SANITY_STUDIO_PROJECT_ID || "marketplace",
  dataset: process.env.SANITY_STUDIO_DATASET || "production",
  plugins: [structureTool(), visionTool()],
  schema: { types: schemaTypes },
  document: {
    productionUrl: async (prev, { document }) => {
      const path = pathFor(document as never);
      const params = new URLSearchParams({ redirect: path, ...(PREVIEW_SECRET ? { secret: PREVIEW_SECRET } : {}) });
      return `${SITE_URL}/api/cms/preview?${params}`;
    },
  },
});
