import { defineField, defineType } from "sanity";
import { uniqueSlugRule } from "./unique-slug";

export const page = defineType({
  name: "page",
  title: "Page",
  type: "document",
  fields: [
    defineField({ name: "title", type: "string", validation: (r) => r.required() }),
    defineField({
      name: "slug",
      type: "slug",
      options: { source: "title", maxLength: 96 },
      validation: uniqueSlugRule,
    }),
    defineField({ name: "body", type: "richText", validation: (r) => r.required() }),
    defineField({
      name: "seoDescription",
      title: "SEO description",
      type: "text",
      rows: 3,
      validation: (r) => r.max(160).warning("Search engines show about 160 characters."),
    }),
  ],
  preview: { select: { title: "title", subtitle: "slug.current" } },
});
