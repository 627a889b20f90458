import { defineField, defineType } from "sanity";
import { uniqueSlugRule } from "./unique-slug";

export const jobPosting = defineType({
  name: "jobPosting",
  title: "Job posting",
  type: "document",
  fields: [
    defineField({ name: "title", type: "string", validation: (r) => r.required() }),
    defineField({ name: "slug", type: "slug", options: { source: "title" }, validation: uniqueSlugRule }),
    defineField({ name: "department", type: "string", validation: (r) => r.required() }),
    defineField({ name: "location", type: "string", validation: (r) => r.required() }),
    defineField({
      name: "employmentType",
      title: "Employment type",
      type: "string",
      options: { list: ["Full-time", "Part-time", "Contract", "Internship"] },
      validation: (r) => r.required(),
    }),
    defineField({ name: "description", type: "richText", validation: (r) => r.required() }),
    defineField({
      name: "seoDescription",
      title: "SEO description",
      type: "text",
      rows: 3,
      description: "One or two sentences for search results; the start of the description when empty.",
      validation: (r) => r.max(160).warning("Search engines show about 160 characters."),
    }),
    defineField({
      name: "howToApply",
      title: "How to apply (e-mail address or URL)",
      type: "string",
      validation: (r) =>
        r.required().custom((value) =>
          typeof value === "string" && (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) || /^https?:\/\//.test(value))
            ? true
            : "An e-mail address or an http(s) URL",
        ),
    }),
    defineField({ name: "publishedAt", title: "Published", type: "date", validation: (r) => r.required() }),
    defineField({
      name: "status",
      type: "string",
      options: { list: ["open", "closed"], layout: "radio" },
      initialValue: "open",
      validation: (r) => r.required(),
    }),
  ],
  preview: { select: { title: "title", subtitle: "status" } },
});
